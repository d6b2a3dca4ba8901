/**
 * The live Solana market: Jupiter (https://api.jup.ag, header x-api-key; lite-api.jup.ag was retired 2025-12-31).
 * - quotes: Swap API v1 `GET /swap/v1/quote?inputMint&outputMint&amount&slippageBps&swapMode`
 * - transactions: `POST /swap/v1/swap {quoteResponse, userPublicKey, wrapAndUnwrapSol, dynamicComputeUnitLimit}`
 *   → `{swapTransaction}` (base64 versioned transaction; the user signs it). Jupiter enforces the quote's
 *   slippageBps on chain (otherAmountThreshold), which is how the caller's minimum output is kept.
 * - prices: Price API v3 `GET /price/v3?ids=` → `{[mint]: {usdPrice, liquidity, …}}`; Jupiter v3 has no confidence
 *   field, so confidence comes from the reported liquidity (≥ $1M high, ≥ $10k medium, else low).
 * - tokens: Tokens API v2 `GET /tokens/v2/search?query=` (a symbol, a name, or up to 100 comma-separated mints).
 * Native SOL travels as the WSOL mint with wrapAndUnwrapSol (Jupiter wraps and unwraps around the swap).
 */
import { getBase64Encoder, getTransactionDecoder, type Transaction } from '@solana/kit';
import { UPSTREAM_PROVIDERS } from '../upstream/limits.js';
import { upstreamClient } from '../upstream/registry.js';
import { jsonOrUndefined, upstreamError } from '../upstream/upstream-client.js';
import { z } from 'zod';
import {
  NATIVE_SOL,
  type SolanaMarket,
  type SolanaSwapQuote,
  type SolanaTokenInfo,
  type SolanaTokenPrice,
  SwapUnavailable,
  WSOL_MINT,
} from './solana-market.js';

export const JUPITER_SETTING = { setting: 'JUPITER_API_KEY', provider: UPSTREAM_PROVIDERS.jupiter.name } as const;
const DEFAULT_BASE_URL = 'https://api.jup.ag';
/**
 * Token metadata hardly changes; prices are read by every quote and order tick, so a few seconds of reuse saves the
 * 1 request/second free plan without serving a stale price. Quotes are never reused (coalesced only); building a
 * swap transaction is a POST that changes nothing upstream, so it may be retried.
 */
const TOKENS_TTL_MS = 300_000;
const PRICES_TTL_MS = 5_000;
/** Jupiter's errorCode values for "no route between these mints". */
const NO_ROUTE_CODES = new Set(['COULD_NOT_FIND_ANY_ROUTE', 'NO_ROUTES_FOUND', 'TOKEN_NOT_TRADABLE']);

// Loose: the quote goes back to /swap/v1/swap whole, so fields we do not read must survive parsing.
const quoteWire = z.looseObject({
  inputMint: z.string(),
  outputMint: z.string(),
  inAmount: z.string(),
  outAmount: z.string(),
  routePlan: z.array(
    z.looseObject({
      swapInfo: z.looseObject({
        ammKey: z.string(),
        label: z.string().optional(),
        inputMint: z.string(),
        outputMint: z.string(),
        inAmount: z.string(),
        outAmount: z.string(),
      }),
    }),
  ),
});
const swapWire = z.object({ swapTransaction: z.string() });
const priceWire = z.record(z.string(), z.object({ usdPrice: z.number(), liquidity: z.number().optional() }).nullable());
const tokenWire = z.array(
  z.object({ id: z.string(), name: z.string(), symbol: z.string(), decimals: z.number().int() }),
);
const errorWire = z.object({ error: z.string().optional(), errorCode: z.string().optional() });

const wireMint = (asset: string) => (asset === NATIVE_SOL ? WSOL_MINT : asset);
const confidenceOf = (liquidity: number | undefined): SolanaTokenPrice['confidence'] =>
  liquidity === undefined ? 'low' : liquidity >= 1_000_000 ? 'high' : liquidity >= 10_000 ? 'medium' : 'low';

