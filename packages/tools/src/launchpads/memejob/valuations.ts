import { HBAR } from '@svc/chains';
import type { ToolByName, ToolInput } from '@svc/contracts';
import type { HandlerContext } from '../../handler.js';
import { hederaOf } from '../../hedera/network-of.js';
import { hederaValueOf } from '../../hedera/valuations.js';
import type { MovedValue } from '../../valuation.js';
import { planMemeBuy, planMemeSell } from './memejob-trade.js';

const HBAR_ASSET = { asset: HBAR, symbol: HBAR };

/** A buy moves the HBAR it spends. */
export async function memeBuyValue(
  input: ToolInput<ToolByName<'hederaLaunchBuyToken'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  const { tinybars } = await planMemeBuy(context, input);
  return hederaValueOf(await hederaOf(context), HBAR_ASSET, tinybars);
}

/** A sale moves the tokens it sells, worth the HBAR the curve pays for them. */
export async function memeSellValue(
  input: ToolInput<ToolByName<'hederaLaunchSellToken'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  const { quoted, network } = await planMemeSell(context, input);
  return hederaValueOf(network, HBAR_ASSET, quoted);
}
