/**
 * What the sandbox Stacks ledger needs to know about a signed Stacks transaction, and the codec that tells it.
 *
 * The ledger does not parse transactions itself: `@svc/chains` does not depend on `@stacks/transactions`. The codec
 * is injected; the real one is `stacksTransactionCodec` from `@svc/payments` (`schemes/stacks/transaction.ts`),
 * which deserializes the bytes with `@stacks/transactions`, verifies the origin signature with the library's own
 * `verifyOrigin` (recover the public key from each signature over the sighash, hash it, compare with the spending
 * condition's signer) and derives the sender address from the spending condition. It satisfies this interface
 * structurally.
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
  | { readonly type: 'stx'; readonly principal: string; readonly condition: StacksFungibleComparator; readonly amount: bigint }
  | {
      readonly type: 'ft';
      readonly principal: string;
      readonly condition: StacksFungibleComparator;
      readonly amount: bigint;
      /** `ADDRESS.contract-name::asset-name` */
      readonly asset: string;
    }
  | { readonly type: 'nft'; readonly principal: string; readonly condition: 'sent' | 'not-sent' | 'maybe-sent'; readonly asset: string }
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

export interface StacksTransactionCodec {
  /** Decodes a serialized signed transaction (hex, optional 0x). Throws on bytes that are not one canonical transaction. */
  decode(serializedTxHex: string): StacksDecodedTransaction;
}

/** One fungible movement a transaction makes (fees are not movements: post-conditions never cover them). */
export interface StacksAssetMovement {
  readonly from: string;
  /** 'STX' or `ADDRESS.contract-name::asset-name` */
  readonly asset: string;
  readonly amount: bigint;
}

function compare(sent: bigint, condition: StacksFungibleComparator, amount: bigint): boolean {
  switch (condition) {
    case 'eq':
      return sent === amount;
    case 'gt':
      return sent > amount;
    case 'gte':
      return sent >= amount;
    case 'lt':
      return sent < amount;
    case 'lte':
      return sent <= amount;
  }
}

/**
 * Stacks post-condition semantics for a contract call making `movements`: every condition must hold (amount sent by
 * that principal of that asset compared with the condition), and in `deny` mode every movement must be covered by a
 * condition on the same principal and asset (`originator` mode: every movement by the sender). Returns null when the
 * transaction may proceed, else why it would abort.
 */
export function postConditionViolation(tx: Pick<StacksDecodedTransaction, 'sender' | 'postConditionMode' | 'postConditions'>, movements: readonly StacksAssetMovement[]): string | null {
  const sent = (principal: string, asset: string) => movements.filter((m) => m.from === principal && m.asset === asset).reduce((sum, m) => sum + m.amount, 0n);
  for (const pc of tx.postConditions) {
    switch (pc.type) {
      case 'stx':
        if (!compare(sent(pc.principal, 'STX'), pc.condition, pc.amount)) return `post-condition failed: ${pc.principal} sends STX ${pc.condition} ${pc.amount}`;
        break;
      case 'ft':
        if (!compare(sent(pc.principal, pc.asset), pc.condition, pc.amount)) return `post-condition failed: ${pc.principal} sends ${pc.asset} ${pc.condition} ${pc.amount}`;
        break;
      case 'nft':
        // Fungible transfers move no NFT.
        if (pc.condition === 'sent') return `post-condition failed: ${pc.principal} sends NFT ${pc.asset}`;
        break;
      case 'other':
        return `unsupported post-condition: ${pc.description}`;
    }
  }
  if (tx.postConditionMode === 'allow') return null;
  for (const m of movements) {
    if (tx.postConditionMode === 'originator' && m.from !== tx.sender) continue;
    const covered = tx.postConditions.some((pc) => (pc.type === 'stx' ? m.asset === 'STX' : pc.type === 'ft' ? pc.asset === m.asset : false) && pc.principal === m.from);
    if (!covered) return `post-condition mode ${tx.postConditionMode}: ${m.from} sends ${m.amount} ${m.asset} without a post-condition`;
  }
  return null;
}
