import type { Queryable } from './db.js';

/** Leaderboard columns the call ledger can rank by; the others have no data source yet (see getLeaderboard). */
export type LedgerRanking = 'volume' | 'transactions' | 'aura';

export interface LeaderboardQuery {
  readonly orderBy: LedgerRanking;
  readonly page: number;
  readonly pageSize: number;
  /** Substring of one of the account's wallet addresses (case-insensitive); omitted: every account. */
  readonly walletContains: string | undefined;
  /** Payment tokens pegged 1:1 to USD and their decimals: only these count towards volume. */
  readonly usdTokens: readonly { readonly id: string; readonly decimals: number }[];
}

export interface LeaderboardRow {
  readonly rank: number;
  readonly wallet: string;
  readonly volumeUsd: string;
  readonly transactions: number;
  readonly aura: number;
}

type Row = {
  total: string | number;
  rank: string | number | null;
  wallet: string;
  volume_usd: string;
  transactions: string | number;
  aura: string | number;
};

/** Calls that were paid for: settled, including write tools that failed after their settlement. */
const PAID_OUTCOMES = ['settled', 'failed_after_settlement'];

const ORDER: Record<LedgerRanking, string> = { volume: 'volume_usd', transactions: 'transactions', aura: 'aura' };

/**
 * Accounts ranked by what the call ledger says they paid for. volume: USD of paid calls in USD-pegged tokens (exact
 * atomic amounts; STX and sBTC payments have no stored USD value, so they count as transactions only);
 * transactions: paid calls; aura: transactions + whole cents of volume. Ties share a rank (standard competition
 * ranking) and list by wallet. Ranks are over all accounts, before `walletContains` filters the page.
 */
export async function leaderboard(
  db: Queryable,
  query: LeaderboardQuery,
): Promise<{ rows: LeaderboardRow[]; total: number }> {
  const usdCase = query.usdTokens
    .map((_, i) => `WHEN $${5 + 2 * i} THEN amount / power(10::numeric, $${6 + 2 * i}::integer)`)
    .join(' ');
  const column = ORDER[query.orderBy];
  const { rows } = await db.query<Row>(
    `WITH paid AS (
       SELECT account_id, count(*) AS transactions,
              COALESCE(sum(CASE token ${usdCase} ELSE 0 END), 0)::numeric(38, 6) AS volume_usd
         FROM call_ledger WHERE account_id IS NOT NULL AND outcome = ANY ($1::text[]) GROUP BY account_id
     ), scored AS (
       SELECT p.account_id, p.transactions, p.volume_usd, p.transactions + floor(p.volume_usd * 100) AS aura,
              (SELECT w.address FROM account_wallets w WHERE w.account_id = p.account_id ORDER BY w.created_at, w.chain_id LIMIT 1) AS wallet
         FROM paid p
     ), ranked AS (
       SELECT *, rank() OVER (ORDER BY ${column} DESC) AS rank FROM scored
     ), matching AS (
       SELECT * FROM ranked r
        WHERE $2::text IS NULL OR EXISTS (
          SELECT 1 FROM account_wallets w WHERE w.account_id = r.account_id AND strpos(lower(w.address), lower($2)) > 0)
     )
     SELECT t.total, p.rank, p.wallet, p.volume_usd::text AS volume_usd, p.transactions, p.aura
       FROM (SELECT count(*) AS total FROM matching) t
       LEFT JOIN (SELECT * FROM matching ORDER BY rank, wallet LIMIT $3 OFFSET $4) p ON true
      ORDER BY p.rank, p.wallet`,
    [
      PAID_OUTCOMES,
      query.walletContains ?? null,
      query.pageSize,
      (query.page - 1) * query.pageSize,
      ...query.usdTokens.flatMap((t) => [t.id, t.decimals]),
    ],
  );
  // One row carries the total even for a page past the end (its other columns are then null).
  return {
    rows: rows
      .filter((row) => row.rank !== null)
      .map((row) => ({
        rank: Number(row.rank),
        wallet: row.wallet,
        volumeUsd: row.volume_usd,
        transactions: Number(row.transactions),
        aura: Number(row.aura),
      })),
    total: Number(rows[0]?.total ?? 0),
  };
}
