import { existsSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { catalog, findTool, priceOf } from './catalog.js';
import { NUL_FREE } from './formats.js';
import { inputJsonSchema, type JsonSchema } from './json-schema.js';
import { FAMILY_DEFAULT_USD } from './pricing.js';
import { TOOL_GROUPS } from './types.js';

const specCopy = new URL('../spec/tools.txt', import.meta.url);
const sharedSpec = new URL('../../../../shared/spec/tools.txt', import.meta.url);
/** Every string node of a published schema, with the body path that reaches it (array items at index 0). */
function stringNodes(
  schema: JsonSchema,
  path: (string | number)[] = [],
): { path: (string | number)[]; node: JsonSchema }[] {
  const children = [
    ...Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([key, child]) =>
      stringNodes(child, [...path, key]),
    ),
    ...(schema.items ? [stringNodes(schema.items as JsonSchema, [...path, 0])] : []),
    ...[...((schema.anyOf ?? []) as JsonSchema[]), ...((schema.oneOf ?? []) as JsonSchema[])].map((branch) =>
      stringNodes(branch, path),
    ),
  ].flat();
  return schema.type === 'string' && !('enum' in schema) && !('const' in schema)
    ? [{ path, node: schema }, ...children]
    : children;
}

const bodyWith = (path: readonly (string | number)[], value: unknown): unknown =>
  path.length === 0
    ? value
    : typeof path[0] === 'number'
      ? [bodyWith(path.slice(1), value)]
      : { [path[0]!]: bodyWith(path.slice(1), value) };

type ZodIssueTree = { path: PropertyKey[]; pattern?: string; errors?: ZodIssueTree[][] };
const flatIssues = (
  issues: readonly ZodIssueTree[],
  prefix: PropertyKey[] = [],
): { path: PropertyKey[]; pattern?: string }[] =>
  issues.flatMap((issue) => [
    { ...issue, path: [...prefix, ...issue.path] },
    ...(issue.errors ?? []).flatMap((branch) => flatIssues(branch, [...prefix, ...issue.path])),
  ]);

const names = (file: URL) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe('catalog', () => {
  const specNames = names(specCopy);

  it('holds the committed copy of the spec tool list in sync with shared/spec/tools.txt', () => {
    if (existsSync(sharedSpec)) expect(specNames).toEqual(names(sharedSpec));
    expect(specNames).toHaveLength(218);
  });

  it('defines every tool of tools.txt exactly once, and nothing else', () => {
    const defined: string[] = catalog.map((tool) => tool.name);
    const duplicates = defined.filter((name, i) => defined.indexOf(name) !== i);
    expect(duplicates).toEqual([]);
    expect(specNames.filter((name) => !defined.includes(name))).toEqual([]);
    expect(defined.filter((name) => !specNames.includes(name))).toEqual([]);
    expect(defined).toHaveLength(218);
  });

  it('gives every tool a known group, a summary, a positive price and an effect', () => {
    for (const tool of catalog) {
      expect(TOOL_GROUPS, tool.name).toContain(tool.group);
      expect(tool.summary.length, tool.name).toBeGreaterThan(10);
      expect(priceOf(tool), tool.name).toMatch(/^(?=.*[1-9])\d+(\.\d+)?$/);
      expect(['read', 'write'], tool.name).toContain(tool.effect);
    }
  });

  it('uses every one of the 15 groups', () => {
    expect(new Set(catalog.map((tool) => tool.group))).toEqual(new Set(TOOL_GROUPS));
  });

  it('compiles every input schema with ajv (draft 2020-12), as an object schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    for (const tool of catalog) {
      const schema = inputJsonSchema(tool);
      expect(schema.$schema, tool.name).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.type, tool.name).toBe('object');
      expect(() => ajv.compile(schema), tool.name).not.toThrow();
    }
  });

  it('refuses NUL in every string field of every tool, and says so in the published schema', () => {
    let checked = 0;
    for (const tool of catalog) {
      for (const { path, node } of stringNodes(inputJsonSchema(tool))) {
        const where = `${tool.name}.${path.join('.')}`;
        const patterns = [node.pattern, ...((node.allOf ?? []) as JsonSchema[]).map((part) => part.pattern)];
        expect(patterns, where).toContain(NUL_FREE.source);
        const result = tool.input.safeParse(bodyWith(path, 'a\u0000b'));
        const refusal = flatIssues((result.error?.issues ?? []) as ZodIssueTree[]).find(
          (issue) => issue.pattern === String(NUL_FREE),
        );
        expect(refusal?.path, where).toEqual(path);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('keeps the spec prices where the spec shows them', () => {
    const spec: Record<string, string> = {
      wallet: '0.0012',
      addTrackedWallet: '0.2205',
      mktdataTradeData: '0.0924',
      getRouterSwapQuote: '0.1313',
      findSolanaGems: '0.1069',
      crawlExtract: '0.0836',
    };
    for (const [name, usd] of Object.entries(spec)) expect(priceOf(findTool(name)!)).toBe(usd);
  });

  it('applies operator overrides: a tool name beats the spec price, a family sets its family only', () => {
    const wallet = findTool('wallet')!;
    const evmSend = findTool('ethNativeSend')!;
    expect(priceOf(wallet, { wallet: '0.5' })).toBe('0.5');
    expect(priceOf(evmSend)).toBe(FAMILY_DEFAULT_USD['evm-wallet']);
    expect(priceOf(evmSend, { 'evm-wallet': '0.03' })).toBe('0.03');
    expect(priceOf(wallet, { 'evm-wallet': '0.03' })).toBe('0.0012');
  });
});
