import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pglite, useGateway } from './harness.js';

const REQUEST_TIMEOUT_MS = 1_000;

/** Sends the headers and the first byte of a 100-byte body, then nothing; resolves with what the server answered. */
function dripBody(port: number): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/tools/execute/unified/websearch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve({ answer, afterMs: performance.now() - started }));
    socket.on('error', reject);
  });
}

describe('a request whose body never finishes arriving', () => {
  const h = useGateway(pglite, { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });

  it('is answered 408 and its connection closed once the request timeout passes', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const { answer, afterMs } = await dripBody(port);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(afterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 3_000);
  }, 15_000);
});
