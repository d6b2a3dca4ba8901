import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.js';

/** Embedded PostgreSQL (WASM). `dataDir` undefined keeps the database in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
  const queryable = (target: Pick<Transaction, 'query' | 'exec'>): Queryable => ({
    query: async <Row>(sql: string, params?: readonly unknown[]) => ({ rows: (await target.query<Row>(sql, params as unknown[])).rows }),
    exec: async (sql: string) => {
      await target.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction: (work) => pg.transaction((tx) => work(queryable(tx))),
    close: () => pg.close(),
  };
}
