import { newMasterKeyText } from '@svc/chains';
import {
  createSIWxMessage,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { databaseText } from '@svc/store/testing';
import { backendsFor, LIVE_SETTINGS, useGateway } from './harness.js';
import { webhookEndpointOf } from '@svc/store';
import { newAccessKey } from './mcp-harness.js';
import { signedInClient } from './oauth-harness.js';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

describe.each(backendsFor(import.meta.url))('webhook endpoint routes ($name)', (backend) => {
  const gateway = useGateway(backend);
  const live = useGateway(backend, {
    ...LIVE_SETTINGS,
    PUBLIC_BASE_URL: 'http://127.0.0.1:8402',
    FACILITATOR_URL: 'http://127.0.0.1:9',
    SVC_MASTER_KEY: newMasterKeyText(),
  });

  const send = (app = gateway.app, method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Call a route signed in as `account`: the first, unsigned call answers 402 with the challenge to sign. */
  async function as(account: PrivateKeyAccount, method: Method, url: string, body?: unknown, app = gateway.app) {
    const unsigned = await send(app, method, url, body);
    expect(unsigned.statusCode).toBe(402);
    const challenge = unsigned.json().extensions[SIGN_IN_WITH_X] as SIWxExtension;
    const info = { ...challenge.info, chainId: 'eip155:8453', type: 'eip191' as const };
    const signature = await account.signMessage({ message: createSIWxMessage(info, account.address) });
    return send(app, method, url, body, {
      'sign-in-with-x': encodeSIWxHeader({ ...info, address: account.address, signature }),
    });
  }

  it('answers 402 with a fresh sign-in challenge for the route without a proof', async () => {
    const res = await send(gateway.app, 'GET', '/api/account/webhook');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: expect.stringMatching(/^sign_in_required/),
      extensions: { [SIGN_IN_WITH_X]: { info: { uri: 'http://127.0.0.1:8402/api/account/webhook' } } },
    });
    const replayed = await send(gateway.app, 'GET', '/api/account/webhook', undefined, {
      'sign-in-with-x': 'not-a-proof',
    });
    expect(replayed.json()).toMatchObject({ status: 401, code: 'identity_invalid' });
  });

  it('sets the endpoint (secret shown once), changes its URL, rotates the secret and never lists it', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    expect((await as(owner, 'GET', '/api/account/webhook')).statusCode).toBe(404);
    expect((await as(owner, 'POST', '/api/account/webhook/rotate-secret')).statusCode).toBe(404);

    const created = await as(owner, 'PUT', '/api/account/webhook', { url: 'http://127.0.0.1:9999/hook' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { secret } = created.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);

    const moved = await as(owner, 'PUT', '/api/account/webhook', { url: 'https://hooks.example.com/svc' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).not.toHaveProperty('secret');

    const rotated = await as(owner, 'POST', '/api/account/webhook/rotate-secret');
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
    // Sealed at rest: neither secret is anywhere in the database.
    const dump = await databaseText(gateway.db);
    for (const shownOnce of [secret, rotated.json().secret]) expect(dump).not.toContain(shownOnce);

    const shown = await as(owner, 'GET', '/api/account/webhook');
    expect(shown.json()).toEqual({
      url: 'https://hooks.example.com/svc',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secretRotatedAt: expect.any(String),
    });

    // Another wallet is another account: it sees no endpoint.
    expect((await as(privateKeyToAccount(generatePrivateKey()), 'GET', '/api/account/webhook')).statusCode).toBe(404);
  });

  it("removes the endpoint and its secret, the owner's only; a new one gets a new secret", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const { secret } = (await as(owner, 'PUT', '/api/account/webhook', { url: 'http://127.0.0.1:9999/a' })).json();
    expect((await as(other, 'DELETE', '/api/account/webhook')).statusCode).toBe(404);

    const removed = await as(owner, 'DELETE', '/api/account/webhook');
    expect(removed.statusCode).toBe(204);
    expect(removed.headers['cache-control']).toBe('no-store');
    expect((await as(owner, 'GET', '/api/account/webhook')).statusCode).toBe(404);
    expect((await as(owner, 'DELETE', '/api/account/webhook')).statusCode).toBe(404);

    const again = await as(owner, 'PUT', '/api/account/webhook', { url: 'http://127.0.0.1:9999/b' });
    expect(again.statusCode).toBe(201);
    expect(again.json().secret).toMatch(/^whsec_/);
    expect(again.json().secret).not.toBe(secret);
  });

  it("registers an endpoint with a vault access key or an OAuth access token, for the credential's account", async () => {
    const { key, accountId } = await newAccessKey(gateway.db);
    const byKey = await send(
      gateway.app,
      'PUT',
      '/api/account/webhook',
      { url: 'https://hooks.example/by-key' },
      { 'x-api-key': key },
    );
    expect(byKey.statusCode, byKey.body).toBe(201);
    expect(byKey.json()).toMatchObject({ url: 'https://hooks.example/by-key', secret: expect.any(String) });
    expect(await webhookEndpointOf(gateway.db, accountId)).toMatchObject({ url: 'https://hooks.example/by-key' });

    const { tokens } = await signedInClient(gateway.app, key);
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const byToken = await send(
      gateway.app,
      'PUT',
      '/api/account/webhook',
      { url: 'https://hooks.example/by-token' },
      bearer,
    );
    expect(byToken.statusCode, byToken.body).toBe(200);
    const read = await send(gateway.app, 'GET', '/api/account/webhook', undefined, bearer);
    expect(read.json()).toMatchObject({ url: 'https://hooks.example/by-token' });
    expect(await webhookEndpointOf(gateway.db, accountId)).toMatchObject({ url: 'https://hooks.example/by-token' });
    expect(read.json()).not.toHaveProperty('secret');

    const refused = await send(gateway.app, 'GET', '/api/account/webhook', undefined, { 'x-api-key': `${key}x` });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'credentials_invalid' });
    const both = await send(gateway.app, 'GET', '/api/account/webhook', undefined, { 'x-api-key': key, ...bearer });
    expect(both.json()).toMatchObject({ status: 400, code: 'credentials_conflict' });
  });

  it('refuses URLs that are not http(s), and in live mode plain http and internal hosts', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    expect((await as(owner, 'PUT', '/api/account/webhook', { url: 'ftp://example.com/x' })).json()).toMatchObject({
      status: 400,
      issues: [{ field: 'url' }],
    });
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      'https://[::1]/x',
    ]) {
      const res = await as(owner, 'PUT', '/api/account/webhook', { url }, live.app);
      expect(res.statusCode, url).toBe(400);
    }
    expect(
      (await as(owner, 'PUT', '/api/account/webhook', { url: 'https://hooks.example.com/x' }, live.app)).statusCode,
    ).toBe(201);
  });
});
