import { newMasterKeyText } from '@svc/chains';
import type { Db } from '@svc/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '@svc/config';
import { backendsFor, LIVE_SETTINGS } from './harness.js';

const NETWORKS = ['solana', 'ethereum', 'bsc', 'polygon', 'base'] as const;

describe.each(backendsFor(import.meta.url))('live conditional-order engine wiring ($name)', (backend) => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterEach(async () => {
    await close?.();
    close = undefined;
  });
  afterAll(() => db.close());

  /** Build the live gateway with `env` and return the networks its engine executes and its start-up log lines. */
  async function liveGateway(env: Record<string, string>) {
    const lines: string[] = [];
    const config = loadConfig({ ...LIVE_SETTINGS, SVC_MASTER_KEY: newMasterKeyText(), LOG_LEVEL: 'info', ...env });
    const app = await buildApp(config, { db, logStream: { write: (line: string) => void lines.push(line) } });
    close = () => app.close();
    const logged = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => String(line.msg).startsWith('conditional orders (live)'));
    return { executes: NETWORKS.filter((network) => app.orderEngine?.executes(network)), logged };
  }

  it('watches only the networks whose settings are present and logs what the others miss', async () => {
    const { executes, logged } = await liveGateway({
      SOLANA_RPC_URL: 'https://solana.example',
      JUPITER_API_KEY: 'jup-key',
      RPC_URL_BASE: 'https://base.example',
      ZEROX_API_KEY: 'zx-key',
      RPC_URL_POLYGON: 'https://polygon.example',
    });
    expect(executes).toEqual(['solana', 'polygon', 'base']);
    expect(logged).toMatchObject({
      watched: ['solana', 'polygon', 'base'],
      missingSettings: { ethereum: ['RPC_URL_ETHEREUM'], bsc: ['RPC_URL_BSC'] },
    });
    expect(logged?.msg).toBe(
      'conditional orders (live): watching solana, polygon, base; not watched: ethereum (set RPC_URL_ETHEREUM); bsc (set RPC_URL_BSC)',
    );
    // Keys never reach the log.
    expect(JSON.stringify(logged)).not.toMatch(/jup-key|zx-key/);
  });

  it('without any setting it watches nothing and names every missing setting', async () => {
    const { executes, logged } = await liveGateway({});
    expect(executes).toEqual([]);
    expect(logged).toMatchObject({
      watched: [],
      missingSettings: { solana: ['SOLANA_RPC_URL', 'JUPITER_API_KEY'], base: ['RPC_URL_BASE', 'ZEROX_API_KEY'] },
    });
  });
});
