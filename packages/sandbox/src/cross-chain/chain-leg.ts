import type { CrossChainAsset, CrossChainNetwork } from './assets.js';

/**
 * What the operator and the solver do on one network: read balances and prices, pay from a key of theirs (a real
 * signed transaction), find the transaction that paid an address. Keys are derived from labels ("treasury", "payin:…"),
 * so the operator's addresses survive restarts of the process.
 */
export interface ChainLeg {
  /** The address of the operator key `label` on this network. */
  addressOf(label: string): Promise<string>;
  isAddress(text: string): boolean;
  balanceOf(owner: string, asset: CrossChainAsset): Promise<bigint>;
  priceUsd(asset: CrossChainAsset): Promise<number>;
  /** Sends `atomic` of `asset` from key `label` to `to`; resolves with the transaction hash once it landed. */
  pay(label: string, to: string, asset: CrossChainAsset, atomic: bigint, memo: string): Promise<string>;
  /** Sandbox funding of key `label` (the treasury, at start): the chain's faucet, not a transfer. */
  fund(label: string, asset: CrossChainAsset, atomic: bigint): Promise<void>;
  /** A transaction that moved `asset` into `owner`, the latest one; undefined when none did. */
  incomingTransaction(owner: string, asset: CrossChainAsset): Promise<string | undefined>;
  /** A mined transaction's call (EVM: the router's deposits); undefined when unknown here or not mined. */
  transaction(hash: string): Promise<LandedCall | undefined>;
}

/** What a landed transaction called: its target, value and input data, and whether it succeeded. */
export interface LandedCall {
  readonly from: string;
  readonly to: string | null;
  readonly value: bigint;
  readonly input: string;
  readonly succeeded: boolean;
}

/** The legs of every served network. */
export type ChainLegs = Readonly<Record<CrossChainNetwork, ChainLeg>>;
