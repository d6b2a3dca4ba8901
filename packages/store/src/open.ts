import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export interface StoreConfig {
  /** PostgreSQL server URL; when absent the embedded PGlite database is used. */
  readonly databaseUrl?: string;
  /** PGlite data directory (default `./data/pglite`); `memory://` keeps it in memory. */
  readonly pgliteDir?: string;
  /** PostgreSQL schema to use (created if missing). */
  readonly schema?: string;
}

/** Open the configured database and bring its schema up to date. */
export async function openStore(config: StoreConfig = {}): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres({ connectionString: config.databaseUrl, ...(config.schema ? { schema: config.schema } : {}) })
    : await openPglite(config.pgliteDir === 'memory://' ? undefined : (config.pgliteDir ?? './data/pglite'));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
