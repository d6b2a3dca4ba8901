import type { HandlerContext } from '../../handler.js';
import { type MovedValue, unpriced, valueOf, valueOfQuantity } from '../../valuation.js';
import { solanaChainOf } from '../../solana/solana-chain.js';
import { lamportsOf, launchpadsOf, SOL_DECIMALS } from './launchpad-calls.js';
import type { SolanaLaunchpad } from '../../ports/solana-launchpads.js';

async function solPriceUsd(context: HandlerContext): Promise<number | undefined> {
  return (await solanaChainOf(context).market().pricesUsd(['SOL'])).get('SOL')?.priceUsd;
}

/** A launch moves its developer buy and the new accounts' rent out of the vault (nothing when sponsored). */
export async function launchValue(
  context: HandlerContext,
  launchpad: SolanaLaunchpad,
  devBuySol: number | undefined,
  devBuyField = 'devBuySol',
): Promise<MovedValue> {
  const cost = await launchpadsOf(context).launchCostLamports(launchpad);
  const lamports = cost + (devBuySol && devBuySol > 0 ? lamportsOf(devBuySol, devBuyField) : 0n);
  return valueOf(lamports, SOL_DECIMALS, await solPriceUsd(context), 'SOL (launch rent and developer buy)');
}

/** A buy moves the SOL it spends. */
export async function solSpentValue(context: HandlerContext, amount: string): Promise<MovedValue> {
  return valueOfQuantity(amount, await solPriceUsd(context), 'SOL');
}

/** A sale or a burn moves `amount` of the token at its current price (its curve's, or its pool's once graduated). */
export async function tokenAmountValue(
  context: HandlerContext,
  tokenAddress: string,
  amount: string,
  launchpad: SolanaLaunchpad,
): Promise<MovedValue> {
  const token = await launchpadsOf(context).token(tokenAddress);
  if (!token || token.launchpad !== launchpad) return unpriced(`${tokenAddress} is no token of this launchpad`);
  return valueOfQuantity(amount, token.priceUsd, `${token.symbol} (${token.mint})`);
}
