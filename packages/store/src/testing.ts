import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.js';
import { accountForWallet } from './identity.js';
import { migrate } from './migrate.js';
import { openStore } from './open.js';
import { openPglite, pgliteDb } from './pglite.js';
import { openPostgres } from './postgres.js';

export interface TestBackend {
  readonly name: 'pglite' | 'postgres';
  /** A fresh, migrated database: in-memory PGlite, or a new schema on the DATABASE_URL server. */
  open(): Promise<Db>;
}

/**
 * Names a file holding `migratedPgliteTarball()`'s output, written once per test run (the vitest global set-up), so
 * that no test file pays for initdb and the migrations again.
 */
export const PGLITE_TEMPLATE_ENV = 'SVC_TEST_PGLITE_TEMPLATE';

/**
 * A freshly migrated PGlite data directory as a tarball. Creating a PGlite cluster (initdb in WASM) takes seconds and
 * loading this takes well under one, so every test database starts from it.
 */
export async function migratedPgliteTarball(): Promise<Blob> {
  const pg = await PGlite.create();
  try {
    await migrate(pgliteDb(pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : migratedPgliteTarball();
  return template;
}

/** A fresh, migrated in-memory PGlite database. */
export async function openTestDatabase(): Promise<Db> {
  return openPglite(undefined, { loadDataDir: await pgliteTemplate() });
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [{ name: 'pglite', open: openTestDatabase }];
  const url = process.env.DATABASE_URL;
  if (url) {
    backends.push({
      name: 'postgres',
      async open() {
        const schema = `test_${randomBytes(6).toString('hex')}`;
        const db = await openStore({ databaseUrl: url, schema });
        return {
          ...db,
          close: async () => {
            await db.query(`DROP SCHEMA ${schema} CASCADE`);
            await db.close();
          },
        };
      },
    });
  }
  return backends;
}

export { openPostgres };

/** The accounts of these EVM wallets on Base, created as their first sign-in would (tests). */
export async function accountsOf<const Wallets extends readonly string[]>(
  db: Queryable,
  ...wallets: Wallets
): Promise<{ -readonly [K in keyof Wallets]: string }> {
  const ids = [];
  for (const wallet of wallets) ids.push((await accountForWallet(db, 'eip155:8453', wallet)).accountId);
  return ids as { -readonly [K in keyof Wallets]: string };
}

/**
 * Every row of every table of the database's schema as text: what a dump of it holds (tests look for secrets in it).
 */
export async function databaseText(db: Queryable): Promise<string> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const lines: string[] = [];
  for (const { name } of tables) {
    const { rows } = await db.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
    lines.push(...rows.map((row) => `${name} ${row.row}`));
  }
  return lines.join('\n');
}
