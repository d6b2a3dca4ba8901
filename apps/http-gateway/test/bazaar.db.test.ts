import { catalog, examplesOf, findTool, inputJsonSchema, outputJsonSchema } from '@svc/contracts';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import {
  type DiscoveryExtension,
  extractDiscoveryInfo,
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
} from '@x402/extensions/bazaar';
import { describe, expect, it } from 'vitest';
import { BASE_URL, pglite, post, useGateway } from './harness.js';

const TOOL = 'hederaContractIdToEvmAddress';
const { $schema: _draft, ...inputSchema } = inputJsonSchema(findTool(TOOL)!);

/** What a cataloguing facilitator does with a paid call: validate the echoed extension and extract the resource. */
function catalogued(extension: DiscoveryExtension) {
  expect(validateDiscoveryExtensionSpec(extension as unknown as Record<string, unknown>)).toEqual({ valid: true });
  const validation = validateDiscoveryExtension(extension);
  expect(validation.errors ?? []).toEqual([]);
  expect(validation.valid).toBe(true);
}

describe('x402 Bazaar discovery', () => {
  const h = useGateway(pglite);

  it('declares the tool in its 402: a JSON POST with its input schema, an example body and a JSON output', async () => {
    const res = await post(h.app, TOOL, { contractId: '0.0.5' });
    expect(res.statusCode).toBe(402);
    const required = decodePaymentRequiredHeader(String(res.headers['payment-required']));
    expect(res.json().extensions).toEqual(required.extensions);
    const bazaar = required.extensions!.bazaar as DiscoveryExtension;
    catalogued(bazaar);
    expect(bazaar.info).toEqual({
      input: { type: 'http', method: 'POST', bodyType: 'json', body: examplesOf(findTool(TOOL)!)[0] },
      output: { type: 'json', format: 'application/json' },
    });
    expect(bazaar.schema.properties.input.properties).toMatchObject({ body: inputSchema });
    // The tool's published response schema, as in its OpenAPI 200.
    expect(outputJsonSchema(findTool(TOOL)!)).toBeDefined();
    expect(bazaar.schema.properties.output?.properties).toMatchObject({ example: outputJsonSchema(findTool(TOOL)!) });

    // The official facilitator-side helper reads the resource back from a payment that echoes the extensions.
    const payment: PaymentPayload = {
      x402Version: 2,
      resource: required.resource,
      accepted: required.accepts[0]!,
      payload: {},
      extensions: required.extensions,
    };
    expect(extractDiscoveryInfo(payment, required.accepts[0]!)).toMatchObject({
      resourceUrl: `${BASE_URL}/api/tools/execute/unified/${TOOL}`,
      method: 'POST',
      x402Version: 2,
      discoveryInfo: bazaar.info,
    });
  });

  it('keeps the sign-in challenge of an identity-gated tool next to it', async () => {
    const res = await post(h.app, 'getUserMemoryCategories', {});
    expect(res.statusCode).toBe(402);
    expect(Object.keys(res.json().extensions).sort()).toEqual(['bazaar', 'sign-in-with-x']);
  });

  it('publishes every tool with its declaration in /.well-known/x402, valid for a catalog', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/.well-known/x402' });
    const { resources, items } = res.json() as {
      resources: string[];
      items: { resource: string; type: string; extensions: { bazaar: DiscoveryExtension } }[];
    };
    expect(items.map((item) => item.resource)).toEqual(resources);
    expect(items).toHaveLength(catalog.length);
    for (const item of items) {
      expect(item.type).toBe('http');
      expect(validateDiscoveryExtensionSpec(item.extensions.bazaar as never)).toEqual({ valid: true });
    }
    // The full check compiles each schema (about 50 ms): one tool of each group, whose schemas differ the most.
    // Every tool's example body passing its own validation is contracts' examples.test.ts.
    const firstOfGroup = new Map<string, number>();
    catalog.forEach((tool, index) => firstOfGroup.set(tool.group, firstOfGroup.get(tool.group) ?? index));
    for (const index of firstOfGroup.values()) catalogued(items[index]!.extensions.bazaar);
  });
});
