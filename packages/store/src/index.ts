export * from './call-ledger.js';
export * from './payment-claims.js';
export type { Db, Queryable } from './db.js';
export { migrate } from './migrate.js';
export { type Migration, migrations } from './migrations/index.js';
export { openStore, type StoreConfig } from './open.js';
export { openPglite } from './pglite.js';
export { openPostgres, type PostgresOptions } from './postgres.js';
export * from './idempotency.js';
