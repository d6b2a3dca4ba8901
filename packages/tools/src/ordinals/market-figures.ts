import { notConfigured } from '@svc/contracts';
import { COINGECKO_SETTING, type ProviderSetting, upstreamError } from '@svc/providers';
import { sandboxCryptoPrice } from '../coins/sandbox-crypto-price.js';
import type { HandlerContext } from '../handler.js';
import { sandboxMarketOf } from '../market-activity-of.js';
import { SATS_PER_BTC } from './sandbox-rune-market.js';

/** The market tools' clock (Unix seconds): what "the last 24 hours" of sales ends at. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * BTC in USD, for the USD figures: CoinGecko's price when it answers live, else the sandbox market's WBTC/USDC pool
 * (getCryptoPrice's sandbox price). A live market source never pairs with the sandbox's price: 503 naming CoinGecko's
 * key.
 */
export async function btcUsdOf(context: HandlerContext, tool: string, source: ProviderSetting, live: boolean) {
  const coingecko = context.providers.coingecko;
  if (coingecko) {
    const price = await coingecko.price('bitcoin');
    if (!price) throw upstreamError('CoinGecko', 'answered no price for bitcoin');
    return price.priceUsd;
  }
  if (live) throw notConfigured(COINGECKO_SETTING.setting, COINGECKO_SETTING.provider);
  return (await sandboxCryptoPrice(sandboxMarketOf(context, tool, source), undefined, 'bitcoin')).priceUsd;
}

/** What a top list of fungible assets (runes, BRC-20 tokens) ranks by, how many it keeps, and its USD floor. */
export interface UsdRanking {
  readonly by: 'marketCap' | 'volume';
  readonly limit: number;
  readonly minUsd: number | undefined;
}

/** An asset's market figures in BTC, before its rank and USD figures. */
interface BtcFigures {
  readonly marketCapBtc: number;
  readonly volume24hBtc: number;
}

/**
 * `figures` with their USD price, market cap and volume at `btcUsd`, none below the USD floor, highest first (stable:
 * ties keep the source's order), at most `limit`, each with its 1-based rank.
 */
export function rankInUsd<F extends BtcFigures>(
  figures: readonly F[],
  priceSatsOf: (asset: F) => number,
  btcUsd: number,
  { by, limit, minUsd }: UsdRanking,
) {
  return figures
    .map((asset) => ({
      ...asset,
      priceUsd: (priceSatsOf(asset) / SATS_PER_BTC) * btcUsd,
      marketCapUsd: asset.marketCapBtc * btcUsd,
      volume24hUsd: asset.volume24hBtc * btcUsd,
    }))
    .filter((asset) => minUsd === undefined || (by === 'marketCap' ? asset.marketCapUsd : asset.volume24hUsd) >= minUsd)
    .sort((a, b) => (by === 'marketCap' ? b.marketCapUsd - a.marketCapUsd : b.volume24hUsd - a.volume24hUsd))
    .slice(0, limit)
    .map((asset, index) => ({ rank: index + 1, ...asset }));
}
