import { type CallRecord, recordSettledCall } from './call-ledger.js';
import type { Db, Queryable } from './db.js';
import { accountForWallet } from './identity.js';

/**
 * Prepaid account credit (migration 0008): integer micro-USD amounts as bigint, never floats. Every change of a
 * balance writes its `credit_entries` row in the same statement or transaction, so the entries always explain the
 * balance.
 */
export type CreditEntryKind = 'topup' | 'grant' | 'debit' | 'refund' | 'call_refund';

export interface CreditEntry {
  readonly id: string;
  readonly kind: CreditEntryKind;
  /** Signed micro-USD: positive for topup, grant, refund and call_refund; negative for debit. */
  readonly amount: bigint;
  readonly balanceAfter: bigint;
  readonly tool: string | null;
  /** topup and call_refund: the settled payment's id; refund: the debit it reverses. */
  readonly reference: string | null;
  /** call_refund: the call-ledger row of the failed call whose price it credits. */
  readonly callId: string | null;
  readonly note: string | null;
  readonly createdAt: Date;
}

export interface CreditDebit {
  readonly debitId: string;
  readonly balance: bigint;
}

type EntryRow = {
  id: string | number;
  kind: CreditEntryKind;
  amount: string;
  balance_after: string;
  tool: string | null;
  reference: string | null;
  call_id: string | number | null;
  note: string | null;
  created_at: unknown;
};

const toEntry = (row: EntryRow): CreditEntry => ({
  id: String(row.id),
  kind: row.kind,
  amount: BigInt(row.amount),
  balanceAfter: BigInt(row.balance_after),
  tool: row.tool,
  reference: row.reference,
  callId: row.call_id === null ? null : String(row.call_id),
  note: row.note,
  createdAt: new Date(row.created_at as string),
});

export async function creditBalance(db: Queryable, accountId: string): Promise<bigint> {
  const { rows } = await db.query<{ balance: string }>(
    'SELECT balance::text AS balance FROM account_credit WHERE account_id = $1',
    [accountId],
  );
  return rows[0] ? BigInt(rows[0].balance) : 0n;
}

