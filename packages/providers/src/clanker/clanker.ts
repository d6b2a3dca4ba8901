import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';

/** Clanker's public token list needs no key: its setting is an optional base URL. */
export const CLANKER_SETTING: ProviderSetting = {
  provider: 'Base token factory (Clanker)',
  setting: 'CLANKER_API_URL',
};
export const CLANKER_DEFAULT_URL = 'https://www.clanker.world/api';
const LIST_TTL_MS = 30_000;

/** The fields we use of one token of Clanker's list (its ClankerToken record; market and user when asked for). */
const token = z.object({
  contract_address: z.string(),
  name: z.string(),
  symbol: z.string(),
  img_url: z.string().nullish(),
  pool_address: z.string().nullish(),
  created_at: z.string(),
  chain_id: z.number().nullish(),
  admin: z.string().nullish(),
  related: z
    .object({
      market: z.object({ marketCap: z.number().nullish(), priceUsd: z.number().nullish() }).nullish(),
      user: z.object({ address: z.string().nullish() }).passthrough().nullish(),
    })
    .nullish(),
});
const answer = z.object({ data: z.array(token), total: z.number().nullish() });

export type ClankerToken = z.output<typeof token>;

export interface ClankerQuery {
  readonly limit: number;
  readonly offset: number;
  readonly sortBy: string;
  readonly sort: string;
  readonly includeMarket: boolean;
  readonly includeUser: boolean;
  readonly q?: string | undefined;
}

/** Clanker's public token list (`GET https://www.clanker.world/api/tokens`, providers.md A.13), query names as sent. */
export class ClankerClient {
  constructor(private readonly baseUrl = CLANKER_DEFAULT_URL) {}

  async findTokens(query: ClankerQuery): Promise<{ tokens: readonly ClankerToken[]; total: number | null }> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}/tokens`);
    const params: Record<string, string | number | boolean | undefined> = {
      chainId: 8453,
      limit: query.limit,
      offset: query.offset,
      sortBy: query.sortBy,
      sort: query.sort,
      includeMarket: query.includeMarket,
      includeUser: query.includeUser,
      q: query.q,
    };
    for (const [name, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const body = await upstreamJson(upstreamClient('clanker'), {
      url,
      headers: {},
      schema: answer,
      what: 'token list',
      cacheTtlMs: LIST_TTL_MS,
    });
    return { tokens: body.data, total: body.total ?? null };
  }
}
