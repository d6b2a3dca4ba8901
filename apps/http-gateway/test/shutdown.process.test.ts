import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 1_500;
const dataDir = await mkdtemp(join(tmpdir(), 'gateway-shutdown-'));
const started: ChildProcess[] = [];
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** The built gateway (sandbox mode, a port of its own); resolves with its address once it listens. */
function startGateway(): Promise<{ child: ChildProcess; address: string; output: () => string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      SANDBOX_MARKET_SIM_RATE: '0',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      // Longer than the test: the stalled request below is cut by the shutdown deadline, not by this.
      REQUEST_TIMEOUT_MS: '120000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const listening = /"msg":"listening on (http:\/\/[^"]+)"/.exec(output);
      if (listening) resolve({ child, address: listening[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before listening:\n${output}`)));
  });
}

it('a cold start logs its progress, and SIGTERM with a stalled request in flight exits at SHUTDOWN_TIMEOUT_MS', async () => {
  expect(existsSync(MAIN), 'build the gateway first (`pnpm build`)').toBe(true);
  const { child, address, output } = await startGateway();
  const lines = output();
  const order = ['opening the database', 'database ready', 'sandbox chains ready', 'listening on'].map((msg) =>
    lines.indexOf(`"msg":"${msg}`),
  );
  expect(
    order.every((at) => at >= 0),
    lines,
  ).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);

  // A client that sends its headers and never its body: its request stays in flight.
  const { hostname, port } = new URL(address);
  const stalled = connect(Number(port), hostname);
  stalled.on('error', () => undefined);
  await new Promise<void>((resolve) => stalled.once('connect', resolve));
  stalled.write(
    `POST /api/tools/execute/unified/getTokenPrice HTTP/1.1\r\nHost: ${hostname}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{`,
  );
  // Once another request is answered, the server has read the stalled one's headers (its bytes came first).
  expect((await fetch(`${address}/health`)).status).toBe(200);

  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const signalled = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  const elapsed = performance.now() - signalled;
  stalled.destroy();
  // Code 1: it did not finish on its own (the stalled request held it) and the deadline cut it.
  expect(code, output()).toBe(1);
  expect(output()).toContain('shutdown deadline passed');
  expect(elapsed).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100);
  expect(elapsed).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 3_000);
}, 90_000);
