import type { ToolByName, ToolInput } from '@svc/contracts';
import type { EvmNetwork } from '@svc/providers';
import type { HandlerContext } from '../../handler.js';
import { type MovedValue, unpriced, valueOf } from '../../valuation.js';
import { planBondingBuy, planBondingSell } from './trade.js';

/** BNB's USD price on BSC (the chain's swap venue), or the reason there is none. */
async function bnbValue(network: EvmNetwork, wei: bigint, what: string): Promise<MovedValue> {
  try {
    return valueOf(wei, 18, await network.priceUsd(null), what);
  } catch (error) {
    return unpriced(`no USD price for BNB: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A buy moves the BNB it spends (fee included). */
export async function bondingBuyValue(
  input: ToolInput<ToolByName<'bscBuyBondingToken'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  const plan = await planBondingBuy(context, input);
  return bnbValue(plan.network, plan.msgValue, `${input.bnbAmount} BNB into ${plan.token}`);
}

/** A sale moves the tokens it sells, worth what the curve pays for them in BNB. */
export async function bondingSellValue(
  input: ToolInput<ToolByName<'bscSellBondingToken'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  const plan = await planBondingSell(context, input);
  return bnbValue(plan.network, plan.funds, `${input.tokenAmount} of ${plan.token} sold for BNB`);
}
