import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalMasterKeyRing, masterKeyIdOf, newMasterKeyText, parseMasterKey, vaultAddressesOf } from '@svc/chains';
import { accountForWallet, type Db, vaultKeyCountsByMasterKey } from '@svc/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../src/cli/operator.js';
import { ROTATE_MASTER_KEY_USAGE, rotateMasterKeyCli } from '../src/cli/rotate-master-key.js';
import { ConfigError, loadConfig, loadMasterKey, MASTER_KEY_FILE } from '@svc/config';
import { backendsFor, LIVE_SETTINGS } from './harness.js';

const LIVE = LIVE_SETTINGS;

describe('the master key setting', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('live mode refuses to start without SVC_MASTER_KEY, naming it', () => {
    expect(() => loadConfig(LIVE)).toThrow(ConfigError);
    expect(() => loadConfig(LIVE)).toThrow(
      /Live mode needs SVC_MASTER_KEY\. SVC_MASTER_KEY seals the vault seeds: 32 bytes/,
    );
    const key = newMasterKeyText();
    expect(loadConfig({ ...LIVE, SVC_MASTER_KEY: key }).masterKey?.currentKeyId).toBe(
      masterKeyIdOf(parseMasterKey(key)),
    );
  });

  it('a malformed key is a configuration error that does not repeat it', () => {
    const bad = 'c2VjcmV0LWJ1dC10b28tc2hvcnQ=';
    for (const env of [
      { SVC_MASTER_KEY: bad },
      { SVC_MASTER_KEY: newMasterKeyText(), SVC_PREVIOUS_MASTER_KEYS: bad },
    ]) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/must be 32 bytes/);
      expect((error as Error).message).not.toContain(bad);
    }
    expect(() => loadConfig({ SVC_PREVIOUS_MASTER_KEYS: newMasterKeyText() })).toThrow(
      /only read together with SVC_MASTER_KEY/,
    );
  });

  it('sandbox mode without SVC_MASTER_KEY generates one into DATA_DIR (mode 0600) and keeps using it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-master-key-'));
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: join(dir, 'data') });
    const first = await loadMasterKey(config);
    const file = join(dir, 'data', MASTER_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(masterKeyIdOf(parseMasterKey(await readFile(file, 'utf8')))).toBe(first.currentKeyId);
    expect((await loadMasterKey(config)).currentKeyId).toBe(first.currentKeyId);
    // The file's value works as SVC_MASTER_KEY (the way to keep the sandbox key when moving on).
    expect(loadConfig({ SVC_MASTER_KEY: await readFile(file, 'utf8') }).masterKey?.currentKeyId).toBe(
      first.currentKeyId,
    );
  });
});

describe.each(backendsFor(import.meta.url))('rotate-master-key command ($name)', (backend) => {
  let db: Db;
  const oldKey = newMasterKeyText();
  const newKey = newMasterKeyText();
  beforeAll(async () => {
    db = await backend.open();
    const before = new LocalMasterKeyRing(parseMasterKey(oldKey));
    for (const address of [
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000b2',
      '0x00000000000000000000000000000000000000c3',
    ]) {
      await vaultAddressesOf(db, before, (await accountForWallet(db, 'eip155:8453', address)).accountId);
    }
  });
  afterAll(() => db?.close());

  async function run(argv: string[], env: Record<string, string>) {
    const lines: string[] = [];
    await rotateMasterKeyCli(argv, { db, masterKey: loadConfig(env).masterKey!, print: (line) => lines.push(line) });
    return lines;
  }

  it('new-key prints a usable key; status, then run re-seals every vault under the new key', async () => {
    const [printed] = await run(['new-key'], { SVC_MASTER_KEY: newKey });
    expect(parseMasterKey(printed!)).toHaveLength(32);

    const newId = masterKeyIdOf(parseMasterKey(newKey));
    const oldId = masterKeyIdOf(parseMasterKey(oldKey));
    const env = { SVC_MASTER_KEY: newKey, SVC_PREVIOUS_MASTER_KEYS: oldKey };
    expect(await run(['status'], env)).toEqual([`${oldId}  3 vault(s)  to re-seal`]);

    // Without the old key the run stops with the key id to add, and nothing changes.
    await expect(run(['run'], { SVC_MASTER_KEY: newKey })).rejects.toThrow(
      new UsageError(
        `A vault is sealed under ${oldId}, which this configuration does not hold: add that key to SVC_PREVIOUS_MASTER_KEYS and run again (batches already re-sealed are kept).`,
      ),
    );

    const output = await run(['run', '--batch-size', '2'], env);
    expect(output.at(-1)).toBe(`Done: 3 vault(s) re-sealed by this run; every vault is under ${newId}.`);
    expect(await vaultKeyCountsByMasterKey(db)).toEqual([{ masterKeyId: newId, count: 3 }]);
    expect(await run(['status'], { SVC_MASTER_KEY: newKey })).toEqual([`${newId}  3 vault(s)  current`]);
  });

  it('refuses unknown commands and bad options with the usage', async () => {
    await expect(run([], { SVC_MASTER_KEY: newKey })).rejects.toThrow(ROTATE_MASTER_KEY_USAGE);
    await expect(run(['run', '--batch-size', '0'], { SVC_MASTER_KEY: newKey })).rejects.toThrow(/--batch-size/);
    await expect(run(['run', '--force'], { SVC_MASTER_KEY: newKey })).rejects.toBeInstanceOf(UsageError);
  });
});
