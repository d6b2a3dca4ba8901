import pg from 'pg';
import type { Db, Queryable } from './db.js';

export interface PostgresOptions {
  readonly connectionString: string;
  /** Schema to create and use (isolates test runs sharing one database). Default: the server's search_path. */
  readonly schema?: string;
  readonly maxConnections?: number;
}

/** A PostgreSQL server through a `pg` pool. */
export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const { schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`Invalid schema name "${schema}": use lower-case letters, digits and _.`);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <Row>(sql: string, params?: readonly unknown[]) => ({
      rows: (await target.query(sql, params as unknown[])).rows as Row[],
    }),
    // Without parameters pg uses the simple protocol, which runs several statements.
    exec: async (sql: string) => {
      await target.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      const tx = queryable(client);
      try {
        await client.query('BEGIN');
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotice) => listenOn(pool, channel, onNotice),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** How long a lost LISTEN connection waits before it connects again. */
const RELISTEN_MS = 1_000;

async function listenOn(pool: pg.Pool, channel: string, onNotice: () => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const connected = await pool.connect();
    connected.on('notification', (notice) => {
      if (notice.channel === channel) onNotice();
    });
    connected.on('error', () => {
      // The connection is gone (server restart, network): drop it and listen again; polling covers the gap.
      connected.release(true);
      if (client === connected) client = undefined;
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), RELISTEN_MS);
    });
    await connected.query(`LISTEN ${channel}`);
    client = connected;
    // Whatever changed while no connection listened is picked up by the caller's next read.
    onNotice();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const listening = client;
    client = undefined;
    if (listening) {
      await listening.query(`UNLISTEN ${channel}`).catch(() => undefined);
      listening.release();
    }
  };
}
