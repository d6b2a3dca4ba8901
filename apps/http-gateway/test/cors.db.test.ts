import { ConfigError, loadConfig } from '@svc/config';
import { describe, expect, it } from 'vitest';
import { pglite, post, useGateway } from './harness.js';

const TOOL_URL = '/api/tools/execute/unified/hederaContractIdToEvmAddress';
const preflight = (origin: string, requestHeaders: string) => ({
  method: 'OPTIONS' as const,
  url: TOOL_URL,
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': requestHeaders,
  },
});
const listed = (value: unknown) => String(value).split(', ');

describe('CORS with the default CORS_ORIGINS (any origin)', () => {
  const h = useGateway(pglite);

  it('answers a tool route preflight with the x402 headers allowed, without credentials', async () => {
    const res = await h.app.inject(preflight('https://wallet.example', 'content-type, payment-signature'));
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(listed(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(listed(res.headers['access-control-allow-headers'])).toEqual(
      expect.arrayContaining([
        'payment-signature',
        'sign-in-with-x',
        'idempotency-key',
        'x-api-key',
        'authorization',
        // What the MCP and A2A plugins export for their own clients, in the same one registration.
        'mcp-protocol-version',
        'mcp-session-id',
        'last-event-id',
        'x-mcp-tools-filter',
        'a2a-version',
      ]),
    );
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets the page read PAYMENT-REQUIRED on a 402 and PAYMENT-RESPONSE', async () => {
    const res = await post(
      h.app,
      'hederaContractIdToEvmAddress',
      { contractId: '0.0.5' },
      { origin: 'https://x.example' },
    );
    expect(res.statusCode).toBe(402);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(listed(res.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['payment-required', 'payment-response', 'www-authenticate']),
    );
  });
});

describe('CORS with CORS_ORIGINS listing origins', () => {
  const h = useGateway(pglite, { CORS_ORIGINS: 'https://app.example, https://admin.example' });

  it('allows a listed origin, by name', async () => {
    const res = await h.app.inject(preflight('https://admin.example', 'payment-signature'));
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(res.headers.vary).toContain('Origin');
  });

  it('gives any other origin no permission to read', async () => {
    const res = await h.app.inject(preflight('https://evil.example', 'payment-signature'));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const call = await post(
      h.app,
      'hederaContractIdToEvmAddress',
      { contractId: '0.0.5' },
      { origin: 'https://evil.example' },
    );
    expect(call.statusCode).toBe(402);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS_ORIGINS', () => {
  it('refuses an entry that is not an origin, naming it', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'app.example' })).toThrow(/"app\.example" is not an origin/);
    expect(loadConfig({ CORS_ORIGINS: 'https://app.example' }).corsOrigins).toEqual(['https://app.example']);
  });
});
