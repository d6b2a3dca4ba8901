import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';
import { upstreamError } from '../upstream/upstream-client.js';

/** four.meme's query API needs no key: its setting is an optional base URL (a mirror, a test server). */
export const FOUR_MEME_SETTING: ProviderSetting = {
  provider: 'BSC bonding launchpad (four.meme)',
  setting: 'FOUR_MEME_API_URL',
};
export const FOUR_MEME_DEFAULT_URL = 'https://four.meme/meme-api/v1';
// Curve progress and prices move with every trade; a short reuse spares repeated pages.
const LIST_TTL_MS = 15_000;

/** The fields we use of one token in four.meme's answer (its web app's FourmemeTokenData). */
const token = z.object({
  address: z.string(),
  name: z.string(),
  shortName: z.string(),
  label: z.string().nullish(),
  userAddress: z.string().nullish(),
  /** Milliseconds since the epoch. */
  launchTime: z.number(),
  /** PUBLISH: on the curve; TRADE: listed on PancakeSwap. */
  status: z.string(),
  tokenPrice: z
    .object({
      price: z.string().nullish(),
      marketCap: z.string().nullish(),
      progress: z.string().nullish(),
      dayTrading: z.string().nullish(),
      raisedAmount: z.string().nullish(),
    })
    .nullish(),
});
const answer = z.object({
  code: z.union([z.number(), z.string()]),
  msg: z.string().nullish(),
  data: z.array(token).nullish(),
});

export type FourMemeToken = z.output<typeof token>;

export interface FourMemeQuery {
  readonly orderBy: string;
  readonly tokenName?: string | undefined;
  readonly symbol?: string | undefined;
  readonly listedDex?: boolean | undefined;
  readonly labels?: string | undefined;
  readonly pageIndex: number;
  readonly pageSize: number;
}

/**
 * four.meme's unofficial query API (`GET /meme-api/v1/private/token/query`, the list its web app reads; providers.md
 * A.11: expect breakage). Every call goes through the shared upstream client, whose breaker opens after repeated
 * failures so a broken API answers 502/503 fast instead of piling up requests.
 */
export class FourMemeClient {
  constructor(private readonly baseUrl = FOUR_MEME_DEFAULT_URL) {}

  /** One page of launchpad tokens; `listedDex` is sent as four.meme's `listedPancake`. */
  async findTokens(query: FourMemeQuery): Promise<readonly FourMemeToken[]> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}/private/token/query`);
    const params: Record<string, string | number | boolean | undefined> = {
      orderBy: query.orderBy,
      tokenName: query.tokenName,
      listedPancake: query.listedDex,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      symbol: query.symbol,
      labels: query.labels,
    };
    for (const [name, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const client = upstreamClient('fourMeme');
    const body = await upstreamJson(client, {
      url,
      headers: {},
      schema: answer,
      what: 'token query',
      cacheTtlMs: LIST_TTL_MS,
    });
    if (String(body.code) !== '0')
      throw upstreamError(
        client.provider,
        `answered code ${body.code} to the token query (${body.msg ?? 'no message'})`,
      );
    return body.data ?? [];
  }
}
