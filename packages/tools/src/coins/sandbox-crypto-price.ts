// getCryptoPrice in sandbox: the coin's spot price in its sandbox pool against USDC, exactly as the pool prices it.
import { HBAR, HBAR_DECIMALS, type HederaNetwork } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import type { MarketActivity } from '../ports/market-activity.js';
import { dayChangePercent } from '../mktdata/sandbox-market-day.js';
import { PRICE_POOL_OF_COIN, pricePoolToken } from './sandbox-price-pools.js';

interface SandboxCoinPrice {
  readonly priceUsd: number;
  readonly change24hPercent: number | null;
  readonly note: string;
}

const noPool = (coingeckoId: string, where: string) =>
  new ServiceError('not_found', `The sandbox has no ${where} to price ${coingeckoId} from; it invents no price.`, {
    extra: { coingeckoId },
  });

/** HBAR's spot price in the sandbox Hedera venue's HBAR/USDC pool (reserves in atomic units). */
async function hbarPriceUsd(hedera: HederaNetwork): Promise<number | undefined> {
  const usdc = (await hedera.tokens()).find((token) => token.symbol === 'USDC');
  const pool = usdc && (await hedera.pools()).find((p) => p.assets.includes(HBAR) && p.assets.includes(usdc.tokenId));
  if (!usdc || !pool) return undefined;
  const [hbar, dollars] = pool.assets[0] === HBAR ? pool.reserves : [pool.reserves[1], pool.reserves[0]];
  return Number(dollars) / 10 ** usdc.decimals / (Number(hbar) / 10 ** HBAR_DECIMALS);
}

/** The price of `coingeckoId` from its sandbox pool; a 404 when the sandbox has no such pool (before payment). */
export async function sandboxCryptoPrice(
  market: MarketActivity,
  hedera: (() => Promise<HederaNetwork>) | undefined,
  coingeckoId: string,
): Promise<SandboxCoinPrice> {
  if (coingeckoId === 'hedera-hashgraph') {
    const priceUsd = hedera && (await hbarPriceUsd(await hedera()));
    if (priceUsd === undefined) throw noPool(coingeckoId, 'HBAR/USDC pool on the sandbox Hedera ledger');
    return {
      priceUsd,
      change24hPercent: null,
      note:
        'Sandbox: the spot price of the HBAR/USDC pool of the sandbox Hedera swap venue (USDC reserve / HBAR ' +
        "reserve); change24hPercent is null: the sandbox market index does not follow Hedera's history.",
    };
  }
  const source = PRICE_POOL_OF_COIN[coingeckoId];
  const token = source && (await pricePoolToken(market, source));
  if (!source || !token) throw noPool(coingeckoId, source ? `${source.pair} pool on ${source.chain}` : 'pool');
  const now = new Date();
  return {
    priceUsd: token.priceUsd,
    change24hPercent: await dayChangePercent(market, source.chain, token, now),
    note:
      `Sandbox: the spot price of the ${source.pair} pool on the sandbox ${source.chain} chain; change24hPercent ` +
      'compares it with its price 24 hours ago.',
  };
}
