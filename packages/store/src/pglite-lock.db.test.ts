import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from './pglite.js';
import { DatabaseInUse, lockFileOf } from './pglite-lock.js';
import { PGLITE_TEMPLATE_ENV } from './testing.js';

const root = await mkdtemp(join(tmpdir(), 'pglite-lock-'));
const dataDir = join(root, 'pglite');
afterAll(() => rm(root, { recursive: true, force: true }));
// The run's migrated template (vitest global set-up) spares initdb.
const template = new Blob([await readFile(process.env[PGLITE_TEMPLATE_ENV]!)]);

it('a data directory a live process holds is refused, and released when it closes', async () => {
  const db = await openPglite(dataDir, { loadDataDir: template });
  try {
    const second = openPglite(dataDir);
    await expect(second).rejects.toThrow(DatabaseInUse);
    await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
    await expect(second).rejects.toThrow('stop the service first');
  } finally {
    await db.close();
  }
  expect(existsSync(lockFileOf(dataDir))).toBe(false);
});

it('a lock left by a process that is gone is taken over', async () => {
  // The pid of a process that has exited: its lock is stale.
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  await writeFile(lockFileOf(dataDir), `${gone.stdout}\n`);
  const db = await openPglite(dataDir);
  try {
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await db.close();
  }
});
