import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedPgliteTarball, PGLITE_TEMPLATE_ENV } from './packages/store/src/testing.js';

/** Migrates one PGlite database for the whole run; every test database is loaded from it (see `testBackends`). */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // Each tier (vitest project) runs the global set-up; the first one's template serves them all.
  if (process.env[PGLITE_TEMPLATE_ENV]) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'svc-test-'));
  const file = join(dir, 'pglite-migrated.tar');
  await writeFile(file, Buffer.from(await (await migratedPgliteTarball()).arrayBuffer()));
  // Test workers are forked after global set-up and inherit this.
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rm(dir, { recursive: true, force: true });
}
