import { LocalMasterKeyRing, newMasterKeyText, openWebhookSecret, parseMasterKey } from '@svc/chains';
import { loadConfig } from '@svc/config';
import { webhookSecretsToSeal } from '@svc/store';
import { accountsOf, databaseText } from '@svc/store/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { backendsFor } from './harness.js';

describe.each(backendsFor(import.meta.url))('webhook secrets stored before they were sealed ($name)', (backend) => {
  it('the gateway seals them at start-up: the owner keeps its secret, the database loses its clear copy', async () => {
    const db = await backend.open();
    try {
      const [owner] = await accountsOf(db, '0x00000000000000000000000000000000000000a1');
      const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
      // What migration 23 leaves of an endpoint made before it.
      await db.query(
        `INSERT INTO webhook_endpoints (account_id, url, secret) VALUES ($1, 'https://hooks.example.com/x', $2)`,
        [owner, secret],
      );
      const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
      const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { db, masterKey });
      await app.close();

      expect(await databaseText(db)).not.toContain(secret.slice('whsec_'.length));
      const [stored] = await webhookSecretsToSeal(db, 'local:none', 10);
      expect(stored).toMatchObject({ accountId: owner, secret: { sealed: { masterKeyId: masterKey.currentKeyId } } });
      expect(await openWebhookSecret(stored!.secret, owner, masterKey)).toBe(secret);
    } finally {
      await db.close();
    }
  });
});
