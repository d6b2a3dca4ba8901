import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newMasterKeyText } from '@svc/chains';
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_SETTINGS } from './harness.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
// The real entry point, built (`npm test` builds first), under a loader hook that records every module it resolves.
const GATEWAY_MAIN = `${ROOT}apps/http-gateway/dist/main.js`;
const RECORD_IMPORTS = `${ROOT}apps/http-gateway/test/record-imports.mjs`;

/** Modules only sandbox mode may load: the emulators, and the tools' adapters over them. */
const SANDBOX_ONLY = [
  /\/packages\/sandbox\//,
  /\/packages\/tools\/dist\/sandbox\.js$/,
  /\/apps\/worker\/dist\/sandbox\.js$/,
];

describe('live mode', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-live-imports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Starting a process that loads every package takes a few seconds, and far more on a loaded machine.
  it('starts without loading the sandbox emulators or the sandbox adapters', { timeout: 180_000 }, async () => {
    const recorded = join(dir, 'resolved.txt');
    const child = spawn(process.execPath, ['--import', RECORD_IMPORTS, GATEWAY_MAIN], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        ...LIVE_SETTINGS,
        // Refused at once: the start-up fee-payer lookup fails fast and the gateway starts anyway.
        FACILITATOR_URL: 'http://127.0.0.1:9',
        SVC_MASTER_KEY: newMasterKeyText(),
        DATA_DIR: join(dir, 'data'),
        HOST: '127.0.0.1',
        PORT: '0',
        RECORD_IMPORTS_FILE: recorded,
      },
    });
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready: ')) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before it was ready:\n${output}`)));
    });
    try {
      await ready;
    } finally {
      child.kill('SIGKILL');
    }
    const modules = readFileSync(recorded, 'utf8').split('\n').filter(Boolean);
    // The hook saw the workspace packages the live path does load.
    expect(modules.some((url) => url.endsWith('/packages/tools/dist/index.js'))).toBe(true);
    expect(modules.filter((url) => SANDBOX_ONLY.some((pattern) => pattern.test(url)))).toEqual([]);
  });
});
