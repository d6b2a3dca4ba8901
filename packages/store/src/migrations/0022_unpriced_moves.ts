import type { Migration } from './migration.js';

/**
 * Whether an account's spending policy lets through a call whose moved value has no USD price (an NFT, a Bitcoin
 * send, a token no price source knows). Off by default: a cap that cannot see a value does not hold it.
 */
export const unpricedMoves: Migration = {
  version: 22,
  name: 'unpriced_moves',
  sql: `ALTER TABLE spending_policies ADD COLUMN allow_unpriced_moves boolean NOT NULL DEFAULT false;`,
};
