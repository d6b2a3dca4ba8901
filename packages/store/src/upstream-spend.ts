import type { Queryable } from './db.js';

/** One upstream payment's share of a day's budget (migration 27); micro-USD. */
export interface UpstreamSpendReservation {
  /** The UTC day (YYYY-MM-DD) it counts against: a release always goes to the day its reservation went to. */
  readonly day: string;
  readonly microUsd: bigint;
}

/** The day's reservation was taken (`reserved`), or refused because it would pass the cap; `spent` is the day's total. */
export interface UpstreamSpendOutcome {
  readonly reserved: boolean;
  readonly spentMicroUsd: bigint;
}

/**
 * Reserves `microUsd` of the day's upstream budget `dailyCapMicroUsd`, or refuses when the day's total would pass it.
 * One statement on the day's row (insert, or an update guarded by the cap), so concurrent reservations from any
 * number of gateway instances serialise on that row and can never overshoot the cap together.
 */
export async function reserveUpstreamSpend(
  db: Queryable,
  request: UpstreamSpendReservation & { readonly dailyCapMicroUsd: bigint },
): Promise<UpstreamSpendOutcome> {
  const { rows } = await db.query<{ micro_usd: string }>(
    `INSERT INTO upstream_spend AS spend (day, micro_usd, payments)
       SELECT $1::date, $2::numeric, 1 WHERE $2::numeric <= $3::numeric
     ON CONFLICT (day) DO UPDATE
       SET micro_usd = spend.micro_usd + EXCLUDED.micro_usd, payments = spend.payments + 1, updated_at = now()
       WHERE spend.micro_usd + EXCLUDED.micro_usd <= $3::numeric
     RETURNING micro_usd::text AS micro_usd`,
    [request.day, request.microUsd.toString(), request.dailyCapMicroUsd.toString()],
  );
  if (rows[0]) return { reserved: true, spentMicroUsd: BigInt(rows[0].micro_usd) };
  return { reserved: false, spentMicroUsd: (await upstreamSpendOn(db, request.day)).microUsd };
}

/** A payment the provider refused, or that was never sent: its reservation no longer counts. */
export async function releaseUpstreamSpend(db: Queryable, reservation: UpstreamSpendReservation): Promise<void> {
  await db.query(
    `UPDATE upstream_spend SET micro_usd = greatest(micro_usd - $2::numeric, 0), payments = greatest(payments - 1, 0),
       updated_at = now()
     WHERE day = $1::date`,
    [reservation.day, reservation.microUsd.toString()],
  );
}

/** What was paid (and is reserved) upstream on a UTC day, and in how many payments. */
export async function upstreamSpendOn(db: Queryable, day: string): Promise<{ microUsd: bigint; payments: number }> {
  const { rows } = await db.query<{ micro_usd: string; payments: number }>(
    'SELECT micro_usd::text AS micro_usd, payments FROM upstream_spend WHERE day = $1::date',
    [day],
  );
  const row = rows[0];
  return row ? { microUsd: BigInt(row.micro_usd), payments: Number(row.payments) } : { microUsd: 0n, payments: 0 };
}

/** The ledger the upstream payer reserves against (`UpstreamBudgetLedger` in @svc/providers), over this database. */
export const upstreamSpendLedger = (db: Queryable) => ({
  reserve: (request: UpstreamSpendReservation & { readonly dailyCapMicroUsd: bigint }) =>
    reserveUpstreamSpend(db, request),
  release: (reservation: UpstreamSpendReservation) => releaseUpstreamSpend(db, reservation),
});
