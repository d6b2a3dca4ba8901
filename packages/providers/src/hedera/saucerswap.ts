import { z } from 'zod';
import { upstreamClient } from '../upstream/registry.js';
import { parseUpstream, upstreamError } from '../upstream/upstream-client.js';
import type { ProviderSetting } from '../provider-mode.js';
import type { HederaTokenView } from '@svc/chains';

/** The key SaucerSwap's REST API requires on mainnet (`x-api-key`). */
export const SAUCERSWAP_SETTING: ProviderSetting = { provider: 'SaucerSwap', setting: 'SAUCERSWAP_API_KEY' };

/** A SaucerSwap V1 (constant-product) pool; `HBAR` stands where the pool holds WHBAR. */
export interface VenuePool {
  readonly contractId: string;
  readonly assets: readonly [string, string];
  readonly reserves: readonly [bigint, bigint];
}

const tokenWire = z.object({ id: z.string(), name: z.string(), symbol: z.string(), decimals: z.number() });
/** The token list changes rarely; pool reserves move with every swap, and a quote reads them, so they are reused only briefly. */
const TTL_MS = { tokens: 60_000, pools: 2_000 } as const;

const poolWire = z.object({
  contractId: z.string(),
  tokenA: tokenWire,
  tokenB: tokenWire,
  tokenReserveA: z.string(),
  tokenReserveB: z.string(),
});

/** SaucerSwap's REST API (`{base}/tokens`, `{base}/pools`), e.g. https://api.saucerswap.finance. */
export class LiveSaucerSwap {
  readonly #base: string;
  readonly #apiKey: string;
  readonly #whbarTokenId: string;

  /** `whbarTokenId`: WHBAR on this network (0.0.1456986 on mainnet), reported as HBAR in pools. */
  constructor(baseUrl: string, apiKey: string, whbarTokenId: string) {
    this.#base = baseUrl.replace(/\/+$/, '');
    this.#apiKey = apiKey;
    this.#whbarTokenId = whbarTokenId;
  }

  /** Every token SaucerSwap lists. */
  async tokens(): Promise<HederaTokenView[]> {
    return (await this.#list('tokens', tokenWire)).map(({ id, name, symbol, decimals }) => ({
      tokenId: id,
      name,
      symbol,
      decimals,
    }));
  }

  /** Every V1 pool with its current reserves (what a constant-product quote needs). */
  async pools(): Promise<VenuePool[]> {
    const asset = (id: string) => (id === this.#whbarTokenId ? 'HBAR' : id);
    return (await this.#list('pools', poolWire)).map((pool) => ({
      contractId: pool.contractId,
      assets: [asset(pool.tokenA.id), asset(pool.tokenB.id)] as const,
      reserves: [BigInt(pool.tokenReserveA), BigInt(pool.tokenReserveB)] as const,
    }));
  }

  async #list<S extends z.ZodType>(route: keyof typeof TTL_MS, item: S): Promise<z.output<S>[]> {
    const raw = await upstreamClient('saucerSwap').getJson(new URL(`${this.#base}/${route}`), {
      headers: { 'x-api-key': this.#apiKey },
      cacheTtlMs: TTL_MS[route],
    });
    if (raw === undefined)
      throw upstreamError(SAUCERSWAP_SETTING.provider, `has no ${route} route at ${this.#base} (HTTP 404)`, {
        upstreamStatus: 404,
      });
    return parseUpstream(z.array(item), raw, SAUCERSWAP_SETTING.provider, route);
  }
}
