/**
 * Stacks post-condition semantics, to predict whether a payment transaction would abort on chain. The one
 * implementation: the facilitator calls it, and the sandbox ledger in `@svc/sandbox` applies it through
 * {@link stacksTransactionCodec} (that package does not depend on this one).
 */
import {
  decodeStacksTransaction,
  type StacksDecodedTransaction,
  type StacksFungibleComparator,
} from './transaction.js';

/** One fungible movement a transaction makes. Fees are not movements: post-conditions never cover them. */
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
 * Every post-condition must hold (amount of that asset sent by that principal, compared as the condition says),
 * and in `deny` mode every movement must be covered by a condition on the same principal and asset (`originator`
 * mode: every movement by the sender). Returns null when the transaction would proceed, else why it would abort.
 */
export function postConditionViolation(
  tx: Pick<StacksDecodedTransaction, 'sender' | 'postConditionMode' | 'postConditions'>,
  movements: readonly StacksAssetMovement[],
): string | null {
  const sent = (principal: string, asset: string) =>
    movements.filter((m) => m.from === principal && m.asset === asset).reduce((sum, m) => sum + m.amount, 0n);
  for (const pc of tx.postConditions) {
    switch (pc.type) {
      case 'stx':
        if (!compare(sent(pc.principal, 'STX'), pc.condition, pc.amount))
          return `post-condition failed: ${pc.principal} sends STX ${pc.condition} ${pc.amount}`;
        break;
      case 'ft':
        if (!compare(sent(pc.principal, pc.asset), pc.condition, pc.amount))
          return `post-condition failed: ${pc.principal} sends ${pc.asset} ${pc.condition} ${pc.amount}`;
        break;
      case 'nft':
        if (pc.condition === 'sent') return `post-condition failed: ${pc.principal} sends NFT ${pc.asset}`;
        break;
      case 'other':
        return `unsupported post-condition: ${pc.description}`;
    }
  }
  if (tx.postConditionMode === 'allow') return null;
  for (const m of movements) {
    if (tx.postConditionMode === 'originator' && m.from !== tx.sender) continue;
    const covered = tx.postConditions.some(
      (pc) =>
        (pc.type === 'stx' ? m.asset === 'STX' : pc.type === 'ft' ? pc.asset === m.asset : false) &&
        pc.principal === m.from,
    );
    if (!covered)
      return `post-condition mode ${tx.postConditionMode}: ${m.from} sends ${m.amount} ${m.asset} without a post-condition`;
  }
  return null;
}

/** The codec the sandbox Stacks ledger (`StacksSandboxLedger` in `@svc/chains`) takes: decoding and post-condition rules. */
export const stacksTransactionCodec = { decode: decodeStacksTransaction, postConditionViolation } as const;
