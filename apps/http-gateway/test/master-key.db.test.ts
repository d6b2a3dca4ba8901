import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LocalMasterKeyRing,
  masterKeyIdOf,
  newMasterKeyText,
  parseMasterKey,
  setWebhookEndpoint,
  vaultAddressesOf,
} from '@svc/chains';
import { accountForWallet, type Db, recordActivity, trackWallet, vaultKeyCountsByMasterKey } from '@svc/store';
import { databaseText } from '@svc/store/testing';
import { deliverDueWebhooks } from '@svc/worker';
import { headerRecord, startTestReceiver, type TestReceiver } from '@svc/worker/testing';
import { Webhook } from 'standardwebhooks';
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
  let receiver: TestReceiver;
  /** The webhook secret of the account tracking TRACKED, made under the old key. */
  let webhookSecret: string;
  const TRACKED = '0x00000000000000000000000000000000000000d4';
  const oldKey = newMasterKeyText();
  const newKey = newMasterKeyText();
  beforeAll(async () => {
    db = await backend.open();
    receiver = await startTestReceiver();
    const before = new LocalMasterKeyRing(parseMasterKey(oldKey));
    const accounts: string[] = [];
    for (const address of [
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000b2',
      '0x00000000000000000000000000000000000000c3',
    ]) {
      accounts.push((await accountForWallet(db, 'eip155:8453', address)).accountId);
      await vaultAddressesOf(db, before, accounts.at(-1)!);
    }
    await trackWallet(db, accounts[0]!, { kind: 'evm', address: TRACKED, label: undefined, chains: ['base'] }, 10);
    webhookSecret = (await setWebhookEndpoint(db, before, accounts[0]!, receiver.url)).secret!;
  });
  afterAll(async () => {
    await receiver?.close();
    await db?.close();
  });

  /** A transfer to TRACKED, delivered with the master key `env` configures; the body as the receiver verified it. */
  async function deliveredWith(env: Record<string, string>, txHash: string) {
    await recordActivity(
      db,
      'base',
      [
        {
          chain: 'base',
          address: TRACKED,
          kind: 'native_transfer_in',
          txHash,
          logIndex: null,
          blockNumber: 1,
          occurredAt: new Date(),
          details: { amount: '1' },
        },
      ],
      1,
    );
    expect(await deliverDueWebhooks({ db, masterKey: loadConfig(env).masterKey! })).toBe(1);
    const delivery = receiver.received.at(-1)!;
    return new Webhook(webhookSecret).verify(delivery.body, headerRecord(delivery.headers));
  }

  async function run(argv: string[], env: Record<string, string>) {
    const lines: string[] = [];
    await rotateMasterKeyCli(argv, { db, masterKey: loadConfig(env).masterKey!, print: (line) => lines.push(line) });
    return lines;
  }

  it('new-key prints a usable key; status, then run re-seals every vault and webhook secret under the new key', async () => {
    const [printed] = await run(['new-key'], { SVC_MASTER_KEY: newKey });
    expect(parseMasterKey(printed!)).toHaveLength(32);

    const newId = masterKeyIdOf(parseMasterKey(newKey));
    const oldId = masterKeyIdOf(parseMasterKey(oldKey));
    const env = { SVC_MASTER_KEY: newKey, SVC_PREVIOUS_MASTER_KEYS: oldKey };
    expect(await run(['status'], env)).toEqual([
      `${oldId}  3 vault(s)  to re-seal`,
      `${oldId}  1 webhook secret(s)  to re-seal`,
    ]);
    expect(await deliveredWith({ SVC_MASTER_KEY: oldKey }, '0x01')).toMatchObject({
      type: 'tracked_wallet.native_transfer_in',
    });

    // Without the old key the run stops with the key id to add, and nothing changes.
    await expect(run(['run'], { SVC_MASTER_KEY: newKey })).rejects.toThrow(
      new UsageError(
        `A vault or webhook secret is sealed under ${oldId}, which this configuration does not hold: add that key to SVC_PREVIOUS_MASTER_KEYS and run again (batches already re-sealed are kept).`,
      ),
    );

    const output = await run(['run', '--batch-size', '2'], env);
    expect(output.at(-1)).toBe(
      `Done: 4 secret(s) re-sealed by this run; every vault and webhook secret is under ${newId}.`,
    );
    expect(await vaultKeyCountsByMasterKey(db)).toEqual([{ masterKeyId: newId, count: 3 }]);
    expect(await run(['status'], { SVC_MASTER_KEY: newKey })).toEqual([
      `${newId}  3 vault(s)  current`,
      `${newId}  1 webhook secret(s)  current`,
    ]);
    // The old key retired: deliveries still verify with the secret the owner holds, which the database does not.
    expect(await deliveredWith({ SVC_MASTER_KEY: newKey }, '0x02')).toMatchObject({
      type: 'tracked_wallet.native_transfer_in',
    });
    const dump = await databaseText(db);
    expect(dump).toContain(receiver.url);
    expect(dump).not.toContain(webhookSecret);
    expect(dump).not.toContain(webhookSecret.slice('whsec_'.length));
  });

  it('refuses unknown commands and bad options with the usage', async () => {
    await expect(run([], { SVC_MASTER_KEY: newKey })).rejects.toThrow(ROTATE_MASTER_KEY_USAGE);
    await expect(run(['run', '--batch-size', '0'], { SVC_MASTER_KEY: newKey })).rejects.toThrow(/--batch-size/);
    await expect(run(['run', '--force'], { SVC_MASTER_KEY: newKey })).rejects.toBeInstanceOf(UsageError);
  });
});
