import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from './db.js';
import { accountForWallet } from './identity.js';
import { openStore } from './open.js';
import { openPostgres } from './postgres.js';

export interface TestBackend {
  readonly name: 'pglite' | 'postgres';
  /** A fresh, migrated database: in-memory PGlite, or a new schema on the DATABASE_URL server. */
  open(): Promise<Db>;
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [{ name: 'pglite', open: () => openStore({ pgliteDir: 'memory://' }) }];
  const url = process.env.DATABASE_URL;
  if (url) {
    backends.push({
      name: 'postgres',
      async open() {
        const schema = `test_${randomBytes(6).toString('hex')}`;
        const db = await openStore({ databaseUrl: url, schema });
        return { ...db, close: async () => { await db.query(`DROP SCHEMA ${schema} CASCADE`); await db.close(); } };
      },
    });
  }
  return backends;
}

export { openPostgres };

/** The accounts of these EVM wallets on Base, created as their first sign-in would (tests). */
export async function accountsOf<const Wallets extends readonly string[]>(db: Queryable, ...wallets: Wallets): Promise<{ -readonly [K in keyof Wallets]: string }> {
  const ids = [];
  for (const wallet of wallets) ids.push((await accountForWallet(db, 'eip155:8453', wallet)).accountId);
  return ids as { -readonly [K in keyof Wallets]: string };
}
