import type { PrivateKey, Transaction } from '@hashgraph/sdk';
import type { HederaSdk } from './sdk.js';

/** An account as the mirror node serves it (`/api/v1/accounts/{idOrEvmAddress}`). */
export interface HederaAccountView {
  readonly accountId: string;
  /** The account's EVM address: its alias when it has one, else its long-zero address (lower case). */
  readonly evmAddress: string;
  /** False for a hollow account: created under an EVM alias, not yet used by its key. */
  readonly hasKey: boolean;
  readonly tinybar: bigint;
  /** Token balances in atomic units (zero balances may be omitted). */
  readonly tokens: readonly { readonly tokenId: string; readonly balance: bigint }[];
}

/** A fungible token (`/api/v1/tokens/{id}` on the mirror node; SaucerSwap's token list for discovery). */
export interface HederaTokenView {
  readonly tokenId: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

/** A constant-product pool of the swap venue; `HBAR` stands for HBAR (WHBAR in the live venue). */
export interface HederaPoolView {
  readonly contractId: string;
  readonly assets: readonly [string, string];
  readonly reserves: readonly [bigint, bigint];
}

/** What the network answered for an accepted transaction. */
export interface HederaExecution {
  readonly transactionId: string;
  readonly status: string;
  /** Known at once in the sandbox; null where the receipt does not carry it (read it on the mirror node). */
  readonly consensusTimestamp: string | null;
  /** The fee the payer was charged, where known at once (the sandbox's record); null otherwise. */
  readonly feeTinybars: bigint | null;
  /** Net balance changes, where known at once (the sandbox's record); null otherwise. */
  readonly transfers: readonly HederaTransfer[] | null;
}

/**
 * One Hedera network as the tools use it, with a sandbox implementation (the in-process ledger) and a live one
 * (mirror node REST, SaucerSwap, and @hashgraph/sdk's Client), so every tool runs the same code in both modes.
 * A refused transaction throws HederaLedgerError naming the Hedera status (both implementations).
 */
export interface HederaNetwork {
  /** CAIP-2, e.g. `hedera:mainnet`. */
  readonly caip2: string;
  /** The SaucerSwap V1 router the swap tool calls, and WHBAR, which stands for HBAR in its paths. */
  readonly swapRouter: { readonly routerId: string; readonly whbarTokenId: string };
  sdk(): Promise<HederaSdk>;
  /** By id (0.0.x), alias or long-zero EVM address; undefined when no such account exists. */
  account(ref: string): Promise<HederaAccountView | undefined>;
  token(tokenId: string): Promise<HederaTokenView | undefined>;
  /** Every token the swap venue lists (what hederaFindTokens searches). */
  tokens(): Promise<readonly HederaTokenView[]>;
  pools(): Promise<readonly HederaPoolView[]>;
  /** Freezes `tx` for this network with `payer` paying, signs it with `key`, submits it and waits for its receipt. */
  execute(tx: Transaction, payer: string, key: PrivateKey): Promise<HederaExecution>;
}

/** Hedera response codes a refused transaction names (the names a node uses; the sandbox ledger answers with these). */
export type HederaStatus =
  | 'INVALID_TRANSACTION_BODY'
  | 'INVALID_TRANSACTION_ID'
  | 'INVALID_NODE_ACCOUNT'
  | 'INVALID_TRANSACTION_START'
  | 'TRANSACTION_EXPIRED'
  | 'DUPLICATE_TRANSACTION'
  | 'PAYER_ACCOUNT_NOT_FOUND'
  | 'INVALID_ACCOUNT_ID'
  | 'INVALID_TOKEN_ID'
  | 'INVALID_SIGNATURE'
  | 'INVALID_ACCOUNT_AMOUNTS'
  | 'TRANSFERS_NOT_ZERO_SUM_FOR_TOKEN'
  | 'INSUFFICIENT_TX_FEE'
  | 'INSUFFICIENT_PAYER_BALANCE'
  | 'INSUFFICIENT_ACCOUNT_BALANCE'
  | 'INSUFFICIENT_TOKEN_BALANCE'
  | 'INVALID_CONTRACT_ID'
  | 'CONTRACT_REVERT_EXECUTED'
  | 'SPENDER_DOES_NOT_HAVE_ALLOWANCE'
  | 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT'
  | 'TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT'
  | 'NOT_SUPPORTED';

/** A transaction the network refused, naming its Hedera status: both the live network and the sandbox ledger throw it. */
export class HederaLedgerError extends Error {
  override readonly name = 'HederaLedgerError';
  constructor(
    readonly status: HederaStatus | (string & Record<never, never>),
    message: string,
  ) {
    super(`${status}: ${message}`);
  }
}

/** One balance change in a record: `asset` is HBAR or a token id; `amount` is signed atomic units. */
export interface HederaTransfer {
  readonly account: string;
  readonly asset: string;
  readonly amount: bigint;
}
