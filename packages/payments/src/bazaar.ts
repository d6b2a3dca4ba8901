import { examplesOf, inputJsonSchema, outputJsonSchema, type ToolDefinition } from '@svc/contracts';
import { BAZAAR, declareDiscoveryExtension, type DiscoveryExtension } from '@x402/extensions/bazaar';

/** The extension's key in `extensions` (BAZAAR is its facilitator-side object). */
const KEY = BAZAAR.key;

/**
 * What a tool whose answer the catalog does not describe yet answers on success: a JSON object (the OpenAPI
 * document's ToolResult says the same).
 */
const TOOL_RESULT_SCHEMA = {
  type: 'object',
  description: 'The tool result: a JSON object.',
  additionalProperties: true,
};

const declared = new WeakMap<ToolDefinition, Readonly<Record<string, DiscoveryExtension>>>();

/**
 * The x402 Bazaar discovery extension of a tool's REST resource (`extensions.bazaar` of its 402 and of
 * /.well-known/x402), so facilitators' catalogs can list it: a JSON POST whose body is the tool's input schema, with
 * the catalog's first example body, and its JSON output with the tool's published response schema. Declared with the
 * official helper, computed once per tool.
 */
export function bazaarExtensionOf(tool: ToolDefinition): Readonly<Record<string, DiscoveryExtension>> {
  const cached = declared.get(tool);
  if (cached) return cached;
  // Nested inside the extension's own schema, which names the draft at its root.
  const { $schema: _draft, ...inputSchema } = inputJsonSchema(tool);
  const { info, schema, ...rest } = declareDiscoveryExtension({
    bodyType: 'json',
    // Every example is a JSON object: contracts' examples.test.ts parses each with its tool's object schema.
    input: (examplesOf(tool)[0] ?? {}) as Record<string, unknown>,
    inputSchema,
  })[KEY]!;
  const extension = {
    ...rest,
    // The method is what the SDK's resource-server extension would fill in from the route: every tool is a POST.
    info: { ...info, input: { ...info.input, method: 'POST' }, output: { type: 'json', format: 'application/json' } },
    schema: {
      ...schema,
      properties: {
        ...schema.properties,
        output: {
          type: 'object',
          properties: {
            type: { type: 'string' },
            format: { type: 'string' },
            example: outputJsonSchema(tool) ?? TOOL_RESULT_SCHEMA,
          },
          required: ['type'],
        },
      },
    },
  } as DiscoveryExtension;
  const result = { [KEY]: extension };
  declared.set(tool, result);
  return result;
}
