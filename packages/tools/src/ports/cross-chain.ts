// The cross-chain swap ports: what the bridge tools (a custodial exchange, ChangeNOW's flow) and the router tools (an
// intent solver, Relay's flow) need from their provider. The sandbox flavours are the sandbox operator and solver
// (cross-chain/sandbox-cross-chain.ts); the live ones ChangeNOW API v2 and the Relay API (@svc/providers).

/** A bridge currency on one network, ChangeNOW-style. */
export interface BridgeCurrency {
  /** The currency's ticker (ChangeNOW v2: the same on every network, e.g. "usdc"). */
  readonly ticker: string;
  /** The ticker naming the currency on this network alone (ChangeNOW's legacy ticker, e.g. "usdcbase"). */
  readonly legacyTicker: string;
  readonly name: string;
  /** The provider's network code (the tools' BNET7 codes: sol, eth, bsc, matic, base, hbar, btc). */
  readonly network: string;
  /** ERC-20 contract, SPL mint, …; null for a network's native coin. */
  readonly tokenContract: string | null;
}

/** An estimate of one exchange: amounts are decimal strings in whole units. */
export interface BridgeEstimate {
  readonly fromAmount: string;
  readonly toAmount: string;
  /** The operator's fee, in the currency received (null when the provider does not say). */
  readonly fee: string | null;
  readonly minAmount: string;
  readonly maxAmount: string | null;
  /** ISO time the rate holds until (null: floating rate). */
  readonly validUntil: string | null;
  readonly estimatedSeconds: number | null;
}

export interface BridgeExchangeRequest {
  readonly from: BridgeCurrency;
  readonly to: BridgeCurrency;
  readonly fromAmount: string;
  /** Payout address on the destination network. */
  readonly address: string;
  /** Where a refund goes, on the source network. */
  readonly refundAddress: string;
}

export interface BridgeExchangeCreated {
  readonly id: string;
  readonly payinAddress: string;
  readonly payinExtraId: string | null;
  readonly fromAmount: string;
  readonly toAmount: string;
}

/** ChangeNOW's exchange states. */
export const BRIDGE_STATUSES = [
  'new',
  'waiting',
  'confirming',
  'exchanging',
  'sending',
  'finished',
  'failed',
  'refunded',
  'verifying',
  'expired',
] as const;
export type BridgeStatus = (typeof BRIDGE_STATUSES)[number];

export interface BridgeExchangeState {
  readonly id: string;
  readonly status: BridgeStatus;
  readonly fromCurrency: string;
  readonly fromNetwork: string;
  readonly toCurrency: string;
  readonly toNetwork: string;
  readonly expectedAmountFrom: string | null;
  readonly expectedAmountTo: string | null;
  readonly amountFrom: string | null;
  readonly amountTo: string | null;
  readonly payinAddress: string;
  readonly payoutAddress: string;
  readonly refundAddress: string | null;
  readonly payinHash: string | null;
  readonly payoutHash: string | null;
  readonly refundHash: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly validUntil: string | null;
}

export interface BridgeProvider {
  /** 'sandbox' or the live provider's name. */
  readonly source: string;
  currencies(): Promise<readonly BridgeCurrency[]>;
  estimate(from: BridgeCurrency, to: BridgeCurrency, fromAmount: string): Promise<BridgeEstimate>;
  createExchange(request: BridgeExchangeRequest): Promise<BridgeExchangeCreated>;
  /** The exchange's state; undefined when the provider knows no such exchange. */
  exchange(id: string): Promise<BridgeExchangeState | undefined>;
}

/** A router currency descriptor (spec Resources item 8); `address` is the provider's own id of the currency. */
export interface RouterCurrency {
  readonly ticker: string;
  readonly name: string;
  /** RNET7: sol, eth, bsc, matic, base, alt, btc. */
  readonly network: string;
  readonly chainId: number;
  readonly address: string;
  readonly decimals: number;
  readonly tokenContract: string | null;
}

/** One transaction of a quote's step: the vault signs and sends it on `chainId`. */
export interface RouterTransaction {
  readonly to: string;
  readonly data: string;
  /** Native value in atomic units (decimal string). */
  readonly value: string;
  readonly chainId: number;
}

export interface RouterStep {
  /** 'approve', 'deposit', … */
  readonly id: string;
  readonly action: string;
  readonly description: string;
  readonly transactions: readonly RouterTransaction[];
}

export interface RouterQuoteRequest {
  /** The vault's address on the origin chain (it sends the steps). */
  readonly user: string;
  /** The vault's address on the destination chain. */
  readonly recipient: string;
  readonly from: RouterCurrency;
  readonly to: RouterCurrency;
  /** Atomic units of `from` (decimal string). */
  readonly amount: string;
}

export interface RouterQuote {
  /** Set once the provider has assigned the swap its request id (Relay: on the deposit step). */
  readonly requestId: string | null;
  readonly steps: readonly RouterStep[];
  /**
   * The addresses the provider names for the origin chain as where a deposit goes or what an approval is for (Relay:
   * its contracts and solver on that chain; the sandbox: its solver). The vault sends to nothing else.
   */
  readonly depositTargets: readonly string[];
  /** Whole units. */
  readonly fromAmount: string;
  readonly toAmount: string;
  readonly minimumToAmount: string | null;
  /** The provider's fees (gas, relayer, …), each in the currency it is taken in. */
  readonly fees: readonly RouterFee[];
  readonly estimatedSeconds: number | null;
}

export interface RouterFee {
  readonly kind: string;
  /** Whole units of `currency`. */
  readonly amount: string;
  readonly currency: string;
  readonly amountUsd: string | null;
}

/** Relay's intent states. */
export const ROUTER_STATUSES = ['waiting', 'pending', 'success', 'failure', 'refund'] as const;
export type RouterStatus = (typeof ROUTER_STATUSES)[number];

export interface RouterRequestState {
  readonly requestId: string;
  readonly status: RouterStatus;
  /** Origin-chain transactions (the deposit, a refund). */
  readonly inTxHashes: readonly string[];
  /** Destination-chain transactions (the fill). */
  readonly txHashes: readonly string[];
  readonly originChainId: number | null;
  readonly destinationChainId: number | null;
  readonly updatedAt: string | null;
  readonly details: string | null;
}

export interface RouterProvider {
  readonly source: string;
  currencies(): Promise<readonly RouterCurrency[]>;
  quote(request: RouterQuoteRequest): Promise<RouterQuote>;
  /** Tells the provider a step's transaction landed (Relay indexes it); a provider that watches chains ignores it. */
  indexTransaction(requestId: string, chainId: number, txHash: string): Promise<void>;
  status(requestId: string): Promise<RouterRequestState | undefined>;
}

/** The sandbox cross-chain counterparties, lent to the handlers in sandbox mode (HandlerResources.crossChain). */
export interface CrossChainProviders {
  readonly bridge: BridgeProvider;
  readonly router: RouterProvider;
}
