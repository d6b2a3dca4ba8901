import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';
import { upstreamError } from '../upstream/upstream-client.js';

/** The UniSat open-api key (its BRC-20 marketplace figures: the BRC-20 top lists). */
export const UNISAT_SETTING: ProviderSetting = {
  provider: 'BRC-20 marketplace (UniSat)',
  setting: 'UNISAT_API_KEY',
};

const BASE_URL = 'https://open-api.unisat.io';
// Prices and volumes move with every sale: a short reuse only spares repeated calls.
const MARKET_TTL_MS = 30_000;

/**
 * One BRC-20 ticker of UniSat's marketplace statistics: `curPrice` sats per whole token, `btcVolume` sats traded in
 * the window, `amountVolume` tokens traded, `cap` the market cap in sats (a string: it outgrows a double's integers).
 */
const brc20Type = z.object({
  tick: z.string(),
  curPrice: z.number(),
  btcVolume: z.number(),
  amountVolume: z.number(),
  cap: z.string(),
});
export type UnisatBrc20Type = z.output<typeof brc20Type>;

/** UniSat's envelope: `code` 0 with `data`, or another code with `msg` saying why. */
const brc20Types = z.object({
  code: z.number(),
  msg: z.string(),
  data: z
    .object({ BTCPrice: z.number(), list: z.array(brc20Type).optional() })
    .nullable()
    .optional(),
});

/**
 * UniSat's open-api (`https://open-api.unisat.io`, `Authorization: Bearer`), its BRC-20 marketplace statistics:
 * `POST /v3/market/brc20/auction/brc20_types`, the tickers with their price, the last day's volume and market cap, and
 * UniSat's BTC price in USD.
 */
export class UnisatClient {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = BASE_URL,
  ) {}

  /** The 4-byte tickers' market figures over the last day, the first `limit` of UniSat's ranking. */
  async brc20Market(limit: number): Promise<{ btcUsd: number; tokens: UnisatBrc20Type[] }> {
    const body = await upstreamJson(upstreamClient('unisat'), {
      url: new URL(`${this.baseUrl}/v3/market/brc20/auction/brc20_types`),
      headers: { authorization: `Bearer ${this.apiKey}` },
      body: { tickLen: 4, timeType: 'day1', start: 0, limit },
      schema: brc20Types,
      what: 'BRC-20 market statistics',
      cacheTtlMs: MARKET_TTL_MS,
    });
    if (body.code !== 0 || !body.data) throw upstreamError('UniSat', `answered code ${body.code}: ${body.msg}`);
    return { btcUsd: body.data.BTCPrice, tokens: body.data.list ?? [] };
  }
}
