import type { Db } from './db.js';
import { migrations as shipped } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';

/** Arbitrary constant: serialises concurrent migrators (several gateway instances starting at once). */
const MIGRATION_LOCK_KEY = 402_402;

/** Apply every migration not yet recorded, each in its own transaction; returns the versions applied. */
export async function migrate(db: Db, migrations: readonly Migration[] = shipped): Promise<number[]> {
  const versions = migrations.map((m) => m.version);
  if (versions.some((v, i) => i > 0 && v <= versions[i - 1]!))
    throw new Error('Migrations must have strictly increasing versions.');
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: number[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}
