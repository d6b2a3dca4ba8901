import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticateAccessKey,
  createAccessKey,
  listAccessKeys,
  revokeAccessKey,
  UnknownAccount,
} from './access-keys.js';
import type { Db } from './db.js';
import { accountsOf, testBackends } from './testing.js';

describe.each(testBackends())('vault access keys on $name', (backend) => {
  let db: Db;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    db = await backend.open();
    [alice, bob] = await accountsOf(
      db,
      '0x00000000000000000000000000000000000a11ce',
      '0x0000000000000000000000000000000000000b0b',
    );
  });
  afterAll(() => db.close());

  it('creates a key shown once with a visible prefix naming its environment, and stores only its SHA-256', async () => {
    const { key, record } = await createAccessKey(db, { accountId: alice, name: 'laptop', environment: 'development' });
    expect(key).toMatch(/^svc_dev_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(`${record.prefix}_`)).toBe(true);
    expect(record).toMatchObject({
      accountId: alice,
      environment: 'development',
      name: 'laptop',
      lastUsedAt: null,
      revokedAt: null,
    });
    const live = await createAccessKey(db, { accountId: alice, name: 'server', environment: 'production' });
    expect(live.key).toMatch(/^svc_live_/);

    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM access_keys WHERE id = $1', [record.id]);
    expect(Object.values(rows[0]!).some((value) => String(value).includes(key.slice(record.prefix.length + 1)))).toBe(
      false,
    );
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists an account’s keys (never the key itself) and no one else’s', async () => {
    await createAccessKey(db, { accountId: bob, name: 'bob', environment: 'development' });
    const keys = await listAccessKeys(db, alice);
    expect(keys.map((k) => k.name)).toEqual(['laptop', 'server']);
    expect(keys.every((k) => k.accountId === alice && !('key' in k))).toBe(true);
  });

  it('authenticates a key on its own environment only and records when it was last used', async () => {
    const { key, record } = await createAccessKey(db, { accountId: alice, name: 'agent', environment: 'development' });
    const check = await authenticateAccessKey(db, key, 'development');
    expect(check).toMatchObject({ ok: true, key: { id: record.id, accountId: alice } });
    const [used] = (await listAccessKeys(db, alice)).filter((k) => k.id === record.id);
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
    expect(await authenticateAccessKey(db, key, 'production')).toEqual({ ok: false, reason: 'wrong_environment' });
  });

  it('refuses malformed keys, unknown ids and a right id with a wrong secret', async () => {
    const { key, record } = await createAccessKey(db, {
      accountId: alice,
      name: 'guessed',
      environment: 'development',
    });
    expect(await authenticateAccessKey(db, 'not-a-key', 'development')).toEqual({ ok: false, reason: 'malformed' });
    expect(await authenticateAccessKey(db, `svc_dev_${'0'.repeat(16)}_${'A'.repeat(43)}`, 'development')).toEqual({
      ok: false,
      reason: 'unknown',
    });
    // The secret with its first character changed (it was the right secret whenever that character already was 'A').
    const secret = key.slice(-43);
    const wrongSecret = `${record.prefix}_${secret.startsWith('A') ? 'B' : 'A'}${secret.slice(1)}`;
    expect(wrongSecret).not.toBe(key);
    expect(await authenticateAccessKey(db, wrongSecret, 'development')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('revokes a key of the owning account only, idempotently, and a revoked key no longer authenticates', async () => {
    const { key, record } = await createAccessKey(db, {
      accountId: alice,
      name: 'to-revoke',
      environment: 'development',
    });
    expect(await revokeAccessKey(db, bob, record.id)).toBeUndefined();
    expect((await authenticateAccessKey(db, key, 'development')).ok).toBe(true);

    const revoked = await revokeAccessKey(db, alice, record.id);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect((await revokeAccessKey(db, alice, record.id))?.revokedAt).toEqual(revoked?.revokedAt);
    expect(await authenticateAccessKey(db, key, 'development')).toEqual({ ok: false, reason: 'revoked' });
    expect((await listAccessKeys(db, alice)).find((k) => k.id === record.id)?.revokedAt).toEqual(revoked?.revokedAt);
  });

  it('refuses to create a key for an account that does not exist', async () => {
    await expect(
      createAccessKey(db, { accountId: 'acct_missing', name: 'x', environment: 'development' }),
    ).rejects.toBeInstanceOf(UnknownAccount);
  });

  it('refuses an empty name (schema CHECK)', async () => {
    await expect(createAccessKey(db, { accountId: alice, name: '', environment: 'development' })).rejects.toThrow();
  });
});
