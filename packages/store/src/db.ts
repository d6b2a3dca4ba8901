/** The SQL surface the repositories use: identical for embedded PGlite and a PostgreSQL server. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
  /** Run a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Run `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: call `onNotice` on every NOTIFY on `channel` (a connection of its own LISTENs; after a lost
   * connection it listens again). Resolves with a function that stops listening. PGlite has no cross-process NOTIFY.
   */
  listen?(channel: string, onNotice: () => void): Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections now (open, idle among them) and the queries waiting for one (metrics). */
  poolUse?(): { readonly total: number; readonly idle: number; readonly waiting: number };
}
