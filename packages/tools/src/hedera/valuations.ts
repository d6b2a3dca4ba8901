import { HBAR, HBAR_DECIMALS, type HederaNetwork } from '@svc/chains';
import { invalidField, type ToolByName, type ToolInput } from '@svc/contracts';
import type { HandlerContext } from '../handler.js';
import { type MovedValue, unpriced, valueOf } from '../valuation.js';
import { unitsOf } from './amounts.js';
import { hederaOf } from './network-of.js';
import { routeOf, spotValue } from './route.js';
import { swapAssetOf, tokenAtEvmAddress } from './tokens.js';

/** The USD reference on Hedera: the swap venue's USDC, as the venue lists it. */
const USD_SYMBOL = 'USDC';

/** `units` of `asset` (HBAR or a token id) in USD: its spot value in the venue's USDC through the swap tools' pools. */
export async function hederaValueOf(
  network: HederaNetwork,
  asset: { asset: string; symbol: string },
  units: bigint,
): Promise<MovedValue> {
  const what = `${asset.symbol} (${asset.asset === HBAR ? '0.0.0' : asset.asset}) on Hedera`;
  const usd = (await network.tokens()).find((token) => token.symbol === USD_SYMBOL);
  if (!usd) return unpriced(`no USD price for ${what}: the swap venue lists no ${USD_SYMBOL}`);
  if (asset.asset === usd.tokenId) return valueOf(units, usd.decimals, 1, what);
  try {
    return valueOf(spotValue(await routeOf(network, asset.asset, usd.tokenId), units), usd.decimals, 1, what);
  } catch (error) {
    return unpriced(`no USD price for ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function hederaNativeSendValue(
  input: ToolInput<ToolByName<'hederaNativeSend'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  return hederaValueOf(
    await hederaOf(context),
    { asset: HBAR, symbol: HBAR },
    unitsOf('amount', input.amount, HBAR_DECIMALS),
  );
}

export async function hederaTokenSendValue(
  input: ToolInput<ToolByName<'hederaERC20TokenSend'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  if (!input.token) throw invalidField('token', 'required', 'token is required to send');
  const network = await hederaOf(context);
  const token = await tokenAtEvmAddress(network, input.token);
  return hederaValueOf(
    network,
    { asset: token.tokenId, symbol: token.symbol },
    unitsOf('amount', input.amount, token.decimals),
  );
}

/** A swap moves its input (useNative with WHBAR's id sells HBAR, as the swap reads it). */
export async function hederaSwapValue(
  input: ToolInput<ToolByName<'hederaTokensSwap'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  const network = await hederaOf(context);
  const fromId = input.useNative && input.fromTokenId === network.swapRouter.whbarTokenId ? '0.0.0' : input.fromTokenId;
  const from = await swapAssetOf(network, 'fromTokenId', fromId);
  return hederaValueOf(network, from, unitsOf('amount', input.amount, from.decimals));
}
