// Coin price tools (CoinGecko): live only until the sandbox market exists (see live-only.ts).
import { type CoinGeckoClient, type CoinGeckoOperation } from '@svc/providers';
import type { ToolInput, ToolByName } from '@svc/contracts';
import { upstreamError } from '@svc/providers';
import { defineFamily } from '../family.js';
import { type Handler, type HandlerContext, withCommitPoint } from '../handler.js';
import { liveClient, SANDBOX_MARKET } from '../live-only.js';

/** getCryptoPrice's tickers and aliases, as CoinGecko ids. */
const COINGECKO_ID: Readonly<Record<ToolInput<ToolByName<'getCryptoPrice'>>['coinId'], string>> = {
  btc: 'bitcoin',
  bitcoin: 'bitcoin',
  eth: 'ethereum',
  ethereum: 'ethereum',
  sol: 'solana',
  solana: 'solana',
  bnb: 'binancecoin',
  binancecoin: 'binancecoin',
  hbar: 'hedera-hashgraph',
  hedera: 'hedera-hashgraph',
};

/** The client, then the payment: a call it cannot make (a key-only endpoint when paying per call) is refused uncharged. */
async function paidCoinGecko(
  tool: string,
  operation: CoinGeckoOperation,
  context: HandlerContext,
): Promise<CoinGeckoClient> {
  const client = liveClient(context.providers.coingecko, tool, SANDBOX_MARKET);
  client.assertServes(operation);
  await context.commit?.();
  return client;
}

/** Output: `{ coins: [{ score, id, name, symbol, marketCapRank, priceUsd, priceChange24hPercent, … }] }`. */
const getTrendingCoins: Handler<'getTrendingCoins'> = withCommitPoint(async (_input, context) => {
  const client = await paidCoinGecko('getTrendingCoins', 'trending', context);
  return { coins: await client.trending() };
});

/** Output: `{ query, coins: [{ id, name, symbol, marketCapRank }] }`, best match first. */
const searchCryptoByName: Handler<'searchCryptoByName'> = withCommitPoint(async ({ query }, context) => {
  const client = await paidCoinGecko('searchCryptoByName', 'search', context);
  return { query, coins: await client.search(query) };
});

/** Output: `{ coinId, coingeckoId, priceUsd, change24hPercent }`. */
const getCryptoPrice: Handler<'getCryptoPrice'> = withCommitPoint(async ({ coinId }, context) => {
  const client = await paidCoinGecko('getCryptoPrice', 'price', context);
  const coingeckoId = COINGECKO_ID[coinId];
  const price = await client.price(coingeckoId);
  // The ten ids are CoinGecko's own: a missing one is the provider failing us, not the caller's mistake.
  if (!price) throw upstreamError('CoinGecko', `answered no price for ${coingeckoId}`);
  return { coinId, coingeckoId, priceUsd: price.priceUsd, change24hPercent: price.change24hPercent };
});

export const coinsFamily = defineFamily({ handlers: { getTrendingCoins, searchCryptoByName, getCryptoPrice } });
