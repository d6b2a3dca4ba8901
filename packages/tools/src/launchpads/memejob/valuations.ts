import { HBAR, HBAR_DECIMALS } from '@svc/chains';
import type { ToolByName, ToolInput } from '@svc/contracts';
import type { HandlerContext } from '../../handler.js';
import { hederaOf } from '../../hedera/network-of.js';
import { hederaValueOf } from '../../hedera/valuations.js';
import type { MovedValue } from '../../valuation.js';
import { unitsOf } from '../../hedera/amounts.js';
import { memejobVenueOf, planMemeSell } from './memejob-trade.js';

const HBAR_ASSET = { asset: HBAR, symbol: HBAR };

/** A buy moves at most the HBAR it offers (memejob's exact-amount buy may spend a little less). */
export async function memeBuyValue(
  input: ToolInput<ToolByName<'hederaLaunchBuyToken'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  memejobVenueOf(context);
  const tinybars = unitsOf('amount', input.amount, HBAR_DECIMALS);
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
