import { readFile, rm, writeFile } from 'node:fs/promises';

/**
 * An embedded PGlite data directory is opened by one process at a time: a second one (the operator CLI while the
 * service runs) would abort inside the WASM engine (`RuntimeError: Aborted()`) or corrupt the cluster. The process
 * that opens it writes its pid to `<dataDir>.lock` (beside the directory: PGlite's initdb wants the directory itself
 * empty) and removes it on close; a lock whose process is gone (a crash, kill -9) is taken over.
 */
export class DatabaseInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${dataDir} is in use by process ${pid} (the service?): stop the service first, then run this again.`,
    );
    this.name = 'DatabaseInUse';
  }
}

export const lockFileOf = (dataDir: string): string => `${dataDir.replace(/\/+$/, '')}.lock`;

/** Takes the directory's lock for this process; resolves with the function that releases it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = lockFileOf(dataDir);
  for (;;) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DatabaseInUse(dataDir, holder);
    // Stale (its process is gone) or half-written: take it over. `wx` above keeps two racing takers from both winning.
    await rm(file, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
