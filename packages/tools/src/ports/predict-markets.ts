import type { EvmNetwork } from '@svc/providers';
import type { PrivateKeyAccount } from 'viem/accounts';

/**
 * A prediction-market venue as the predict tools use it (Polymarket in live mode, the sandbox Polygon chain's
 * Conditional Tokens markets in sandbox mode). Reads answer in Polymarket's shapes: Gamma's events and tags, the Data
 * API's positions. Orders and redemptions act for the vault's EVM key on Polygon.
 */
export interface PredictMarkets {
  /** Gamma `GET /events`: open events, sorted and paged. */
  events(query: PredictEventsQuery): Promise<readonly Record<string, unknown>[]>;
  /** Gamma `GET /tags`. */
  tags(): Promise<readonly Record<string, unknown>[]>;
  /** Gamma `GET /public-search`: `{ events, tags, pagination }`. */
  search(query: PredictSearchQuery): Promise<Record<string, unknown>>;
  /** Gamma `GET /events/slug/{slug}`; undefined when no event has that slug. */
  event(slug: string): Promise<Record<string, unknown> | undefined>;
  /** Data API `GET /positions?user=`: the positions `user` holds, sorted and paged. */
  positions(user: `0x${string}`, query: PredictPositionsQuery): Promise<readonly Record<string, unknown>[]>;
  /** What a SELL of `shares` of outcome token `tokenID` would receive now, in USD (the spending policy's value). */
  sellValueUsd(tokenID: string, shares: number): Promise<number>;
  /**
   * A market order for the vault: every check and the signing first, then `wallet.commit()` (the call's point of no
   * return), then the order goes out. A refusal before the commit moves nothing.
   */
  placeOrder(order: PredictOrder, wallet: PredictWallet): Promise<Record<string, unknown>>;
  /** Redeems the vault's outcome tokens of a resolved condition for its collateral, committing as placeOrder does. */
  redeem(conditionId: `0x${string}`, wallet: PredictWallet): Promise<Record<string, unknown>>;
}

export interface PredictEventsQuery {
  readonly limit: number;
  readonly offset: number;
  readonly order: 'volume' | 'liquidity' | 'startDate' | 'endDate' | 'volume24hr';
  readonly ascending: boolean;
  readonly tagId?: number | undefined;
  readonly featured?: boolean | undefined;
}

export interface PredictSearchQuery {
  readonly q: string;
  readonly page: number;
  readonly eventsStatus: 'active' | 'inactive' | 'all';
}

export type PredictPositionsSort =
  'CURRENT' | 'INITIAL' | 'TOKENS' | 'CASHPNL' | 'PERCENTPNL' | 'TITLE' | 'RESOLVING' | 'PRICE' | 'AVGPRICE';

export interface PredictPositionsQuery {
  readonly limit: number;
  readonly offset: number;
  readonly sortBy: PredictPositionsSort;
  readonly sortOrder: 'asc' | 'desc';
}

export interface PredictOrder {
  /** The outcome token id (decimal). */
  readonly tokenID: string;
  readonly side: 'BUY' | 'SELL';
  /** USD to spend for BUY, shares to sell for SELL. */
  readonly amount: number;
}

/** The vault acting on Polygon: its key, the Polygon network (reached on first use), and the call's commit point. */
export interface PredictWallet {
  readonly signer: PrivateKeyAccount;
  /** Unconfigured (live mode without the Polygon RPC): a 503 naming its setting. */
  readonly polygon: () => Promise<EvmNetwork>;
  readonly commit: () => Promise<void>;
  /**
   * The account's swap slippage (percent): the sandbox maker refunds a fill worse than the quote less this (a live
   * order is bounded by the amounts it signs, priced on the book).
   */
  readonly slippagePercent: number;
}
