import type { HandlerContext } from '../handler.js';
import type { Coin } from './coin-selection.js';

/**
 * The outputs ("txid:vout") of `address` that carry alkanes: the sandbox ordinals index's in sandbox mode, Ordiscan's
 * in live mode. An ord server (what the wallet reads runes and inscriptions from) does not index alkanes, so live mode
 * needs Ordiscan to tell them apart: without ORDISCAN_API_KEY a send answers 503 naming it (nothing signed or charged)
 * rather than spend outputs it cannot see into and give their alkanes to the recipient.
 */
export async function alkaneOutpointsOf(context: HandlerContext, address: string): Promise<ReadonlySet<string>> {
  if (context.mode === 'sandbox' && context.bitcoinIndex)
    return new Set((await context.bitcoinIndex.alkaneOutputsOf(address)).map((out) => `${out.txid}:${out.vout}`));
  const ordiscan = context.providers.ordiscan;
  if (!ordiscan) return new Set();
  // The client checked the body against getAlkaneAddressUTXOs' published answer.
  const answer = (await ordiscan.addressAlkaneUtxos(address)) as { data: readonly { outpoint: string }[] };
  return new Set(answer.data.map((output) => output.outpoint));
}

/**
 * `coins` less those carrying alkanes, which a fee or a BTC send must not spend either: with no protostone saying
 * where they go, an output's alkanes follow the runes default to the transaction's first non-OP_RETURN output (the
 * recipient).
 */
export async function withoutAlkanes<C extends Coin>(
  context: HandlerContext,
  address: string,
  coins: readonly C[],
): Promise<C[]> {
  const carrying = await alkaneOutpointsOf(context, address);
  return coins.filter((coin) => !carrying.has(`${coin.txid}:${coin.vout}`));
}
