/**
 * What the sandbox Stacks ledger needs to know about a signed Stacks transaction, and the codec that tells it.
 *
 * The ledger does not parse transactions itself: `@svc/sandbox` does not depend on `@stacks/transactions`. The codec
 * is injected; the real one is `stacksTransactionCodec` from `@svc/payments` (`schemes/stacks/transaction.ts`),
 * which deserializes the bytes with `@stacks/transactions`, verifies the origin signature with the library's own
 * `verifyOrigin` (recover the public key from each signature over the sighash, hash it, compare with the spending
 * condition's signer), derives the sender address from the spending condition, and evaluates post-conditions. It
 * satisfies this interface structurally.
 */

export type StacksNetworkName = 'mainnet' | 'testnet';

export type StacksFungibleComparator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

/** SIP-010 `transfer(amount uint, sender principal, recipient principal, memo (optional (buff 34)))` arguments. */
export interface StacksSip010TransferArgs {
  readonly amount: bigint;
  readonly sender: string;
  readonly recipient: string;
  /** Hex of the memo buffer, or null for `none`. */
  readonly memo: string | null;
}

export type StacksDecodedPayload =
  /** Native STX transfer payload. */
  | { readonly kind: 'token-transfer'; readonly recipient: string; readonly amount: bigint; readonly memo: string }
  /**
   * A contract call. `sip010Transfer` is set when the function is `transfer` and its arguments have the SIP-010
   * shape; null otherwise.
   */
  | {
      readonly kind: 'contract-call';
      /** `ADDRESS.contract-name` */
      readonly contract: string;
      readonly functionName: string;
      readonly sip010Transfer: StacksSip010TransferArgs | null;
    }
  /** Any other payload (contract deploy, coinbase, …): never applied by the sandbox ledger. */
  | { readonly kind: 'other'; readonly payloadType: number };

/** A post-condition, with the `origin` principal already resolved to the sender address. */
export type StacksDecodedPostCondition =
  | {
      readonly type: 'stx';
      readonly principal: string;
      readonly condition: StacksFungibleComparator;
      readonly amount: bigint;
    }
  | {
      readonly type: 'ft';
      readonly principal: string;
      readonly condition: StacksFungibleComparator;
      readonly amount: bigint;
      /** `ADDRESS.contract-name::asset-name` */
      readonly asset: string;
    }
  | {
      readonly type: 'nft';
      readonly principal: string;
      readonly condition: 'sent' | 'not-sent' | 'maybe-sent';
      readonly asset: string;
    }
  /** Staking / PoX conditions: not evaluated, a transaction carrying one is refused. */
  | { readonly type: 'other'; readonly principal: string; readonly description: string };

export interface StacksDecodedTransaction {
  /** The transaction id as the library computes it (hex, no 0x). */
  readonly txid: string;
  readonly version: StacksNetworkName;
  readonly chainId: number;
  /** Origin address, derived from the spending condition's signer hash and hash mode (never from a payload field). */
  readonly sender: string;
  readonly sponsored: boolean;
  /** Result of verifying the origin signature(s) against the sighash and the signer hash. */
  readonly signature: { readonly valid: true } | { readonly valid: false; readonly reason: string };
  readonly nonce: bigint;
  readonly fee: bigint;
  readonly payload: StacksDecodedPayload;
  readonly postConditionMode: 'allow' | 'deny' | 'originator';
  readonly postConditions: readonly StacksDecodedPostCondition[];
}

/** One fungible movement a transaction makes (fees are not movements: post-conditions never cover them). */
export interface StacksAssetMovement {
  readonly from: string;
  /** 'STX' or `ADDRESS.contract-name::asset-name` */
  readonly asset: string;
  readonly amount: bigint;
}

export interface StacksTransactionCodec {
  /** Decodes a serialized signed transaction (hex, optional 0x). Throws on bytes that are not one canonical transaction. */
  decode(serializedTxHex: string): StacksDecodedTransaction;
  /**
   * Stacks post-condition semantics: null when a transaction making `movements` would proceed, else why it would
   * abort. The rules come with the codec so that the ledger and the payment facilitator apply one implementation
   * (`postConditionViolation` in `@svc/payments`), and this package needs no copy of them.
   */
  postConditionViolation(
    tx: Pick<StacksDecodedTransaction, 'sender' | 'postConditionMode' | 'postConditions'>,
    movements: readonly StacksAssetMovement[],
  ): string | null;
}
