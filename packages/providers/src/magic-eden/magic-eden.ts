import { COLLECTION_MARKET_OUTPUTS, RUNE_MARKET_OUTPUTS, ServiceError } from '@svc/contracts';
import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';
import { parseUpstream } from '../upstream/upstream-client.js';

/** The Magic Eden API key (its ordinals API: rune and collection market lists and prices). */
export const MAGIC_EDEN_SETTING: ProviderSetting = {
  provider: 'Bitcoin marketplace (Magic Eden)',
  setting: 'MAGIC_EDEN_API_KEY',
};

// The ordinals API lives under /v2/ord/btc; its collection rankings under /collection_stats, on the same host and key.
const BASE_URL = 'https://api-mainnet.magiceden.dev';
const ORD = '/v2/ord/btc';
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

/**
 * One collection of Magic Eden's ordinals collection rankings (`fp`, `vol` and `marketCap` in BTC; `vol` and `txns`
 * over the window asked for).
 */
const collectionStat = z.object({
  collectionSymbol: z.string(),
  name: z.string(),
  fp: z.number(),
  vol: z.number(),
  txns: z.number(),
  marketCap: z.number(),
  totalSupply: z.number(),
  ownerCount: z.number(),
});
export type MagicEdenCollectionStat = z.output<typeof collectionStat>;

/** A Magic Eden body as it came (fields beyond the published schema kept). */
const anyObject = z.record(z.string(), z.unknown());
export type MagicEdenAnswer = z.output<typeof anyObject>;

/**
 * Magic Eden's ordinals API (`https://api-mainnet.magiceden.dev/v2/ord/btc`, `Authorization: Bearer`), the market
 * endpoints: one rune's market info and one collection's stats (getMarketRunePrice's and getCollectionVolume's
 * answers as they come, once they match the published schema), and the rune and collection rankings the top lists
 * are read from. Magic Eden's 404 is the tool's 404.
 */
export class MagicEdenClient {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = BASE_URL,
  ) {}

  /** `GET /runes/market/{rune}/info` (rune name without spacers): floor unit price, market cap, volumes. */
  async runeMarketInfo(rune: string): Promise<MagicEdenAnswer> {
    const body = await this.#get(
      `${ORD}/runes/market/${encodeURIComponent(rune)}/info`,
      {},
      anyObject,
      'rune market info',
    );
    parseUpstream(RUNE_MARKET_OUTPUTS.getMarketRunePrice!, body, 'Magic Eden', 'rune market info');
    return body;
  }

  /**
   * `GET /runes/collection_stats/search?window=1d&sort&direction=desc&limit`: the `limit` runes ranked highest by
   * market cap or by the last day's volume.
   */
  async topRunes(sort: 'marketCap' | 'volume', limit: number): Promise<MagicEdenRuneStat[]> {
    const query = { window: '1d', sort, direction: 'desc', limit: String(limit) };
    return (await this.#get(`${ORD}/runes/collection_stats/search`, query, runeStats, 'rune collection stats')).runes;
  }

  /** `GET /v2/ord/btc/stat?collectionSymbol`: one collection's total volume, floor, owners, supply, listings (sats). */
  async collectionStats(symbol: string): Promise<MagicEdenAnswer> {
    const body = await this.#get(`${ORD}/stat`, { collectionSymbol: symbol }, anyObject, 'collection stats');
    parseUpstream(COLLECTION_MARKET_OUTPUTS.getCollectionVolume!, body, 'Magic Eden', 'collection stats');
    return body;
  }

  /**
   * `GET /collection_stats/search/bitcoin?window=1d&sort&direction=desc&offset=0&limit`: the `limit` ordinals
   * collections ranked highest by the last day's volume or by floor price.
   */
  async topCollections(sort: 'volume' | 'floorPrice', limit: number): Promise<MagicEdenCollectionStat[]> {
    const query = { window: '1d', sort, direction: 'desc', offset: '0', limit: String(limit) };
    return this.#get('/collection_stats/search/bitcoin', query, z.array(collectionStat), 'collection stats search');
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
