import { RUNE_MARKET_OUTPUTS, ServiceError } from '@svc/contracts';
import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';
import { parseUpstream } from '../upstream/upstream-client.js';

/** The Magic Eden API key (its ordinals API: rune market lists and prices). */
export const MAGIC_EDEN_SETTING: ProviderSetting = {
  provider: 'Bitcoin marketplace (Magic Eden)',
  setting: 'MAGIC_EDEN_API_KEY',
};

const BASE_URL = 'https://api-mainnet.magiceden.dev/v2/ord/btc';
// Floors and volumes move with every sale: a short reuse only spares repeated calls.
const MARKET_TTL_MS = 30_000;

/** One rune of Magic Eden's rune collection stats (`vol` and `marketCap` in BTC, `unitPriceSats` in sats). */
const runeStat = z.object({
  rune: z.string(),
  etching: z
    .object({
      runeId: z.object({ block: z.number(), tx: z.number() }).optional(),
      runeName: z.string().optional(),
      symbol: z.string().optional(),
    })
    .optional(),
  vol: z.number(),
  unitPriceSats: z.number(),
  txnCount: z.number(),
  marketCap: z.number().optional(),
});
const runeStats = z.object({ runes: z.array(runeStat) });
export type MagicEdenRuneStat = z.output<typeof runeStat>;

/** A Magic Eden body as it came (fields beyond the published schema kept). */
const anyObject = z.record(z.string(), z.unknown());
export type MagicEdenAnswer = z.output<typeof anyObject>;

/**
 * Magic Eden's ordinals API (`https://api-mainnet.magiceden.dev/v2/ord/btc`, `Authorization: Bearer`), the rune market
 * endpoints: one rune's market info (getMarketRunePrice's answer as it comes, once it matches the published schema)
 * and the rune rankings the top lists are read from. Magic Eden's 404 is the tool's 404.
 */
export class MagicEdenClient {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = BASE_URL,
  ) {}

  /** `GET /runes/market/{rune}/info` (rune name without spacers): floor unit price, market cap, volumes. */
  async runeMarketInfo(rune: string): Promise<MagicEdenAnswer> {
    const body = await this.#get(`/runes/market/${encodeURIComponent(rune)}/info`, {}, anyObject, 'rune market info');
    parseUpstream(RUNE_MARKET_OUTPUTS.getMarketRunePrice!, body, 'Magic Eden', 'rune market info');
    return body;
  }

  /**
   * `GET /runes/collection_stats/search?window=1d&sort&direction=desc&limit`: the `limit` runes ranked highest by
   * market cap or by the last day's volume.
   */
  async topRunes(sort: 'marketCap' | 'volume', limit: number): Promise<MagicEdenRuneStat[]> {
    const query = { window: '1d', sort, direction: 'desc', limit: String(limit) };
    return (await this.#get('/runes/collection_stats/search', query, runeStats, 'rune collection stats')).runes;
  }

  async #get<S extends z.ZodType>(
    path: string,
    query: Readonly<Record<string, string>>,
    schema: S,
    what: string,
  ): Promise<z.output<S>> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    try {
      return await upstreamJson(upstreamClient('magicEden'), {
        url,
        headers: { authorization: `Bearer ${this.apiKey}` },
        schema,
        what,
        cacheTtlMs: MARKET_TTL_MS,
      });
    } catch (error) {
      if (error instanceof ServiceError && error.extra?.upstreamStatus === 404)
        throw new ServiceError('not_found', `Magic Eden has nothing at ${path} (HTTP 404).`);
      throw error;
    }
  }
}
