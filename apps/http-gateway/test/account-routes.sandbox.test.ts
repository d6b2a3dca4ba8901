import { SIGN_IN_WITH_X, wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ACCESS_KEYS_PATH } from '../src/routes/access-keys.js';
import { backendsFor, useSandboxGateway } from './harness.js';

describe.each(backendsFor(import.meta.url))(
  'identity-gated account routes over the real SIWX client ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);

    /** A new wallet's fetch that signs in wherever a 402 asks it to (the official client). */
    function signedIn() {
      const account = privateKeyToAccount(generatePrivateKey());
      const signedInFetch = wrapFetchWithSIWx(fetch, account);
      return (path: string, init: RequestInit = {}) => signedInFetch(`${gateway.url}${path}`, init);
    }
    const createKey = (as: ReturnType<typeof signedIn>, name: string) =>
      as(ACCESS_KEYS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });

    it('asks for a sign-in with a 402 that requests no payment (amount 0), carrying a fresh challenge for the route', async () => {
      const res = await fetch(`${gateway.url}${ACCESS_KEYS_PATH}`);
      expect(res.status).toBe(402);
      const required = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
      expect(required.accepts.map((a) => [a.network, a.amount])).toEqual([
        ['eip155:8453', '0'],
        ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '0'],
      ]);
      expect(required.extensions?.[SIGN_IN_WITH_X]).toMatchObject({
        info: { uri: `${gateway.url}${ACCESS_KEYS_PATH}`, nonce: expect.any(String) },
      });
      expect(await res.json()).toEqual(required);
    });

    it('lets a wallet create a key (shown once) that then opens the MCP endpoint for its account', async () => {
      const alice = signedIn();
      const created = await createKey(alice, 'agent');
      expect(created.status).toBe(201);
      const { key, prefix } = (await created.json()) as { key: string; prefix: string };
      expect(key.startsWith(`${prefix}_`)).toBe(true);

      const mcp = await fetch(`${gateway.url}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
      expect(await mcp.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });

      const listed = (await (await alice(ACCESS_KEYS_PATH)).json()) as { keys: { prefix: string }[] };
      expect(listed.keys.map((k) => k.prefix)).toEqual([prefix]);
      expect(JSON.stringify(listed)).not.toContain(key);
    });

    it('keeps accounts apart: another wallet neither lists nor revokes the key', async () => {
      const alice = signedIn();
      const bob = signedIn();
      const { id } = (await (await createKey(alice, 'mine')).json()) as { id: string };
      expect(((await (await bob(ACCESS_KEYS_PATH)).json()) as { keys: unknown[] }).keys).toEqual([]);
      expect((await bob(`${ACCESS_KEYS_PATH}/${id}`, { method: 'DELETE' })).status).toBe(404);
      const revoked = await alice(`${ACCESS_KEYS_PATH}/${id}`, { method: 'DELETE' });
      expect(revoked.status).toBe(200);
      expect(((await revoked.json()) as { revokedAt: string | null }).revokedAt).toEqual(expect.any(String));
    });

    it('answers a proof that is not valid with 401 identity_invalid, creating nothing', async () => {
      const res = await fetch(`${gateway.url}${ACCESS_KEYS_PATH}`, {
        method: 'POST',
        headers: { 'sign-in-with-x': 'bm90IGEgcHJvb2Y=' },
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('identity_invalid');
    });
  },
);
