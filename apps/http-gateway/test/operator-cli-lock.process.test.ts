import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../dist/operator-cli.js', import.meta.url));
const dataDir = await mkdtemp(join(tmpdir(), 'operator-cli-lock-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function runCli(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

it('the operator CLI against the embedded database a running service holds says to stop the service first', async () => {
  expect(existsSync(CLI), 'build the gateway first (`pnpm build`)').toBe(true);
  // What a running service leaves while it has DATA_DIR/pglite open: its (live) pid in the lock beside it.
  await mkdir(join(dataDir, 'pglite'));
  await writeFile(join(dataDir, 'pglite.lock'), `${process.pid}\n`);
  const { code, stderr } = await runCli(['credit', 'show', '--account', 'acct_1']);
  expect(stderr).toContain(`in use by process ${process.pid}`);
  expect(stderr).toContain('stop the service first');
  expect(stderr).not.toContain('Aborted');
  expect(code).toBe(1);
}, 30_000);
