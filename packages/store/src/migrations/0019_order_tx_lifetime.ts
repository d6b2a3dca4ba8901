import type { Migration } from './migration.js';

/**
 * What a recorded transaction's chain needs to tell one still pending from one that can never land: a Solana
 * transaction's recent blockhash (it may land for as long as the blockhash is valid, about 150 blocks, and a node may
 * not have seen it yet), recorded with `tx_hash` before the broadcast. Null where the chain needs nothing more (EVM:
 * the node's pool and the nonce tell).
 */
export const orderTxLifetime: Migration = {
  version: 19,
  name: 'order_tx_lifetime',
  sql: `ALTER TABLE conditional_orders ADD COLUMN tx_lifetime text;`,
};
