import { type Db, webhookSecretCountsByMasterKey, webhookSecretsToSeal } from '@svc/store';
import { accountsOf, databaseText, testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SealBroken } from './errors.js';
import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from './local-master-key.js';
import { rotateMasterKey } from './rotate-master-key.js';
import { openWebhookSecret, sealClearWebhookSecrets, setWebhookEndpoint } from './webhook-secrets.js';
import { openSecret } from './envelope.js';

const newKey = () => parseMasterKey(newMasterKeyText());

/** A secret and its key bytes (the base64 after `whsec_`): neither may appear anywhere in the database. */
const exposures = (secret: string) => [secret, secret.slice('whsec_'.length)];

describe.each(testBackends())('webhook signing secrets at rest on $name', (backend) => {
  let db: Db;
  const oldKey = newKey();
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db?.close());

  const storedSecretOf = async (accountId: string) =>
    (await webhookSecretsToSeal(db, 'local:none', 1_000)).find((row) => row.accountId === accountId)!.secret;

  it('stores only the seal: the database holds no trace of the secret, which opens only for its account and purpose', async () => {
    const ring = new LocalMasterKeyRing(oldKey);
    const [alice, bob] = await accountsOf(
      db,
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000b2',
    );
    const { secret } = await setWebhookEndpoint(db, ring, alice, 'https://hooks.example.com/a');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const dump = await databaseText(db);
    expect(dump).toContain('https://hooks.example.com/a');
    for (const exposed of exposures(secret!)) expect(dump).not.toContain(exposed);

    const stored = await storedSecretOf(alice);
    expect(stored.sealed?.masterKeyId).toBe(ring.currentKeyId);
    expect(await openWebhookSecret(stored, alice, ring)).toBe(secret);
    // Moved to another account, or read as a vault seed, the record does not open.
    await expect(openWebhookSecret(stored, bob, ring)).rejects.toBeInstanceOf(SealBroken);
    await expect(openSecret(stored.sealed!, alice, ring)).rejects.toBeInstanceOf(SealBroken);
  });

  it('seals a secret left in clear by migration 23, then master-key rotation re-seals it: same secret, no clear copy', async () => {
    const before = new LocalMasterKeyRing(oldKey);
    const [carol] = await accountsOf(db, '0x00000000000000000000000000000000000000c3');
    const clear = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    // What migration 23 leaves of an endpoint made before it: the secret in clear, no seal.
    await db.query(
      `INSERT INTO webhook_endpoints (account_id, url, secret) VALUES ($1, 'https://hooks.example.com/c', $2)`,
      [carol, clear],
    );
    expect(await openWebhookSecret(await storedSecretOf(carol), carol, before)).toBe(clear);

    expect(await sealClearWebhookSecrets(db, before, 1)).toBe(1);
    expect(await sealClearWebhookSecrets(db, before)).toBe(0);
    for (const exposed of exposures(clear)) expect(await databaseText(db)).not.toContain(exposed);
    expect((await storedSecretOf(carol)).sealed?.masterKeyId).toBe(before.currentKeyId);

    // One more left in clear: the rotation seals it on the way.
    const [dave] = await accountsOf(db, '0x00000000000000000000000000000000000000d4');
    const daveClear = `whsec_${Buffer.alloc(32, 8).toString('base64')}`;
    await db.query(
      `INSERT INTO webhook_endpoints (account_id, url, secret) VALUES ($1, 'https://hooks.example.com/d', $2)`,
      [dave, daveClear],
    );
    const currentKey = newKey();
    const after = new LocalMasterKeyRing(currentKey, [oldKey]);
    // Alice's (the first test's), Carol's and Dave's, one batch each.
    expect(await rotateMasterKey(db, after, { batchSize: 1 })).toEqual({ resealed: 3 });
    expect(await webhookSecretCountsByMasterKey(db)).toEqual([{ masterKeyId: after.currentKeyId, count: 3 }]);
    const dump = await databaseText(db);
    for (const exposed of [...exposures(clear), ...exposures(daveClear)]) expect(dump).not.toContain(exposed);
    // The old key can be retired: the new one alone opens the same secret.
    const newOnly = new LocalMasterKeyRing(currentKey);
    expect(await openWebhookSecret(await storedSecretOf(carol), carol, newOnly)).toBe(clear);
    expect(await openWebhookSecret(await storedSecretOf(dave), dave, newOnly)).toBe(daveClear);
  });
});
