import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.js';
import { lockDataDir } from './pglite-lock.js';

export interface PgliteOptions {
  /** Start from this data directory tarball (`PGlite.dumpDataDir`) instead of an empty cluster: skips initdb. */
  readonly loadDataDir?: Blob;
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined keeps the database in memory (tests). A directory is held by one
 * process at a time: another process's open throws `DatabaseInUse` (see pglite-lock.ts).
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Db> {
  const create = () => PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  if (!dataDir) return pgliteDb(await create());
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  let pg: PGlite;
  try {
    pg = await create();
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = pgliteDb(pg);
  return { ...db, close: () => db.close().finally(unlock) };
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
