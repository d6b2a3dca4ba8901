import type { ToolByName, ToolInput } from '@svc/contracts';
import type { HandlerContext } from '../handler.js';
import { type MovedValue, NOTHING_MOVED, unpriced, valueOf, valueOfQuantity } from '../valuation.js';
import type { SolanaAsset } from '@svc/providers';
import { solanaChainOf } from './solana-chain.js';
import { splMintOf } from './spl-accounts.js';
import { quoteBuy } from './swap/spl-buy-intent.js';

/** The USD price of a Solana asset from the tools' market (the sandbox venue, or Jupiter's Price API live). */
async function solanaPriceOf(context: HandlerContext, asset: SolanaAsset): Promise<number | undefined> {
  return (await solanaChainOf(context).market().pricesUsd([asset])).get(asset)?.priceUsd;
}

/** Transfers move `amount` of native SOL or of the SPL mint. */
export async function solanaTransferValue(
  input: ToolInput<ToolByName<'solanaTransfer'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  const native = input.tokenAddress === 'SOL';
  // Not a mint at all is bad input (400, as the transfer answers it), not a missing price.
  if (!native) await splMintOf(solanaChainOf(context).rpc(), input.tokenAddress, 'tokenAddress');
  const what = native ? 'SOL' : `the Solana token ${input.tokenAddress}`;
  try {
    return valueOfQuantity(input.amount, await solanaPriceOf(context, input.tokenAddress), what);
  } catch (error) {
    return unpriced(`no USD price for ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A buy moves the exact input it sells (quoted as the swap quotes it); a quote moves nothing. */
export async function splBuyIntentValue(
  input: ToolInput<ToolByName<'splBuyIntent'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  if (input.mode === 'quote') return NOTHING_MOVED;
  const { spend, spendPrice, quote } = await quoteBuy(input, context);
  return valueOf(quote.inAmount, spend.decimals, spendPrice, `${spend.symbol} (${spend.asset}) on Solana`);
}
