import type { Db, Queryable } from './db.js';

/**
 * An account's spending policy, amounts in micro-USD. `null` lists mean "any". The defaults (no row) are the
 * caller's to choose (`@svc/tools` documents them); this module only stores what an owner set.
 */
export interface SpendingPolicy {
  readonly perCallUsd: bigint;
  readonly dailyUsd: bigint;
  readonly allowedRecipients: readonly string[] | null;
  readonly allowedTools: readonly string[] | null;
  /** Whether a call moving value that no price source can value passes the caps (counted at its price alone). */
  readonly allowUnpricedMoves: boolean;
}

type PolicyRow = {
  per_call_usd: string;
  daily_usd: string;
  allowed_recipients: unknown;
  allowed_tools: unknown;
  allow_unpriced_moves: boolean;
  updated_at: unknown;
};

/** jsonb arrives parsed from pg and PGlite alike; a string only if a driver ever hands it over raw. */
const list = (value: unknown): readonly string[] | null =>
  value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as string[]);

export async function findSpendingPolicy(
  db: Queryable,
  accountId: string,
): Promise<(SpendingPolicy & { updatedAt: Date }) | undefined> {
  const { rows } = await db.query<PolicyRow>(
    `SELECT per_call_usd::text AS per_call_usd, daily_usd::text AS daily_usd, allowed_recipients, allowed_tools, allow_unpriced_moves, updated_at
     FROM spending_policies WHERE account_id = $1`,
    [accountId],
  );
  const row = rows[0];
  return (
    row && {
      perCallUsd: BigInt(row.per_call_usd),
      dailyUsd: BigInt(row.daily_usd),
      allowedRecipients: list(row.allowed_recipients),
      allowedTools: list(row.allowed_tools),
      allowUnpricedMoves: row.allow_unpriced_moves,
      updatedAt: new Date(row.updated_at as string),
    }
  );
}

export async function saveSpendingPolicy(db: Queryable, accountId: string, policy: SpendingPolicy): Promise<void> {
  const json = (value: readonly string[] | null) => (value === null ? null : JSON.stringify(value));
  await db.query(
    `INSERT INTO spending_policies (account_id, per_call_usd, daily_usd, allowed_recipients, allowed_tools, allow_unpriced_moves)
     VALUES ($1, $2::numeric, $3::numeric, $4::jsonb, $5::jsonb, $6)
     ON CONFLICT (account_id) DO UPDATE SET per_call_usd = EXCLUDED.per_call_usd, daily_usd = EXCLUDED.daily_usd,
       allowed_recipients = EXCLUDED.allowed_recipients, allowed_tools = EXCLUDED.allowed_tools,
       allow_unpriced_moves = EXCLUDED.allow_unpriced_moves, updated_at = now()`,
    [
      accountId,
      policy.perCallUsd.toString(),
      policy.dailyUsd.toString(),
      json(policy.allowedRecipients),
      json(policy.allowedTools),
      policy.allowUnpricedMoves,
    ],
  );
}

/** What the account spent in the last 24 hours (micro-USD), reservations of calls still running included. */
export async function spentToday(db: Queryable, accountId: string): Promise<bigint> {
  const { rows } = await db.query<{ total: string }>(
    `SELECT coalesce(sum(usd), 0)::text AS total FROM policy_spend WHERE account_id = $1 AND created_at > now() - interval '24 hours'`,
    [accountId],
  );
  return BigInt(rows[0]!.total);
}

/**
 * Reserve `usd` of the account's rolling 24-hour allowance `dailyCap` for one call of `tool`. Serialised per account
 * (a transaction-scoped advisory lock), so concurrent calls can never overshoot the cap together. Returns the
 * reservation id, or the amount already spent when the reservation would exceed the cap.
 */
export async function reserveSpend(
  db: Db,
  spend: { accountId: string; tool: string; usd: bigint; dailyCap: bigint },
): Promise<{ reserved: string } | { spent: bigint }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`policy_spend:${spend.accountId}`]);
    const spent = await spentToday(tx, spend.accountId);
    if (spent + spend.usd > spend.dailyCap) return { spent };
    const { rows } = await tx.query<{ id: string | number }>(
      'INSERT INTO policy_spend (account_id, tool, usd) VALUES ($1, $2, $3::numeric) RETURNING id',
      [spend.accountId, spend.tool, spend.usd.toString()],
    );
    return { reserved: String(rows[0]!.id) };
  });
}

/** The call ended without a charge: its reservation no longer counts. */
export async function releaseSpend(db: Queryable, reservationId: string): Promise<void> {
  await db.query('DELETE FROM policy_spend WHERE id = $1', [reservationId]);
}
