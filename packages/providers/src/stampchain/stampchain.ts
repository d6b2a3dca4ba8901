import { STAMPS_OUTPUTS } from '@svc/contracts';
import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { publishedAnswer } from '../upstream/published-answer.js';

/** Stampchain needs no key: its setting is an optional base URL (a mirror, a test server), so live mode always reaches it. */
export const STAMPCHAIN_SETTING: ProviderSetting = {
  provider: 'Bitcoin Stamps (Stampchain)',
  setting: 'STAMPCHAIN_API_URL',
};

export const STAMPCHAIN_DEFAULT_URL = 'https://stampchain.io/api/v2';
// Stamps, balances and SRC-20 mints move with every block (about ten minutes): a short reuse spares repeated calls.
const CHAIN_STATE_TTL_MS = 30_000;

/** Every Stampchain answer is a JSON object; what it holds is checked against the tool's published answer. */
const envelope = z.record(z.string(), z.unknown());

/** A Stampchain answer as Stampchain sent it (fields beyond the published schema kept). */
export type StampchainAnswer = z.output<typeof envelope>;

type StampsTool = keyof typeof STAMPS_OUTPUTS;
type Query = Readonly<Record<string, string | number | boolean | undefined>>;

/** The stamp filters searchStamps takes, sent as Stampchain's query parameters of the same names. */
export interface StampSearch {
  readonly query?: string | undefined;
  readonly creator?: string | undefined;
  readonly collection_id?: string | undefined;
  readonly cpid?: string | undefined;
  readonly is_btc_stamp?: boolean | undefined;
  readonly is_cursed?: boolean | undefined;
  readonly sort_order?: 'ASC' | 'DESC' | undefined;
  readonly page?: number | undefined;
  readonly page_size?: number | undefined;
  readonly limit?: number | undefined;
}

/** The SRC-20 search searchSRC20Tokens takes: `q` and the filters, as Stampchain's query parameters. */
export interface Src20Search {
  readonly query?: string | undefined;
  readonly deployer?: string | undefined;
  readonly sort_by?: string | undefined;
  readonly sort_order?: 'ASC' | 'DESC' | undefined;
  readonly page?: number | undefined;
  readonly page_size?: number | undefined;
}

/**
 * Stampchain's public API v2 (`https://stampchain.io/api/v2`, no key; routes from stampchain-io/BTCStampsExplorer
 * schema.yml and `routes/api/v2`, query names as its stampchain-mcp client sends them). The stamps tools' answers
 * are Stampchain's bodies, returned unchanged once they match the tool's published schema.
 */
export class StampchainClient {
  constructor(private readonly baseUrl = STAMPCHAIN_DEFAULT_URL) {}

  /** `GET /stamps/{id}`: one stamp by number (cursed stamps are negative), `{ last_block, data: { stamp } }`. */
  stamp(id: string) {
    return this.#get('getStamp', `/stamps/${encodeURIComponent(id)}`);
  }

  /** `GET /stamps/balance/{address}`: the stamps an address holds, paginated. */
  stampBalances(address: string) {
    return this.#get('getStampsByAddress', `/stamps/balance/${encodeURIComponent(address)}`);
  }

  /** `GET /stamps?limit&sort_order=DESC`: the newest stamps first. */
  recentStamps(limit: number) {
    return this.#get('getRecentStamps', '/stamps', { limit, page: 1, sort_order: 'DESC' });
  }

  /** `GET /stamps` with filters (stampchain-mcp's search_stamps). */
  searchStamps(search: StampSearch) {
    return this.#get('searchStamps', '/stamps', { ...search });
  }

  /** `GET /src20/tick/{tick}/deploy`: the deploy with its mint status. */
  src20Token(tick: string) {
    return this.#get('getSRC20Token', `/src20/tick/${encodeURIComponent(tick)}/deploy`);
  }

  /** `GET /src20/search?q=…` (and the filters, which Stampchain reads where it supports them). */
  searchSrc20(search: Src20Search) {
    const { query, ...filters } = search;
    return this.#get('searchSRC20Tokens', '/src20/search', { q: query, ...filters });
  }

  #get(tool: StampsTool, path: string, query: Query = {}): Promise<StampchainAnswer> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}${path}`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return publishedAnswer(
      { provider: 'stampchain', answer: STAMPS_OUTPUTS[tool]!, tool, url, cacheTtlMs: CHAIN_STATE_TTL_MS },
      envelope,
    );
  }
}
