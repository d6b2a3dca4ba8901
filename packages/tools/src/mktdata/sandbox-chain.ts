// Which of the market-data provider's chains the sandbox market runs (the others answer empty, never invented rows),
// and the tokens it knows there.
import { ServiceError } from '@svc/contracts';
import type { MarketActivity, MarketChain, MarketToken } from '../ports/market-activity.js';

/** The sandbox market's chain named `chain`, or undefined when the sandbox does not simulate it. */
export const simulatedChain = (market: MarketActivity, chain: string): MarketChain | undefined =>
  market.chains.find((simulated) => simulated === chain);

/** The note of an answer about a chain the sandbox does not run. */
export const notSimulatedNote = (market: MarketActivity, chain: string) =>
  `Sandbox: the sandbox market does not run ${chain} (it simulates ${market.chains.join(', ')}), so there is ` +
  'nothing to report there.';

/** The token at `address` on a simulated chain, or a 404 naming both (before payment: nothing is charged). */
export async function knownToken(market: MarketActivity, chain: MarketChain, address: string): Promise<MarketToken> {
  const token = await market.token(chain, address);
  if (!token)
    throw new ServiceError('not_found', `The sandbox market has no token ${address} on ${chain}.`, {
      extra: { chain, address },
    });
  return token;
}
