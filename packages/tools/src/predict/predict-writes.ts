import { slippageOf } from '@svc/store';
import { callerOf, type HandlerContext, withCommitPoint } from '../handler.js';
import { evmNetworkOf } from '../evm/evm-networks.js';
import { vaultEvmSigner } from '../evm/vault-signer.js';
import type { PredictWallet } from '../ports/predict-markets.js';
import { predictMarketsOf } from './predict-venue.js';

const POLYGON = 137;

/** The vault on Polygon, committing the call when the venue reaches its point of no return. */
async function vaultOnPolygon(context: HandlerContext): Promise<PredictWallet> {
  const { accountId } = callerOf(context);
  const [signer, { swapSlippage }] = await Promise.all([
    vaultEvmSigner(context, accountId),
    slippageOf(context.db, accountId),
  ]);
  return {
    signer,
    polygon: () => evmNetworkOf(context, POLYGON),
    commit: async () => context.commit?.(),
    slippagePercent: swapSlippage,
  };
}

/** A market order of `amount` (USD for BUY, shares for SELL) of one outcome token, filled at once or not at all. */
export const placePredictOrder = withCommitPoint(
  async (input: { tokenID: string; side: 'BUY' | 'SELL'; amount: number }, context: HandlerContext) => {
    const venue = predictMarketsOf(context, 'placePredictOrder');
    return venue.placeOrder(input, await vaultOnPolygon(context));
  },
);

/** Redeems the vault's outcome tokens of a resolved market for its collateral (USDC.e) on Polygon. */
export const redeemPredictPosition = withCommitPoint(
  async (input: { conditionId: string }, context: HandlerContext) => {
    const venue = predictMarketsOf(context, 'redeemPredictPosition');
    return venue.redeem(input.conditionId as `0x${string}`, await vaultOnPolygon(context));
  },
);
