/**
 * What the perpdex tools read from a perpetuals exchange: Hyperliquid's info API, one method per info request type,
 * each answering in that request's shape (decimal strings, epoch milliseconds). Live mode reads Hyperliquid; sandbox
 * mode the sandbox perp exchange (packages/sandbox perps), which answers in the same shapes. Only the fields the
 * tools compute with are typed here; the rest pass through as the exchange sent them.
 */
import type { Address } from 'viem';

export type PerpCandleInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d' | '1w';

type Passed = Readonly<Record<string, unknown>>;

export interface PerpClearinghouseState extends Passed {
  readonly marginSummary: { readonly accountValue: string };
}

export interface PerpSpotState extends Passed {
  readonly balances: readonly (Passed & { readonly coin: string; readonly total: string })[];
}

export interface PerpDelegatorSummary extends Passed {
  readonly delegated: string;
  readonly undelegated: string;
  readonly totalPendingWithdrawal: string;
}

export interface PerpVaultEquity extends Passed {
  readonly vaultAddress: string;
  readonly equity: string;
}

export interface PerpAssetContext extends Passed {
  readonly dayNtlVlm: string;
}

export interface PerpMeta extends Passed {
  readonly universe: readonly (Passed & { readonly name: string; readonly isDelisted?: true })[];
}

export interface PerpBook extends Passed {
  readonly coin: string;
  readonly time: number;
  readonly levels: readonly [readonly Passed[], readonly Passed[]];
}

export interface PerpExchange {
  clearinghouseState(user: Address): Promise<PerpClearinghouseState>;
  spotClearinghouseState(user: Address): Promise<PerpSpotState>;
  frontendOpenOrders(user: Address): Promise<readonly Passed[]>;
  historicalOrders(user: Address): Promise<readonly (Passed & { readonly statusTimestamp: number })[]>;
  userFills(user: Address): Promise<readonly (Passed & { readonly time: number })[]>;
  delegations(user: Address): Promise<readonly Passed[]>;
  delegatorSummary(user: Address): Promise<PerpDelegatorSummary>;
  userVaultEquities(user: Address): Promise<readonly PerpVaultEquity[]>;
  /** [period, { accountValueHistory, pnlHistory, vlm }] for day, week, month, allTime and their perp-only twins. */
  portfolio(user: Address): Promise<readonly (readonly [string, unknown])[]>;
  metaAndAssetCtxs(): Promise<readonly [PerpMeta, readonly PerpAssetContext[]]>;
  allMids(): Promise<Readonly<Record<string, string>>>;
  /** Null for a coin the exchange has no book of. */
  l2Book(coin: string): Promise<PerpBook | null>;
  candleSnapshot(
    coin: string,
    interval: PerpCandleInterval,
    startTime: number,
    endTime: number,
  ): Promise<readonly Passed[]>;
  fundingHistory(coin: string, startTime: number, endTime: number): Promise<readonly Passed[]>;
  /** The account's HYPE on the exchange's EVM side (HyperEVM), in HYPE; null where there is no EVM side (sandbox). */
  evmHypeBalance(user: Address): Promise<string | null>;
  /** The address a name resolves to (ENS, the exchange's own names); undefined when it resolves to none. */
  resolveName(name: string): Promise<Address | undefined>;
}
