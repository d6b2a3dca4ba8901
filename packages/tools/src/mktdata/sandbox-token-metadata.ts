// tokenMetadataInfo in sandbox: a token's name, symbol and decimals from the market index, its page on the local web.
import type { TokenMetadata } from '@svc/providers';
import type { LocalWeb } from '../ports/local-web.js';
import type { MarketActivity } from '../ports/market-activity.js';
import { knownToken, notSimulatedNote, simulatedChain } from './sandbox-chain.js';

const SANDBOX_METADATA_NOTE =
  'Sandbox: name, symbol and decimals as the token contract or mint on the sandbox chain gives them; logoUri is ' +
  'null (sandbox tokens have no logo); links holds the website (URL) and description of its page on the sandbox ' +
  'local web, when it has one.';

/** The local web's page about `symbol` on `chain`, if it serves one (it publishes a page per seeded token). */
async function tokenPage(web: LocalWeb | undefined, chain: string, symbol: string) {
  return web?.fetchPage(`${web.origin}/tokens/${chain}/${encodeURIComponent(symbol)}`);
}

/** The metadata of `address` on `chain`: a 404 for a token the sandbox chain has not, nulls on a chain it does not run. */
export async function sandboxTokenMetadata(
  market: MarketActivity,
  web: LocalWeb | undefined,
  chain: string,
  address: string,
): Promise<TokenMetadata & { note: string }> {
  const simulated = simulatedChain(market, chain);
  if (!simulated)
    return {
      address,
      name: null,
      symbol: null,
      decimals: null,
      logoUri: null,
      links: {},
      note: notSimulatedNote(market, chain),
    };
  const token = await knownToken(market, simulated, address);
  const page = await tokenPage(web, simulated, token.symbol);
  return {
    address: token.address,
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    logoUri: null,
    links: page ? { website: page.url, description: page.description } : {},
    note: SANDBOX_METADATA_NOTE,
  };
}
