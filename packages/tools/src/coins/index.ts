// Coin price tools (CoinGecko). In sandbox mode (CoinGecko not live) they answer from the sandbox market index.
import type { ToolInput, ToolByName } from '@svc/contracts';
import { COINGECKO_SETTING, upstreamError } from '@svc/providers';
import { defineFamily } from '../family.js';
import { type Handler, withCommitPoint } from '../handler.js';
import { fromSandboxMarket } from '../market-activity-of.js';
import { SANDBOX_COINS_NOTE } from './sandbox-coins.js';
import { sandboxCryptoPrice } from './sandbox-crypto-price.js';
import { sandboxSearchCoins } from './sandbox-search-coins.js';
import { sandboxTrendingCoins } from './sandbox-trending-coins.js';

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

// Live, each handler settles before the CoinGecko call (the provider getter has already answered 503 naming
// COINGECKO_API_KEY when it is unset), after refusing uncharged an endpoint the client cannot reach (a key-only one
// when paying per call over x402); in sandbox, fromSandboxMarket settles once the answer is computed.

/** Output: `{ coins: [{ score, id, name, symbol, marketCapRank, priceUsd, priceChange24hPercent, … }] }`. */
const getTrendingCoins: Handler<'getTrendingCoins'> = withCommitPoint(async (_input, context) => {
  const client = context.providers.coingecko;
  if (!client)
    return {
      coins: await fromSandboxMarket(context, 'getTrendingCoins', COINGECKO_SETTING, sandboxTrendingCoins),
      note: SANDBOX_COINS_NOTE,
    };
  client.assertServes('trending');
  await context.commit?.();
  return { coins: await client.trending() };
});

/** Output: `{ query, coins: [{ id, name, symbol, marketCapRank }] }`, best match first. */
const searchCryptoByName: Handler<'searchCryptoByName'> = withCommitPoint(async ({ query }, context) => {
  const client = context.providers.coingecko;
  if (!client)
    return {
      query,
      coins: await fromSandboxMarket(context, 'searchCryptoByName', COINGECKO_SETTING, (market) =>
        sandboxSearchCoins(market, query),
      ),
      note: SANDBOX_COINS_NOTE,
    };
  client.assertServes('search');
  await context.commit?.();
  return { query, coins: await client.search(query) };
});

/** Output: `{ coinId, coingeckoId, priceUsd, change24hPercent }`. */
const getCryptoPrice: Handler<'getCryptoPrice'> = withCommitPoint(async ({ coinId }, context) => {
  const coingeckoId = COINGECKO_ID[coinId];
  const client = context.providers.coingecko;
  if (!client)
    return {
      coinId,
      coingeckoId,
      ...(await fromSandboxMarket(context, 'getCryptoPrice', COINGECKO_SETTING, (market) =>
        sandboxCryptoPrice(market, context.hedera, coingeckoId),
      )),
    };
  client.assertServes('price');
  await context.commit?.();
  const price = await client.price(coingeckoId);
  // The ten ids are CoinGecko's own: a missing one is the provider failing us, not the caller's mistake.
  if (!price) throw upstreamError('CoinGecko', `answered no price for ${coingeckoId}`);
  return { coinId, coingeckoId, priceUsd: price.priceUsd, change24hPercent: price.change24hPercent };
});

export const coinsFamily = defineFamily({ handlers: { getTrendingCoins, searchCryptoByName, getCryptoPrice } });
