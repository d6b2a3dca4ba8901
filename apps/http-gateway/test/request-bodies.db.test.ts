import { MAX_JSON_DEPTH } from '@svc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { backendsFor, post, useGateway } from './harness.js';
import { mcpPost, newAccessKey } from './mcp-harness.js';

/** JSON text of arrays nested `levels` deep (JSON.stringify itself overflows long before a few thousand levels). */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const TOO_DEEP = nested(5000);

describe.each(backendsFor(import.meta.url))('request bodies on every route ($name)', (backend) => {
  const h = useGateway(backend);
  let key: string;
  beforeAll(async () => {
    ({ key } = await newAccessKey(h.db));
  });
  const a2aPost = (payload: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/a2a',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      payload,
    });
  const a2aMessage = (data: string, id = '1') =>
    `{"jsonrpc":"2.0","id":${id},"method":"message/send","params":{"message":{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"data","data":{"tool":"websearch","input":{"query":${data}}}}]}}}`;

  it(`refuses a tool body nested more than ${MAX_JSON_DEPTH} levels with 400 naming the limit, before any payment`, async () => {
    const res = await post(h.app, 'websearch', `{"query":${TOO_DEEP}}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['payment-required']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 'nesting_too_deep', limit: MAX_JSON_DEPTH });
  });

  it('reads a body nested exactly to the limit (it reaches validation)', async () => {
    const res = await post(h.app, 'websearch', `{"query":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ field: 'query', rule: 'type' })],
    });
  });

  it('answers MCP with 400 / -32600 for a deeply nested id or _meta', async () => {
    for (const payload of [
      `{"jsonrpc":"2.0","id":${TOO_DEEP},"method":"ping"}`,
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"websearch","arguments":{"query":"btc"},"_meta":{"x402/payment":${TOO_DEEP}}}}`,
    ]) {
      const res = await mcpPost(h.app, payload, { 'x-api-key': key });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, data: { code: 'nesting_too_deep' } },
      });
    }
  });

  it('answers A2A with 400 / -32600 for a deeply nested message part or id', async () => {
    for (const payload of [a2aMessage(TOO_DEEP), a2aMessage('"btc"', TOO_DEEP)]) {
      const res = await a2aPost(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, data: { code: 'nesting_too_deep' } },
      });
    }
  });

  it('answers A2A with 400 / -32600 for NUL in a message (tasks are stored as JSON, which cannot hold it), storing no task', async () => {
    const tasksBefore = (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM a2a_tasks')).rows[0]!.n;
    for (const payload of [a2aMessage('"x\\u0000y"'), a2aMessage('"btc"', '"x\\u0000"')]) {
      const res = await a2aPost(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        jsonrpc: '2.0',
        error: {
          code: -32600,
          data: { code: 'invalid_input', issues: [expect.objectContaining({ field: 'message', rule: 'format' })] },
        },
      });
    }
    expect((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM a2a_tasks')).rows[0]!.n).toBe(tasksBefore);
  });

  it('answers the OAuth client registration with invalid_request for a deeply nested body', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"redirect_uris":${TOO_DEEP}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('answers a text/plain body with 415 on tool routes, MCP and A2A', async () => {
    const headers = { 'content-type': 'text/plain', 'x-api-key': key };
    const tool = await h.app.inject({
      method: 'POST',
      url: '/api/tools/execute/unified/websearch',
      headers,
      payload: '{"query":"btc"}',
    });
    expect(tool.statusCode).toBe(415);
    expect(tool.json().code).toBe('unsupported_media_type');
    for (const url of ['/api/mcp', '/api/a2a']) {
      const res = await h.app.inject({
        method: 'POST',
        url,
        headers,
        payload: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      });
      expect(res.statusCode, url).toBe(415);
    }
  });
});
