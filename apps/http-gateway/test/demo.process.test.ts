import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// demo/run.mjs imports the built workspace (dist), as `npm run demo` runs it; `npm test` builds first.
const BUILT = ['apps/http-gateway/dist/index.js', 'packages/store/dist/index.js'].every((file) =>
  existsSync(`${ROOT}${file}`),
);

function runDemo(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['demo/run.mjs'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

it('pnpm demo: a new wallet pays for three calls and every payment settles in its own transaction', async () => {
  expect(BUILT, 'demo/run.mjs needs the built workspace: run `npm test` (it builds) or `pnpm build` first').toBe(true);
  const { code, stdout, stderr } = await runDemo();
  expect(code, stderr).toBe(0);
  const settlements = [...stdout.matchAll(/settlement tx (0x[0-9a-f]{64})\b/g)].map((match) => match[1]);
  expect(settlements).toHaveLength(3);
  expect(new Set(settlements).size).toBe(3);
  expect(stdout).toMatch(/balance before calls: 1 USDC/);
  expect(stdout).toMatch(/balance after 3 calls: 0\.\d+ USDC/);
}, 120_000);
