import type { Queryable } from './db.js';

export type RecommendedTokenFamily = 'solana' | 'evm' | 'hedera';

export interface RecommendedTokenList<Token = unknown> {
  readonly chainFamily: RecommendedTokenFamily;
  /** The EVM chain id (1 or 56) of an EVM list; null for Solana and Hedera. */
  readonly chainId: number | null;
  readonly tokens: readonly Token[];
  readonly storedAt: string;
}

type Row = {
  chain_family: RecommendedTokenFamily;
  chain_id: number | null;
  tokens: unknown[];
  stored_at: Date | string;
};

const toList = (row: Row): RecommendedTokenList => ({
  chainFamily: row.chain_family,
  chainId: row.chain_id,
  tokens: row.tokens,
  storedAt: new Date(row.stored_at).toISOString(),
});

/** Keep `tokens` as the account's latest list for the family, replacing the previous one. */
export async function storeRecommendedTokens(
  db: Queryable,
  accountId: string,
  list: { chainFamily: RecommendedTokenFamily; chainId: number | null; tokens: readonly unknown[] },
): Promise<RecommendedTokenList> {
  const { rows } = await db.query<Row>(
    `INSERT INTO recommended_tokens (account_id, chain_family, chain_id, tokens) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (account_id, chain_family) DO UPDATE SET chain_id = EXCLUDED.chain_id, tokens = EXCLUDED.tokens, stored_at = now()
     RETURNING chain_family, chain_id, tokens, stored_at`,
    [accountId, list.chainFamily, list.chainId, JSON.stringify(list.tokens)],
  );
  return toList(rows[0]!);
}

/** The account's latest list for the family, if it stored one. */
export async function recommendedTokensOf(
  db: Queryable,
  accountId: string,
  chainFamily: RecommendedTokenFamily,
): Promise<RecommendedTokenList | undefined> {
  const { rows } = await db.query<Row>(
    'SELECT chain_family, chain_id, tokens, stored_at FROM recommended_tokens WHERE account_id = $1 AND chain_family = $2',
    [accountId, chainFamily],
  );
  return rows[0] && toList(rows[0]);
}
