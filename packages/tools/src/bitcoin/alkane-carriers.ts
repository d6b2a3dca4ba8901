import type { HandlerContext } from '../handler.js';
import type { Coin } from './coin-selection.js';

/**
 * `coins` less those carrying alkanes, which a fee or a BTC send must not spend either: with no protostone saying
 * where they go, an output's alkanes follow the runes default to the transaction's first non-OP_RETURN output (the
 * recipient). The sandbox ordinals index knows which outputs carry them; in live mode the wallet reads an ord server,
 * which does not index alkanes, so no output is told apart there.
 */
export async function withoutAlkanes<C extends Coin>(
  context: HandlerContext,
  address: string,
  coins: readonly C[],
): Promise<C[]> {
  if (!context.bitcoinIndex) return [...coins];
  const carrying = new Set(
    (await context.bitcoinIndex.alkaneOutputsOf(address)).map((out) => `${out.txid}:${out.vout}`),
  );
  return coins.filter((coin) => !carrying.has(`${coin.txid}:${coin.vout}`));
}
