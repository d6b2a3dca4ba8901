import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';

/** pump.fun's coin lists need no key: the setting is an optional base URL (a mirror, a test server). */
export const PUMP_FUN_API_SETTING: ProviderSetting = {
  provider: 'pump.fun coin lists',
  setting: 'PUMP_FUN_API_URL',
};
export const PUMP_FUN_API_DEFAULT_URL = 'https://advanced-api-v2.pump.fun';
// Lists move with every trade; a short reuse spares repeated calls for the same page.
const LIST_TTL_MS = 15_000;

/** The fields we use of one coin of pump.fun's advanced coin lists (fixtures/README.md). */
const coin = z.object({
  coinMint: z.string(),
  dev: z.string(),
  name: z.string(),
  ticker: z.string(),
  imageUrl: z.string().nullish(),
  /** Milliseconds since the epoch. */
  creationTime: z.number(),
  numHolders: z.number(),
  /** USD. */
  marketCap: z.number(),
  /** SOL traded on the coin (see fixtures/README.md for why SOL). */
  volume: z.number(),
  /** Percent of the curve sold, 100 once graduated. */
  bondingCurveProgress: z.number(),
  sniperCount: z.number(),
  /** Milliseconds since the epoch; null while on the curve. */
  graduationDate: z.number().nullish(),
  poolAddress: z.string().nullish(),
  twitter: z.string().nullish(),
  telegram: z.string().nullish(),
  website: z.string().nullish(),
  devHoldingsPercentage: z.number(),
  buyTransactions: z.number(),
  sellTransactions: z.number(),
  /** A fraction of the supply (0.1765 is 17.65%), unlike devHoldingsPercentage. */
  sniperOwnedPercentage: z.number().nullish(),
  /** The largest holders (percent of supply; whether pump.fun counts them as snipers). */
  holders: z.array(z.object({ holderId: z.string(), isSniper: z.boolean(), ownedPercentage: z.number() })).nullish(),
});
const answer = z.object({ coins: z.array(coin) });

export type PumpFunCoin = z.output<typeof coin>;

/** The three lists: newest coins first, coins by market cap (the ones closest to graduating lead), graduated coins. */
export type PumpFunList = 'newest' | 'marketCap' | 'graduated';

const PATHS: Record<PumpFunList, string> = {
  newest: '/coins/list?sortBy=creationTime&direction=desc',
  marketCap: '/coins/list?sortBy=marketCap&direction=desc',
  graduated: '/coins/graduated',
};

/**
 * pump.fun's unofficial coin-list API (advanced-api-v2, what its web app's advanced view reads; providers.md A.9:
 * unofficial, seen failing). Every call goes through the shared upstream client, whose breaker opens after repeated
 * failures so a broken API answers 502/503 fast instead of piling up requests.
 */
export class PumpFunApiClient {
  constructor(private readonly baseUrl = PUMP_FUN_API_DEFAULT_URL) {}

  async coins(list: PumpFunList): Promise<readonly PumpFunCoin[]> {
    const body = await upstreamJson(upstreamClient('pumpFun'), {
      url: new URL(`${this.baseUrl.replace(/\/$/, '')}${PATHS[list]}`),
      headers: {},
      schema: answer,
      what: `${list} coin list`,
      cacheTtlMs: LIST_TTL_MS,
    });
    return body.coins;
  }
}
