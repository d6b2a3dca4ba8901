import { z } from 'zod';
import { authOf, type ProviderAuth, type X402Offer } from '../provider-auth.js';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';

/** The Nansen API key (the intel stand-in). */
export const NANSEN_SETTING: ProviderSetting = { provider: 'On-chain analytics (Nansen)', setting: 'NANSEN_API_KEY' };

const BASE_URL = 'https://api.nansen.ai/api/v1';

/**
 * Nansen sells its Pro-tier endpoints (all of ours) per call over x402 at the same `/api/v1/*` paths, without the
 * `apiKey` header, in USDC on Base or Solana ($0.01 to $0.05 a call by endpoint tier):
 * https://docs.nansen.ai/getting-started/agentic-payments/x402-payments and
 * https://docs.nansen.ai/getting-started/agentic-payments.
 */
export const NANSEN_X402: X402Offer = { families: ['evm', 'svm'] };

/** Our chain names where Nansen spells them differently: the catalog's perpevm is Hyperliquid's HyperEVM. */
const NANSEN_CHAIN: Readonly<Record<string, string>> = { perpevm: 'hyperevm' };
const nansenChain = (chain: string) => NANSEN_CHAIN[chain] ?? chain;

/** Nansen's smart-money labels, for who-bought-sold's smart_money view (docs.nansen.ai, "Smart Money labels"). */
export const SMART_MONEY_LABELS = ['Fund', 'Smart Trader', '30D Smart Trader', '90D Smart Trader', '180D Smart Trader'];

const row = z.record(z.string(), z.unknown());
const pageWire = z.object({
  data: z.array(row),
  pagination: z.object({ page: z.number(), per_page: z.number(), is_last_page: z.boolean() }).partial().nullish(),
});

/** One page of rows, each as Nansen names its fields (they differ per endpoint and are documented there). */
export interface NansenPage {
  readonly rows: readonly Readonly<Record<string, unknown>>[];
  readonly page: number;
  /** Nansen's word on whether more rows follow; null when it did not say. */
  readonly isLastPage: boolean | null;
}

export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/** The catalog's per_page is any positive number; Nansen pages by whole rows. */
const pagination = (perPage: number) => ({ page: 1, per_page: Math.max(1, Math.floor(perPage)) });

/** Nansen API v1: every endpoint a POST with a JSON body, authenticated by the `apiKey` header or paid per call. */
export class NansenClient {
  constructor(
    private readonly auth: ProviderAuth,
    private readonly baseUrl = BASE_URL,
  ) {}

  smartMoneyHoldings(chain: string, perPage: number): Promise<NansenPage> {
    return this.#page('/smart-money/holdings', { chains: [nansenChain(chain)], pagination: pagination(perPage) });
  }

  smartMoneyNetflow(chain: string, perPage: number): Promise<NansenPage> {
    return this.#page('/smart-money/netflow', { chains: [nansenChain(chain)], pagination: pagination(perPage) });
  }

  smartMoneyDexTrades(chain: string, perPage: number): Promise<NansenPage> {
    return this.#page('/smart-money/dex-trades', { chains: [nansenChain(chain)], pagination: pagination(perPage) });
  }

  pnlLeaderboard(chain: string, tokenAddress: string, date: DateRange, perPage: number): Promise<NansenPage> {
    return this.#page('/tgm/pnl-leaderboard', {
      chain: nansenChain(chain),
      token_address: tokenAddress,
      date,
      pagination: pagination(perPage),
    });
  }

  /** smart_money keeps traders carrying one of Nansen's smart-money labels; all_traders filters nothing. */
  whoBoughtSold(
    chain: string,
    tokenAddress: string,
    date: DateRange,
    labelType: 'smart_money' | 'all_traders',
    perPage: number,
  ): Promise<NansenPage> {
    return this.#page('/tgm/who-bought-sold', {
      chain: nansenChain(chain),
      token_address: tokenAddress,
      date,
      ...(labelType === 'smart_money' ? { filters: { include_smart_money_labels: SMART_MONEY_LABELS } } : {}),
      pagination: pagination(perPage),
    });
  }

  /** The wallet's transactions over the range (profiler): what it did, with values and counterparties. */
  walletTransactions(chain: string, address: string, date: DateRange, perPage: number): Promise<NansenPage> {
    return this.#page('/profiler/address/transactions', {
      address,
      chain: nansenChain(chain),
      date,
      pagination: pagination(perPage),
    });
  }

  perpPositions(tokenSymbol: string, labelType: 'smart_money' | 'all_traders', perPage: number): Promise<NansenPage> {
    return this.#page('/tgm/perp-positions', {
      token_symbol: tokenSymbol,
      label_type: labelType,
      pagination: pagination(perPage),
    });
  }

  /** `POST /portfolio/defi-holdings`: one document (summary and protocols across chains), not a page of rows. */
  async defiHoldings(walletAddress: string): Promise<Readonly<Record<string, unknown>>> {
    return upstreamJson(
      upstreamClient('nansen'),
      this.#call('/portfolio/defi-holdings', { wallet_address: walletAddress }, row),
    );
  }

  tokenScreener(chains: readonly string[], timeframe: string, smartMoneyOnly: boolean, perPage: number) {
    return this.#page('/token-screener', {
      chains: chains.map(nansenChain),
      timeframe,
      ...(smartMoneyOnly ? { filters: { only_smart_money: true } } : {}),
      pagination: pagination(perPage),
    });
  }

  async #page(path: string, body: Record<string, unknown>): Promise<NansenPage> {
    const answer = await upstreamJson(upstreamClient('nansen'), this.#call(path, body, pageWire));
    return {
      rows: answer.data,
      page: answer.pagination?.page ?? 1,
      isLastPage: answer.pagination?.is_last_page ?? null,
    };
  }

  #call<S extends z.ZodType>(path: string, body: Record<string, unknown>, schema: S) {
    return {
      url: new URL(`${this.baseUrl}${path}`),
      ...authOf(this.auth, 'apiKey'),
      body,
      schema,
      what: path.slice(1),
    };
  }
}