/** The account's most recent entries, newest first. */
export async function creditEntries(db: Queryable, accountId: string, limit = 50): Promise<CreditEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT id, kind, amount::text AS amount, balance_after::text AS balance_after, tool, reference, call_id, note, created_at
       FROM credit_entries WHERE account_id = $1 ORDER BY id DESC LIMIT $2`,
    [accountId, limit],
  );
  return rows.map(toEntry);
}

/**
 * Take `amount` from the account's credit for one call of `tool`, in one statement: nothing when the balance is
 * short (undefined), never a negative balance, never a debit without its entry.
 */
export async function debitCredit(
  db: Queryable,
  debit: { accountId: string; amount: bigint; tool: string },
): Promise<CreditDebit | undefined> {
  const { rows } = await db.query<{ id: string | number; balance_after: string }>(
    `WITH debited AS (
       UPDATE account_credit SET balance = balance - $2::numeric, updated_at = now()
        WHERE account_id = $1 AND balance >= $2::numeric RETURNING account_id, balance)
     INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool)
     SELECT account_id, 'debit', -($2::numeric), balance, $3 FROM debited
     RETURNING id, balance_after::text AS balance_after`,
    [debit.accountId, debit.amount.toString(), debit.tool],
  );
  return rows[0] && { debitId: String(rows[0].id), balance: BigInt(rows[0].balance_after) };
}

/**
 * Inserts a credit entry (its reference unique for its kind), then applies it to the balance, in one transaction.
 * Undefined when an entry of that kind and reference exists already: nothing changes.
 */
function applyEntry(db: Db, insertEntry: { sql: string; params: readonly unknown[] }): Promise<bigint | undefined> {
  return db.transaction((tx) => applyEntryIn(tx, insertEntry));
}

/** `applyEntry` inside the caller's transaction `tx`. */
async function applyEntryIn(
  tx: Queryable,
  insertEntry: { sql: string; params: readonly unknown[] },
): Promise<bigint | undefined> {
  const { rows } = await tx.query<{ id: string | number; account_id: string; amount: string }>(
    insertEntry.sql,
    insertEntry.params,
  );
  const entry = rows[0];
  if (!entry) return undefined;
  const { rows: balances } = await tx.query<{ balance: string }>(
    `INSERT INTO account_credit (account_id, balance) VALUES ($1, $2::numeric)
     ON CONFLICT (account_id) DO UPDATE SET balance = account_credit.balance + EXCLUDED.balance, updated_at = now()
     RETURNING balance::text AS balance`,
    [entry.account_id, entry.amount],
  );
  const balance = balances[0]!.balance;
  await tx.query('UPDATE credit_entries SET balance_after = $2::numeric WHERE id = $1', [entry.id, balance]);
  return BigInt(balance);
}

/**
 * Add credit: a `topup` paid by the settled payment `reference` (credited once however often it is presented), or
 * an operator's `grant`. Returns whether this call credited, and the balance after.
 */
export async function addCredit(
  db: Db,
  credit: {
    accountId: string;
    amount: bigint;
    kind: 'topup' | 'grant';
    reference?: string | undefined;
    note?: string | undefined;
  },
): Promise<{ credited: boolean; balance: bigint }> {
  if (credit.amount <= 0n) throw new RangeError('Credit to add must be positive.');
  if (credit.kind === 'topup' && !credit.reference)
    throw new RangeError('A top-up needs the reference of the payment that paid it.');
  const balance = await db.transaction((tx) => insertCredit(tx, credit));
  return balance === undefined
    ? { credited: false, balance: await creditBalance(db, credit.accountId) }
    : { credited: true, balance };
}

/**
 * The top-up paid by a settlement reconciliation found landed (see finishUnansweredSettlement), inside its
 * transaction: credited once per payment, whichever of the call and reconciliation gets there first.
 */
export function creditTopupIn(
  tx: Queryable,
  topup: { accountId: string; amount: bigint; reference: string },
): Promise<bigint | undefined> {
  return insertCredit(tx, { ...topup, kind: 'topup' });
}

/**
 * A paid top-up's ledger row (which marks its payment settled) and its credit, in one transaction: a crash between
 * the two would leave a settled payment that reconciliation never revisits and an account never credited. The
 * payment id is the top-up's reference, so it credits once. Answers the balance after it.
 */
export async function recordSettledTopup(
  db: Db,
  topup: { paymentId: string; call: CallRecord & { readonly txHash: string }; accountId: string; amount: bigint },
): Promise<bigint> {
  const balance = await db.transaction(async (tx) => {
    await recordSettledCall(tx, topup.paymentId, topup.call);
    return creditTopupIn(tx, { accountId: topup.accountId, amount: topup.amount, reference: topup.paymentId });
  });
  return balance ?? creditBalance(db, topup.accountId);
}

function insertCredit(
  tx: Queryable,
  credit: {
    accountId: string;
    amount: bigint;
    kind: 'topup' | 'grant';
    reference?: string | undefined;
    note?: string | undefined;
  },
): Promise<bigint | undefined> {
  return applyEntryIn(tx, {
    sql: `INSERT INTO credit_entries (account_id, kind, amount, balance_after, reference, note) VALUES ($1, $2, $3::numeric, 0, $4, $5)
          ON CONFLICT (reference) WHERE kind = 'topup' DO NOTHING RETURNING id, account_id, amount::text AS amount`,
    params: [credit.accountId, credit.kind, credit.amount.toString(), credit.reference ?? null, credit.note ?? null],
  });
}

/** Give a debit back (its call failed): at most once per debit. Returns the balance after, or undefined if already refunded. */
export function refundDebit(db: Db, debitId: string): Promise<bigint | undefined> {
  return applyEntry(db, {
    sql: `INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, reference)
          SELECT account_id, 'refund', -amount, 0, tool, id::text FROM credit_entries WHERE id = $1 AND kind = 'debit'
          ON CONFLICT (reference) WHERE kind = 'refund' DO NOTHING RETURNING id, account_id, amount::text AS amount`,
    params: [debitId],
  });
}

/** Who a call refund is credited to: the caller's account, or else the account of the wallet that paid. */
export type RefundRecipient =
  { readonly accountId: string } | { readonly wallet: { readonly chainId: string; readonly address: string } };

export interface CallRefund {
  /** The call's ledger row; none when a settlement reconciliation recorded the call first. */
  readonly callId: string | undefined;
  readonly accountId: string;
  /** Whether this call credited (false: the payment was credited already, nothing changed). */
  readonly credited: boolean;
  readonly balance: bigint;
}

/**
 * Records a call that `paymentId` paid for and that failed after its payment settled, and credits `amount` (its
 * price, micro-USD) to `recipient`'s account as a `call_refund` entry naming the call, in one transaction: a
 * settled failure never lacks its refund. A payer without an account gets one keyed by its wallet, as its first
 * sign-in would create it, so the credit is theirs once they sign in with that wallet. The payment id is the
 * refund's unique reference: a payment is credited at most once.
 */
export function recordRefundedCall(
  db: Db,
  refund: {
    paymentId: string;
    call: CallRecord & { readonly txHash: string };
    recipient: RefundRecipient;
    amount: bigint;
    note: string;
  },
): Promise<CallRefund> {
  if (refund.amount <= 0n) throw new RangeError('A call refund must be positive.');
  return db.transaction(async (tx) => {
    const { recipient } = refund;
    const accountId =
      'accountId' in recipient
        ? recipient.accountId
        : (await accountForWallet(tx, recipient.wallet.chainId, recipient.wallet.address)).accountId;
    const callId = await recordSettledCall(tx, refund.paymentId, refund.call);
    const balance = await applyEntryIn(tx, {
      sql: `INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, reference, call_id, note)
            VALUES ($1, 'call_refund', $2::numeric, 0, $3, $4, $5, $6)
            ON CONFLICT (reference) WHERE kind = 'call_refund' DO NOTHING RETURNING id, account_id, amount::text AS amount`,
      params: [accountId, refund.amount.toString(), refund.call.tool, refund.paymentId, callId, refund.note],
    });
    return balance === undefined
      ? { callId, accountId, credited: false, balance: await creditBalance(tx, accountId) }
      : { callId, accountId, credited: true, balance };
  });
}
