import { z } from 'zod';
import { upstreamClient } from '../upstream/registry.js';
import { parseUpstream } from '../upstream/upstream-client.js';

/** RugCheck's public API; RUGCHECK_API_URL points elsewhere (a mirror, a test server). No key is needed. */
export const RUGCHECK_DEFAULT_URL = 'https://api.rugcheck.xyz';

// A report is recomputed by RugCheck every few minutes at most.
const REPORT_TTL_MS = 60_000;

const reportWire = z.object({
  mint: z.string(),
  creator: z.string().nullish(),
  token: z
    .object({
      mintAuthority: z.string().nullish(),
      freezeAuthority: z.string().nullish(),
      supply: z.number().nullish(),
      decimals: z.number().nullish(),
    })
    .nullish(),
  tokenMeta: z.object({ name: z.string().nullish(), symbol: z.string().nullish() }).nullish(),
  topHolders: z
    .array(
      z.object({ address: z.string(), owner: z.string().nullish(), pct: z.number(), insider: z.boolean().nullish() }),
    )
    .nullish(),
  risks: z
    .array(
      z.object({
        name: z.string(),
        value: z.string().nullish(),
        description: z.string().nullish(),
        score: z.number().nullish(),
        level: z.string().nullish(),
      }),
    )
    .nullish(),
  score: z.number().nullish(),
  score_normalised: z.number(),
  rugged: z.boolean().nullish(),
  totalMarketLiquidity: z.number().nullish(),
  totalHolders: z.number().nullish(),
});

export interface RiskItem {
  readonly name: string;
  readonly value: string | null;
  readonly description: string | null;
  /** RugCheck's level: "danger", "warn" or "info". */
  readonly level: string | null;
}

/** A token's risk report, in the shape both the live report and the sandbox's own scoring give. */
export interface RiskReport {
  readonly mint: string;
  readonly name: string | null;
  readonly symbol: string | null;
  /** 0 = safe, 100 = risky (spec). */
  readonly score_normalised: number;
  readonly risks: readonly RiskItem[];
  /** null: renounced (no one can mint more / freeze accounts). */
  readonly mintAuthority: string | null;
  readonly freezeAuthority: string | null;
  readonly creator: string | null;
  /** The largest holders' shares of supply, in percent. */
  readonly topHolders: readonly { readonly address: string; readonly percent: number; readonly insider: boolean }[];
  readonly totalHolders: number | null;
  readonly totalLiquidityUsd: number | null;
  readonly rugged: boolean | null;
}

const TOP_HOLDERS_SHOWN = 10;

/** RugCheck's token report (`GET /v1/tokens/{mint}/report`). */
export class RugCheckClient {
  readonly #base: string;

  constructor(baseUrl: string = RUGCHECK_DEFAULT_URL) {
    this.#base = baseUrl.replace(/\/+$/, '');
  }

  /** undefined when RugCheck knows no such mint (404). */
  async report(mint: string): Promise<RiskReport | undefined> {
    const client = upstreamClient('rugcheck');
    const raw = await client.getJson(new URL(`${this.#base}/v1/tokens/${encodeURIComponent(mint)}/report`), {
      cacheTtlMs: REPORT_TTL_MS,
    });
    if (raw === undefined) return undefined;
    const report = parseUpstream(reportWire, raw, client.provider, 'token report');
    return {
      mint: report.mint,
      name: report.tokenMeta?.name ?? null,
      symbol: report.tokenMeta?.symbol ?? null,
      score_normalised: report.score_normalised,
      risks: (report.risks ?? []).map((risk) => ({
        name: risk.name,
        value: risk.value || null,
        description: risk.description ?? null,
        level: risk.level ?? null,
      })),
      mintAuthority: report.token?.mintAuthority ?? null,
      freezeAuthority: report.token?.freezeAuthority ?? null,
      creator: report.creator ?? null,
      topHolders: (report.topHolders ?? []).slice(0, TOP_HOLDERS_SHOWN).map((holder) => ({
        address: holder.owner || holder.address,
        percent: holder.pct,
        insider: holder.insider ?? false,
      })),
      totalHolders: report.totalHolders ?? null,
      totalLiquidityUsd: report.totalMarketLiquidity ?? null,
      rugged: report.rugged ?? null,
    };
  }
}
