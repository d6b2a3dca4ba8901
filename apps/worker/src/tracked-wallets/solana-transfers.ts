import type { NewActivityEvent } from '@svc/store';
import type { ActivityKind, TransferDetails } from './event-kinds.js';

/** The parts of a `getTransaction` (encoding json) answer the watcher reads. */
export interface SolanaTransactionJson {
  readonly slot: number;
  readonly blockTime: number | null;
  readonly transaction: {
    readonly signatures: readonly string[];
    readonly message: { readonly accountKeys: readonly string[] };
  };
  readonly meta: {
    readonly err: unknown;
    readonly fee: number;
    readonly preBalances: readonly number[];
    readonly postBalances: readonly number[];
    readonly preTokenBalances?: readonly SolanaTokenBalanceJson[] | null;
    readonly postTokenBalances?: readonly SolanaTokenBalanceJson[] | null;
    readonly loadedAddresses?: { readonly writable: readonly string[]; readonly readonly: readonly string[] } | null;
  } | null;
}

interface SolanaTokenBalanceJson {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner?: string;
  readonly uiTokenAmount: { readonly amount: string; readonly decimals: number };
}

interface Change {
  readonly account: string;
  readonly index: number;
  readonly delta: bigint;
}

/** The account whose change mirrors `change` most (largest opposite delta): the transfer's other side, if any. */
function counterpartOf(change: Change, all: readonly Change[]): string | null {
  const opposite = all.filter(
    (other) => other.account !== change.account && other.delta !== 0n && other.delta > 0n !== change.delta > 0n,
  );
  opposite.sort((a, b) => ((b.delta < 0n ? -b.delta : b.delta) > (a.delta < 0n ? -a.delta : a.delta) ? 1 : -1));
  return opposite[0]?.account ?? null;
}

function eventsOf(
  changes: readonly Change[],
  tracked: ReadonlySet<string>,
  asset: TransferDetails['asset'],
  kind: 'native' | 'token',
  position: Omit<NewActivityEvent, 'chain' | 'address' | 'kind' | 'details' | 'logIndex'>,
): NewActivityEvent[] {
  return changes
    .filter((change) => change.delta !== 0n && tracked.has(change.account))
    .map((change) => {
      const incoming = change.delta > 0n;
      const other = counterpartOf(change, changes);
      const details: TransferDetails = {
        from: incoming ? (other ?? '') : change.account,
        to: incoming ? change.account : (other ?? ''),
        asset,
        amount: (incoming ? change.delta : -change.delta).toString(),
      };
      return {
        ...position,
        chain: 'solana',
        address: change.account,
        kind: `${kind}_transfer_${incoming ? 'in' : 'out'}` satisfies ActivityKind,
        logIndex: change.index,
        details: { ...details },
      };
    });
}

/**
 * The transfers a successful Solana transaction made for tracked addresses, from the balances the node reports
 * around it (so every program's transfers count, not only System and Token instructions): per tracked wallet, its
 * change in SOL (fees it paid added back) and per mint the change of the token accounts it owns. `from`/`to` name
 * the account with the largest opposite change ('' when none, e.g. a mint). `logIndex` is the account's index in
 * the transaction (the wallet's for SOL, its token account's for a token), so each event is unique.
 */
export function solanaTransferEvents(tx: SolanaTransactionJson, tracked: ReadonlySet<string>): NewActivityEvent[] {
  const meta = tx.meta;
  if (!meta || meta.err) return [];
  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
  const position = {
    txHash: tx.transaction.signatures[0] ?? '',
    blockNumber: tx.slot,
    occurredAt: tx.blockTime ? new Date(tx.blockTime * 1000) : new Date(),
  };

  const native = keys.map((account, index) => ({
    account,
    index,
    delta:
      BigInt(meta.postBalances[index] ?? 0) -
      BigInt(meta.preBalances[index] ?? 0) +
      (index === 0 ? BigInt(meta.fee) : 0n),
  }));
  const events = eventsOf(native, tracked, { type: 'native', symbol: 'SOL', decimals: 9 }, 'native', position);

  const byMint = new Map<string, { decimals: number; changes: Map<string, Change> }>();
  const add = (balances: readonly SolanaTokenBalanceJson[] | null | undefined, sign: 1n | -1n) => {
    for (const balance of balances ?? []) {
      if (!balance.owner) continue;
      const mint = byMint.get(balance.mint) ?? {
        decimals: balance.uiTokenAmount.decimals,
        changes: new Map<string, Change>(),
      };
      const previous = mint.changes.get(balance.owner);
      mint.changes.set(balance.owner, {
        account: balance.owner,
        index: previous?.index ?? balance.accountIndex,
        delta: (previous?.delta ?? 0n) + sign * BigInt(balance.uiTokenAmount.amount),
      });
      byMint.set(balance.mint, mint);
    }
  };
  add(meta.postTokenBalances, 1n);
  add(meta.preTokenBalances, -1n);
  for (const [mint, { decimals, changes }] of byMint) {
    events.push(...eventsOf([...changes.values()], tracked, { type: 'spl', mint, decimals }, 'token', position));
  }
  return events;
}
