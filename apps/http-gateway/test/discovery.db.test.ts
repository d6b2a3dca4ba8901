import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { catalog, outputOf, TOOL_PATH_PREFIX } from '@svc/contracts';
import { PAYMENT_TOKEN_IDS } from '@svc/payments';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { BASE_URL, backendsFor, useGateway } from './harness.js';

const specNames = readFileSync(new URL('../../../packages/contracts/spec/tools.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean);

describe.each(backendsFor(import.meta.url))('discovery on $name', (backend) => {
  const h = useGateway(backend);

  it('GET /api/tools/discover lists exactly the 217 tools with route, price and schema records', async () => {
    const res = await h.app.inject('/api/tools/discover');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.tools).toHaveLength(218);
    expect(doc.tools.map((t: { name: string }) => t.name).sort()).toEqual([...specNames].sort());
    const wallet = doc.tools.find((t: { name: string }) => t.name === 'wallet');
    expect(wallet).toMatchObject({
      resourceKey: 'POST /api/tools/execute/unified/wallet',
      method: 'POST',
      path: '/api/tools/execute/unified/wallet',
      url: `${BASE_URL}/api/tools/execute/unified/wallet`,
      authRequired: true,
      price: { mode: 'fixed', currency: 'USD', amount: '0.0012', protocols: ['x402'] },
    });
    expect(typeof wallet.summary).toBe('string');
  });

  it('every discovered inputSchema compiles with ajv 2020-12', async () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const { tools } = (await h.app.inject('/api/tools/discover')).json();
    for (const tool of tools) expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
  });

  it('every discovered tool and OpenAPI operation shows an example body its published schema accepts', async () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const { tools } = (await h.app.inject('/api/tools/discover')).json();
    const doc = (await h.app.inject('/openapi.json')).json();
    for (const tool of tools) {
      const accepts = ajv.compile(tool.inputSchema);
      expect(tool.examples.length, tool.name).toBeGreaterThan(0);
      for (const example of tool.examples)
        expect(accepts(example), `${tool.name} ${JSON.stringify(example)}`).toBe(true);
      const media = doc.paths[tool.path].post.requestBody.content['application/json'];
      expect(Object.values(media.examples).map((entry) => (entry as { value: unknown }).value)).toEqual(tool.examples);
    }
  });

  it('serves discovery documents with an ETag and answers 304 to If-None-Match', async () => {
    for (const url of ['/api/tools/discover', '/openapi.json', '/.well-known/x402', '/.well-known/agent-card.json']) {
      const first = await h.app.inject(url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^".+"$/);
      const again = await h.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('publishes an OpenAPI 3.1.0 document that passes a validator, one POST per tool', async () => {
    const doc = (await h.app.inject('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2.0.10');
    expect(Object.keys(doc.paths).filter((path) => path.startsWith(TOOL_PATH_PREFIX))).toHaveLength(218);
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors.slice(0, 3)).toEqual([]);
    const wallet = doc.paths['/api/tools/execute/unified/wallet'].post;
    expect(wallet.security).toEqual([{ siwx: [] }]);
    expect(Object.keys(wallet.responses)).toEqual(expect.arrayContaining(['200', '400', '402']));
    expect(doc.paths['/api/tools/execute/unified/websearch'].post.security).toBeUndefined();
    // A tool with a published answer schema shows it as its 200; the others the generic result object.
    const answer = (tool: string) =>
      doc.paths[`${TOOL_PATH_PREFIX}${tool}`].post.responses['200'].content['application/json'];
    expect(answer('getLeaderboard').schema.required).toEqual(expect.arrayContaining(['entries', 'total']));
    expect(answer('websearch').schema.required).toEqual(expect.arrayContaining(['query', 'results']));
    // Until every family publishes its answers, the tools without a schema keep the generic result object.
    for (const tool of catalog.filter((tool) => !outputOf(tool)))
      expect(answer(tool.name).schema, tool.name).toEqual({ $ref: '#/components/schemas/ToolResult' });
    expect(doc.components.securitySchemes.siwx).toMatchObject({ type: 'apiKey', in: 'header' });
  });

  it('describes the routes that are not tools too, each of which the service has', async () => {
    const doc = (await h.app.inject('/openapi.json')).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => !path.startsWith(TOOL_PATH_PREFIX))
      .flatMap(([path, item]) => Object.keys(item).map((method) => [method.toUpperCase(), path] as const));
    expect(routes).toEqual(
      expect.arrayContaining([
        ['POST', '/api/account/access-keys'],
        ['PUT', '/api/account/policy'],
        ['POST', '/api/account/credit/topup'],
        ['POST', '/oauth/token'],
        ['POST', '/api/mcp'],
        ['POST', '/api/a2a'],
      ]),
    );
    for (const [method, path] of routes)
      expect(h.app.hasRoute({ method, url: path.replace(/\{(\w+)\}/g, ':$1') }), `${method} ${path}`).toBe(true);
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual(expect.arrayContaining(['Account', 'OAuth']));
  });

  it('GET /.well-known/x402 enumerates every paid resource as an absolute URL', async () => {
    const doc = (await h.app.inject('/.well-known/x402')).json();
    expect(doc.version).toBe(1);
    expect(doc.x402Version).toBe(2);
    expect(doc.resources).toHaveLength(218);
    expect(doc.resources).toContain(`${BASE_URL}/api/tools/execute/unified/websearch`);
    for (const url of doc.resources) expect(() => new URL(url)).not.toThrow();
  });

  it('GET /api/tools/pricing/{token} prices every tool in each of the five tokens', async () => {
    for (const token of PAYMENT_TOKEN_IDS) {
      const res = await h.app.inject(`/api/tools/pricing/${token}`);
      expect(res.statusCode, token).toBe(200);
      const doc = res.json();
      expect(doc.token).toBe(token);
      expect(doc.tools).toHaveLength(218);
      const wallet = doc.tools.find((t: { name: string }) => t.name === 'wallet');
      expect(wallet.priceUsd).toBe('0.0012');
      expect(wallet.amount).toMatch(/^[1-9]\d*$/);
    }
    const usdc = (await h.app.inject('/api/tools/pricing/BASE_USDC')).json();
    expect(usdc.tools.find((t: { name: string }) => t.name === 'addTrackedWallet')).toMatchObject({
      amount: '220500',
      amountDecimal: '0.2205',
    });
  });

  it('answers 404 naming the five tokens for any other pricing token', async () => {
    const res = await h.app.inject('/api/tools/pricing/DOGE');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem.code).toBe('unknown_payment_token');
    for (const token of PAYMENT_TOKEN_IDS) expect(problem.detail).toContain(token);
  });

  it('serves the agent cards (A2A 1.0 and the 0.3 legacy alias) and the ERC-8004 registration file', async () => {
    const v1 = (await h.app.inject('/.well-known/agent-card.json')).json();
    expect(v1.supportedInterfaces[0]).toMatchObject({
      url: `${BASE_URL}/api/a2a`,
      protocolBinding: 'JSONRPC',
      protocolVersion: '1.0',
    });
    expect(v1.skills).toHaveLength(15);
    expect(v1.securitySchemes.apiKey.apiKeySecurityScheme).toEqual(
      expect.objectContaining({ location: 'header', name: 'x-api-key' }),
    );
    const legacy = (await h.app.inject('/.well-known/agent.json')).json();
    expect(legacy).toMatchObject({
      protocolVersion: '0.3.0',
      url: `${BASE_URL}/api/a2a`,
      preferredTransport: 'JSONRPC',
    });
    expect(legacy.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'Bearer' });
    const reg = (await h.app.inject('/.well-known/agent-registration.json')).json();
    expect(reg).toMatchObject({
      type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1',
      x402Support: true,
      active: true,
      registrations: [],
    });
    expect(reg.services.map((s: { name: string }) => s.name)).toEqual(['web', 'MCP', 'A2A']);
    for (const key of ['name', 'description', 'image']) expect(typeof reg[key]).toBe('string');
  });

  it('serves the docs page (Scalar) from /docs/ with its script from here, reading /openapi.json', async () => {
    const bare = await h.app.inject('/docs');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/docs/');
    const page = await h.app.inject('/docs/');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('js/scalar.js');
    expect(page.body).toContain('/openapi.json');
    // Nothing is fetched from elsewhere (the browser test checks the requests the page makes).
    expect(page.body).not.toMatch(/(?:src|href)="https?:/);
    const script = await h.app.inject('/docs/js/scalar.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });

  it("GET /health reports the mode, a reachable database and each upstream provider's breaker", async () => {
    const res = await h.app.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', mode: 'sandbox', database: { kind: backend.name, ok: true } });
    expect(res.json().upstreams).toEqual(
      expect.arrayContaining([{ provider: 'Jupiter', breaker: 'closed', queued: 0, inFlight: 0 }]),
    );
  });
});
