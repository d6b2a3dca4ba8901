import type { CrossChainAsset } from './assets.js';

/** Prices are carried as integers of 10^-12 USD, so amounts convert in bigint arithmetic. */
const PRICE_SCALE = 1e12;

const scaledPrice = (priceUsd: number): bigint => {
  if (!(priceUsd > 0) || !Number.isFinite(priceUsd)) throw new RangeError(`no usable USD price (${priceUsd})`);
  return BigInt(Math.round(priceUsd * PRICE_SCALE));
};

/** `atomic` of `from` converted into atomic units of `to` at the two USD prices, less `feeBps`, rounded down. */
export function convert(
  atomic: bigint,
  from: { asset: CrossChainAsset; priceUsd: number },
  to: { asset: CrossChainAsset; priceUsd: number },
  feeBps: bigint,
): { out: bigint; fee: bigint } {
  const gross =
    (atomic * scaledPrice(from.priceUsd) * 10n ** BigInt(to.asset.decimals)) /
    (scaledPrice(to.priceUsd) * 10n ** BigInt(from.asset.decimals));
  const fee = (gross * feeBps + 9_999n) / 10_000n;
  return { out: gross - fee, fee };
}

/** The atomic amount of `asset` worth `usd` at `priceUsd`, rounded up. */
export function atomicWorth(usd: number, asset: CrossChainAsset, priceUsd: number): bigint {
  const scaled = BigInt(Math.round(usd * PRICE_SCALE)) * 10n ** BigInt(asset.decimals);
  const price = scaledPrice(priceUsd);
  return (scaled + price - 1n) / price;
}
