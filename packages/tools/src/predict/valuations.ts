import type { HandlerContext } from '../handler.js';
import { movesNothing, type MovedValue, unpriced, valueOf } from '../valuation.js';
import { predictAtomic, PREDICT_DECIMALS } from './predict-amounts.js';
import { predictMarketsOf } from './predict-venue.js';

const COLLATERAL = 'USDC.e on Polygon';

/**
 * A BUY moves its USD amount of collateral out of the vault (a dollar each); a SELL moves outcome shares, valued at
 * what the venue would pay for them now.
 */
export const placePredictOrderValue = async (
  input: { tokenID: string; side: 'BUY' | 'SELL'; amount: number },
  context: HandlerContext,
): Promise<MovedValue> => {
  const atomic = predictAtomic(input.amount);
  if (input.side === 'BUY') return valueOf(atomic, PREDICT_DECIMALS, 1, COLLATERAL);
  const what = `${input.amount} shares of outcome token ${input.tokenID}`;
  try {
    const usd = await predictMarketsOf(context, 'placePredictOrder').sellValueUsd(input.tokenID, input.amount);
    return usd > 0 ? valueOf(atomic, PREDICT_DECIMALS, usd / input.amount, what) : unpriced(`no bid for ${what}`);
  } catch (error) {
    return unpriced(`no USD price for ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
};

/** A redemption turns the vault's outcome tokens into collateral in the same vault: nothing leaves it. */
export const redeemPredictPositionValue = movesNothing;
