import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.js';

export interface PgliteOptions {
  /** Start from this data directory tarball (`PGlite.dumpDataDir`) instead of an empty cluster: skips initdb. */
  readonly loadDataDir?: Blob;
}

/** Embedded PostgreSQL (WASM). `dataDir` undefined keeps the database in memory (tests). */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Db> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return pgliteDb(await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}));
}

/** The store's database surface over an open PGlite instance; closing it closes the instance. */
export function pgliteDb(pg: PGlite): Db {
  const queryable = (target: Pick<Transaction, 'query' | 'exec'>): Queryable => ({
    query: async <Row>(sql: string, params?: readonly unknown[]) => ({
      rows: (await target.query<Row>(sql, params as unknown[])).rows,
    }),
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
