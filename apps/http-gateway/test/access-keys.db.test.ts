import { ServiceError } from '@svc/contracts';
import { accountForWallet, authenticateAccessKey, type Db } from '@svc/store';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEYS_USAGE, accessKeysCli } from '../src/cli/access-keys.js';
import { registerErrorHandling } from '../src/errors.js';
import { ACCESS_KEYS_PATH, accessKeyRoutes } from '../src/routes/access-keys.js';
import { backendsFor } from './harness.js';

describe.each(backendsFor(import.meta.url))('vault access keys: REST routes and operator CLI ($name)', (backend) => {
  let db: Db;
  let app: FastifyInstance;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    db = await backend.open();
    alice = (await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000a11ce')).accountId;
    bob = (await accountForWallet(db, 'eip155:8453', '0x0000000000000000000000000000000000000b0b')).accountId;
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    // Stands in for SIWX: the signed-in account arrives in a test header.
    const accountOf = async (request: { headers: Record<string, unknown> }) => {
      const account = request.headers['x-test-account'];
      if (typeof account !== 'string') throw new ServiceError('credentials_required', 'Sign in first.');
      return account;
    };
    accessKeyRoutes(app, { db, environment: 'development', accountOf });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const as = (account: string) => ({ 'x-test-account': account });

  describe('REST', () => {
    it('creates a key shown once (no-store), then lists it without the key', async () => {
      const created = await app.inject({
        method: 'POST',
        url: ACCESS_KEYS_PATH,
        headers: { ...as(alice), 'content-type': 'application/json' },
        payload: { name: 'claude' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');
      const body = created.json();
      expect(body).toMatchObject({
        name: 'claude',
        environment: 'development',
        prefix: expect.stringMatching(/^svc_dev_/),
        lastUsedAt: null,
        revokedAt: null,
      });
      expect(body.key.startsWith(`${body.prefix}_`)).toBe(true);
      expect((await authenticateAccessKey(db, body.key, 'development')).ok).toBe(true);

      const listed = (await app.inject({ method: 'GET', url: ACCESS_KEYS_PATH, headers: as(alice) })).json();
      expect(listed.keys.map((k: { prefix: string }) => k.prefix)).toContain(body.prefix);
      expect(JSON.stringify(listed)).not.toContain(body.key);
      expect((await app.inject({ method: 'GET', url: ACCESS_KEYS_PATH, headers: as(bob) })).json()).toEqual({
        keys: [],
      });
    });

    it('names a key "default" when the body is empty, and refuses a bad name with 400', async () => {
      expect((await app.inject({ method: 'POST', url: ACCESS_KEYS_PATH, headers: as(alice) })).json().name).toBe(
        'default',
      );
      const bad = await app.inject({
        method: 'POST',
        url: ACCESS_KEYS_PATH,
        headers: { ...as(alice), 'content-type': 'application/json' },
        payload: { name: '', color: 'red' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('invalid_input');
    });

    it('revokes a key of the caller only; another account gets 404', async () => {
      const { id } = (await app.inject({ method: 'POST', url: ACCESS_KEYS_PATH, headers: as(alice) })).json();
      expect(
        (await app.inject({ method: 'DELETE', url: `${ACCESS_KEYS_PATH}/${id}`, headers: as(bob) })).statusCode,
      ).toBe(404);
      const revoked = await app.inject({ method: 'DELETE', url: `${ACCESS_KEYS_PATH}/${id}`, headers: as(alice) });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().revokedAt).toBeTypeOf('string');
    });

    it('answers what the identity hook answers when the caller is not signed in', async () => {
      const res = await app.inject({ method: 'GET', url: ACCESS_KEYS_PATH });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('credentials_required');
    });
  });

  describe('operator CLI', () => {
    async function cli(...argv: string[]) {
      const lines: string[] = [];
      await accessKeysCli(argv, { db, environment: 'development', print: (line) => lines.push(line) });
      return lines;
    }

    it('creates a key for a wallet’s account, lists it and revokes it by its visible prefix', async () => {
      const [key, details] = await cli(
        'create',
        '--wallet',
        'eip155:8453:0x00000000000000000000000000000000000A11CE',
        '--name',
        'ops',
      );
      expect(key).toMatch(/^svc_dev_[0-9a-f]{16}_/);
      expect(details).toContain(`account ${alice}`);
      const prefix = key!.split('_').slice(0, 3).join('_');
      expect(
        (await cli('list', '--account', alice)).some(
          (line) => line.startsWith(prefix) && line.includes('"ops"') && line.includes('revoked -'),
        ),
      ).toBe(true);
      const [revoked] = await cli('revoke', '--account', alice, '--key', prefix);
      expect(revoked).toMatch(/revoked \d{4}-/);
      expect(await authenticateAccessKey(db, key!, 'development')).toEqual({ ok: false, reason: 'revoked' });
    });

    it('explains what is wrong instead of guessing', async () => {
      await expect(cli('create', '--account', 'acct_nobody')).rejects.toThrow('No account acct_nobody.');
      await expect(cli('create')).rejects.toThrow(/exactly one of --account or --wallet/);
      await expect(cli('create', '--wallet', 'not-caip10')).rejects.toThrow(/CAIP-10/);
      await expect(cli('revoke', '--account', bob, '--key', 'svc_dev_0000000000000000')).rejects.toThrow(/has no key/);
      await expect(cli('list', '--acount', alice)).rejects.toThrow(/Unknown option/);
      await expect(cli('rotate')).rejects.toThrow(ACCESS_KEYS_USAGE);
    });
  });
});
