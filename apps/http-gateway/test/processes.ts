// The built programs as real processes, for the process tier (`npm test` builds first): started with their own
// environment, awaited until they say they are ready, stopped at the end of each test file.
import { type ChildProcess, spawn } from 'node:child_process';

export const ROOT = new URL('../../../', import.meta.url).pathname;
export const GATEWAY_MAIN = `${ROOT}apps/http-gateway/dist/main.js`;
export const WORKER_MAIN = `${ROOT}apps/worker/dist/main.js`;

/** DATABASE_URL reaching `schema` only: every process of a test shares one fresh schema of the test's database. */
export function schemaUrl(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export interface RunningProcess {
  readonly child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** The first JSON log line whose `msg` starts with `message`. */
  logLine(message: string): Record<string, unknown> | undefined;
}

/**
 * Start `node entry` with `env` (plus PATH and HOME, and the sandbox market simulator off unless `env` turns it on);
 * resolves once its output contains `ready`.
 */
export function startProcess(entry: string, env: Record<string, string>, ready: string): Promise<RunningProcess> {
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SANDBOX_MARKET_SIM_RATE: '0', ...env },
  });
  let output = '';
  const running: RunningProcess = {
    child,
    output: () => output,
    logLine: (message) =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => typeof line.msg === 'string' && line.msg.startsWith(message)),
  };
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve(running);
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before it was ready: ${output}`)));
  });
}

/** Stop it with `signal` (SIGTERM lets a gateway stop its anvil) and wait until it exited; SIGKILL after 10 s. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
