import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anvilBinaryPath, startAnvil } from './anvil.js';

async function chainIdOf(rpcUrl: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  return ((await response.json()) as { result: string }).result;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startAnvil', () => {
  it('finds the binary shipped in the npm platform package', () => {
    const bin = anvilBinaryPath();
    expect(bin).toMatch(/@foundry-rs[\\/]anvil-[a-z0-9]+-[a-z0-9]+[\\/]bin[\\/]anvil(\.exe)?$/);
    expect(existsSync(bin)).toBe(true);
  });

  it('starts quickly on a free port, answers with its chain id, and stops', async () => {
    const started = Date.now();
    const anvil = await startAnvil({ chainId: 4663 });
    const startMs = Date.now() - started;
    try {
      expect(startMs).toBeLessThan(2000);
      expect(anvil.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(anvil.port).toBeGreaterThan(0);
      expect(await chainIdOf(anvil.rpcUrl)).toBe('0x1237');
      expect(isRunning(anvil.pid)).toBe(true);
    } finally {
      await anvil.stop();
    }
    expect(isRunning(anvil.pid)).toBe(false);
    await expect(chainIdOf(anvil.rpcUrl)).rejects.toThrow();
    await anvil.stop(); // idempotent
  });

  it('runs several nodes side by side on different ports', async () => {
    const nodes = await Promise.all([
      startAnvil({ chainId: 8453 }),
      startAnvil({ chainId: 56 }),
      startAnvil({ chainId: 137 }),
    ]);
    try {
      expect(new Set(nodes.map((n) => n.port)).size).toBe(3);
      expect(await Promise.all(nodes.map((n) => chainIdOf(n.rpcUrl)))).toEqual(['0x2105', '0x38', '0x89']);
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  });

  it('fails clearly when the requested port is taken', async () => {
    const first = await startAnvil({ chainId: 1 });
    try {
      await expect(startAnvil({ chainId: 10, port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.stop();
    }
  });
});