export function jupiterMarket(options: { apiKey: string; baseUrl?: string | undefined }): SolanaMarket {
  const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const upstream = upstreamClient('jupiter');
  const call = async <S extends z.ZodType>(
    schema: S,
    path: string,
    init: { query?: Record<string, string>; body?: unknown; cacheTtlMs?: number } = {},
  ): Promise<z.output<S>> => {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
    const answer = await upstream.request({
      url,
      headers: {
        accept: 'application/json',
        'x-api-key': options.apiKey,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined
        ? {}
        : { body: JSON.stringify(init.body), method: 'POST' as const, idempotent: true }),
      ...(init.cacheTtlMs ? { cacheTtlMs: init.cacheTtlMs } : {}),
    });
    const body = jsonOrUndefined(answer);
    if (!answer.ok) {
      const problem = errorWire.safeParse(body);
      const code = problem.success ? problem.data.errorCode : undefined;
      if (code && NO_ROUTE_CODES.has(code)) throw new SwapUnavailable('no_route', `Jupiter found no route (${code})`);
      throw upstreamError(JUPITER_SETTING.provider, `answered HTTP ${answer.status}${code ? ` (${code})` : ''}`, {
        upstreamStatus: answer.status,
      });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw upstreamError(JUPITER_SETTING.provider, `answered an unexpected ${path} body`, {
        upstreamStatus: answer.status,
      });
    return parsed.data;
  };
  const tokenOf = (wire: z.output<typeof tokenWire>[number]): SolanaTokenInfo => ({
    asset: wire.id,
    symbol: wire.symbol,
    name: wire.name,
    decimals: wire.decimals,
  });

  return {
    async findTokens(query) {
      const found = await call(tokenWire, '/tokens/v2/search', { query: { query }, cacheTtlMs: TOKENS_TTL_MS });
      const wanted = query.trim().toLowerCase();
      const tokens = found.map(tokenOf);
      return [
        ...tokens.filter((token) => token.symbol.toLowerCase() === wanted),
        ...tokens.filter((token) => token.symbol.toLowerCase() !== wanted),
      ];
    },
    async tokensByMint(mints) {
      const wanted = [...new Set(mints.map(wireMint))];
      if (wanted.length === 0) return new Map();
      const found = await call(tokenWire, '/tokens/v2/search', {
        query: { query: wanted.join(',') },
        cacheTtlMs: TOKENS_TTL_MS,
      });
      const byMint = new Map(found.map((wire) => [wire.id, tokenOf(wire)]));
      return new Map(
        mints.flatMap((mint) => {
          const token = byMint.get(wireMint(mint));
          return token ? [[mint, mint === NATIVE_SOL ? { ...token, asset: NATIVE_SOL } : token] as const] : [];
        }),
      );
    },
    async pricesUsd(mints) {
      const prices = await call(priceWire, '/price/v3', {
        query: { ids: [...new Set(mints.map(wireMint))].join(',') },
        cacheTtlMs: PRICES_TTL_MS,
      });
      return new Map(
        mints.flatMap((mint) => {
          const price = prices[wireMint(mint)];
          return price
            ? [[mint, { priceUsd: price.usdPrice, confidence: confidenceOf(price.liquidity) }] as const]
            : [];
        }),
      );
    },
    async quote({ inputAsset, outputAsset, amount, swapMode, slippageBps }): Promise<SolanaSwapQuote> {
      const wire = await call(quoteWire, '/swap/v1/quote', {
        query: {
          inputMint: wireMint(inputAsset),
          outputMint: wireMint(outputAsset),
          amount: amount.toString(),
          slippageBps: String(slippageBps),
          swapMode,
        },
      });
      const assetOf = (mint: string) =>
        mint === WSOL_MINT && (inputAsset === NATIVE_SOL || outputAsset === NATIVE_SOL) ? NATIVE_SOL : mint;
      return {
        inputAsset,
        outputAsset,
        inAmount: BigInt(wire.inAmount),
        outAmount: BigInt(wire.outAmount),
        route: wire.routePlan.map(({ swapInfo }) => ({
          venue: swapInfo.label ?? 'Jupiter',
          poolAddress: swapInfo.ammKey,
          inputAsset: assetOf(swapInfo.inputMint),
          outputAsset: assetOf(swapInfo.outputMint),
          inAmount: BigInt(swapInfo.inAmount),
          outAmount: BigInt(swapInfo.outAmount),
        })),
        providerQuote: wire,
      };
    },
    async swapTransaction(quote, user): Promise<Transaction> {
      const wire = await call(swapWire, '/swap/v1/swap', {
        body: {
          quoteResponse: quote.providerQuote,
          userPublicKey: user,
          wrapAndUnwrapSol: quote.inputAsset === NATIVE_SOL || quote.outputAsset === NATIVE_SOL,
          dynamicComputeUnitLimit: true,
        },
      });
      return getTransactionDecoder().decode(getBase64Encoder().encode(wire.swapTransaction));
    },
  };
}
