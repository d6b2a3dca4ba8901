import { serviceErrorIn } from '@svc/contracts';
import type { Base64EncodedWireTransaction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import { collectProvenance } from '../upstream/index.js';
import { liveSolanaChain } from './live-solana-chain.js';

describe('the live Solana chain', () => {
  const mockAgent = useMockAgent({ assertAllUsed: false });

  it('answers 503 naming the setting when live Solana is not configured', () => {
    const unconfigured = liveSolanaChain({});
    expect(() => unconfigured.rpc()).toThrow(
      expect.objectContaining({ code: 'not_configured', extra: { setting: 'SOLANA_RPC_URL' } }),
    );
    expect(() => unconfigured.market()).toThrow(
      expect.objectContaining({ code: 'not_configured', extra: { setting: 'JUPITER_API_KEY' } }),
    );
    expect(
      liveSolanaChain({
        SOLANA_RPC_URL: 'https://api.mainnet-beta.solana.com',
        JUPITER_API_KEY: 'test-jupiter-key',
      }).market(),
    ).toBeDefined();
  });

  it('sends JSON-RPC through the Solana RPC shared client: a rate-limited read is retried, a broadcast is sent once', async () => {
    const rpc = 'https://solana-rpc.example';
    const calls: string[] = [];
    const pool = mockAgent().get(rpc);
    const answer = (status: number, result?: unknown) => (options: { body?: unknown }) => {
      const request = JSON.parse(String(options.body)) as { id: string; method: string };
      calls.push(`${request.method} ${status}`);
      return {
        statusCode: status,
        data: result === undefined ? 'busy' : { jsonrpc: '2.0', id: request.id, result },
        responseOptions: { headers: status === 429 ? { 'retry-after': '0' } : {} },
      };
    };
    pool.intercept({ method: 'POST', path: '/' }).reply(answer(429));
    pool.intercept({ method: 'POST', path: '/' }).reply(answer(200, 123));
    const chain = liveSolanaChain({ SOLANA_RPC_URL: rpc });
    const { value, provenance } = await collectProvenance(() => chain.rpc().getSlot().send());
    expect(value).toBe(123n);
    expect(provenance?.source).toBe('Solana RPC');

    pool.intercept({ method: 'POST', path: '/' }).reply(answer(503)).persist();
    const error = await chain
      .rpc()
      .sendTransaction('AQ==' as Base64EncodedWireTransaction, { encoding: 'base64' })
      .send()
      .catch((caught: unknown) => caught);
    expect(serviceErrorIn(error)).toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'Solana RPC', upstreamStatus: 503 },
    });
    expect(calls).toEqual(['getSlot 429', 'getSlot 200', 'sendTransaction 503']);
  });
});
