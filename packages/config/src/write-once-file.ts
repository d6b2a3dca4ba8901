import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The contents of `file`, or `make()` written there first (owner-only, mode 0600) when it does not exist: for
 * secrets generated on first start. The draft is written aside, then linked into place: link fails if the file
 * exists, so two first starts racing each other end up with one value (the loser reads the winner's), and no
 * reader ever sees a half-written file.
 */
export async function readOrCreateFile(file: string, make: () => Promise<string> | string): Promise<string> {
  const stored = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stored !== undefined) return stored;
  const contents = await make();
  await mkdir(dirname(file), { recursive: true });
  const draft = `${file}.${randomUUID()}.tmp`;
  await writeFile(draft, contents, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFile(file, 'utf8');
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return contents;
}
