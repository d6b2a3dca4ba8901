/**
 * Runs a local anvil node (Foundry's EVM dev node) from the binary shipped in the npm package @foundry-rs/anvil.
 *
 * The binary lives in a per-platform optional dependency of @foundry-rs/anvil (@foundry-rs/anvil-linux-amd64,
 * -linux-arm64, -darwin-amd64, -darwin-arm64, -win32-amd64), at `<platform package>/bin/anvil`. We resolve that package
 * from @foundry-rs/anvil's own location (under pnpm it is only linked next to it, not next to us) and spawn the binary
 * directly: no `bin.mjs` wrapper process in between, nothing downloaded. Set SANDBOX_ANVIL_BIN to use another binary.
 *
 * The node never touches the network: no fork URL is given, and it listens on the given host (127.0.0.1 by default).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

export interface StartAnvilOptions {
  chainId: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** TCP port; 0 or undefined picks a free one. */
  port?: number;
  /** Load the chain from this file if it exists and write it back on stop (anvil `--state`). */
  stateFile?: string;
  /** Seconds between blocks; undefined (the default) mines each transaction as it arrives (automine). */
  blockTime?: number;
  /** Milliseconds to wait for the RPC to answer. Default 15000. */
  startTimeoutMs?: number;
}

export interface AnvilInstance {
  /** http://host:port */
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly port: number;
  /** Process id of the anvil child. */
  readonly pid: number;
  /** Stops the node (SIGINT, so a `stateFile` gets written) and resolves once the process has exited. Idempotent. */
  stop(): Promise<void>;
}

const PLATFORM_PACKAGES: Record<string, string | undefined> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

let cachedBinary: string | undefined;

/** Absolute path of the anvil executable for this platform. */
export function anvilBinaryPath(): string {
  const fromEnv = process.env.SANDBOX_ANVIL_BIN;
  if (fromEnv) return fromEnv;
  if (cachedBinary) return cachedBinary;
  const platformPackage = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!platformPackage) throw new Error(`@foundry-rs/anvil has no binary for ${process.platform}-${process.arch}`);
  const binaryName = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const fromHere = createRequire(import.meta.url);
  const wrapperManifest = fromHere.resolve('@foundry-rs/anvil/package.json');
  try {
    cachedBinary = createRequire(wrapperManifest).resolve(`${platformPackage}/bin/${binaryName}`);
  } catch (cause) {
    throw new Error(`${platformPackage} is not installed (optional dependency of @foundry-rs/anvil)`, { cause });
  }
  return cachedBinary;
}

// ---------------------------------------------------------------------------------------------- child bookkeeping

/** Live anvil children of this process, killed when it exits. */
const liveChildren = new Set<ChildProcess>();
let exitHooksInstalled = false;

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  // 'exit' handlers must be synchronous: kill() only sends the signal. SIGINT lets anvil write its state file.
  process.on('exit', () => {
    for (const child of liveChildren) child.kill('SIGINT');
  });
  // A signal that terminates us would otherwise orphan the children. Forward it, and when nobody else handles the
  // signal, restore the default behaviour (terminate) by re-raising it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      for (const child of liveChildren) child.kill('SIGINT');
      if (process.listenerCount(signal) === 1) {
        process.off(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}

// ---------------------------------------------------------------------------------------------- start

/** Binds `port` on `host` (0: any free port) and releases it again; resolves with the port number. */
async function probePort(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (bound ? resolve(bound) : reject(new Error(`could not bind ${host}:${port}`))));
    });
  });
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result ? Number.parseInt(body.result, 16) : undefined;
  } catch {
    return undefined;
  }
}

/** The host to put in the RPC URL: a wildcard listen address is reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spawns anvil and resolves once it answers `eth_chainId` with `chainId`. With no port given it picks a free one
 * (retrying on the rare race where another process takes it first).
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  const host = options.host ?? '127.0.0.1';
  if (options.port) {
    // Fail fast: with the port taken, our eth_chainId probe could be answered by whatever already listens there.
    await probePort(host, options.port).catch((cause: unknown) => {
      throw new Error(`cannot start anvil on ${host}:${options.port}: ${(cause as Error).message}`, { cause });
    });
    return startOnce(options, options.port);
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(options, await probePort(host, 0));
    } catch (error) {
      lastError = error;
      if (!(error instanceof AnvilExitedError)) break;
    }
  }
  throw lastError;
}

class AnvilExitedError extends Error {}

async function startOnce(options: StartAnvilOptions, port: number): Promise<AnvilInstance> {
  const { chainId, host = '127.0.0.1', stateFile, blockTime, startTimeoutMs = 15_000 } = options;
  const args = ['--host', host, '--port', String(port), '--chain-id', String(chainId), '--silent'];
  if (stateFile) {
    mkdirSync(path.dirname(path.resolve(stateFile)), { recursive: true });
    args.push('--state', stateFile);
  }
  if (blockTime !== undefined) args.push('--block-time', String(blockTime));

  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true });
  installExitHooks();
  liveChildren.add(child);

  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      liveChildren.delete(child);
      resolve();
    });
  });
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  const rpcUrl = `http://${urlHost(host)}:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (spawnError) {
      liveChildren.delete(child);
      throw new Error(`could not run anvil (${anvilBinaryPath()}): ${spawnError.message}`, { cause: spawnError });
    }
    if (exitedEarly) {
      throw new AnvilExitedError(
        `anvil exited during start-up (code ${child.exitCode}): ${stderr.trim() || 'no output'}`,
      );
    }
    const answered = await rpcChainId(rpcUrl);
    if (answered !== undefined && !exitedEarly) {
      if (answered !== chainId) {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`the node on ${rpcUrl} reports chain ${answered}, expected ${chainId}`);
      }
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`anvil did not answer on ${rpcUrl} within ${startTimeoutMs} ms: ${stderr.trim()}`);
    }
    await sleep(10);
  }

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killTimer);
    })();
    return stopping;
  };

  return { rpcUrl, chainId, port, pid: child.pid ?? -1, stop };
}
