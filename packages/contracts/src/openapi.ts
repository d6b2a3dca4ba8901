import { type PriceOverrides, priceOf } from './catalog.js';
import { ERROR_CODES } from './errors.js';
import { examplesOf } from './examples.js';
import { outputJsonSchema } from './outputs/index.js';
import { inputJsonSchema } from './json-schema.js';
import { CATALOG_VERSION, toolPath } from './routes.js';
import { TOOL_GROUPS, type ToolDefinition } from './types.js';

export interface OpenApiOptions {
  readonly baseUrl: string;
  readonly overrides?: PriceOverrides;
  /** The service's routes that are not tools (account, OAuth, MCP, A2A, sandbox), described by the app serving them. */
  readonly serviceRoutes?: {
    readonly tags: readonly { readonly name: string; readonly description: string }[];
    readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  };
}

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const components = {
  securitySchemes: {
    siwx: {
      type: 'apiKey',
      in: 'header',
      name: 'SIGN-IN-WITH-X',
      description:
        'Sign-In-With-X (CAIP-122): base64 JSON of a wallet-signed SIWE (EVM, EIP-191) or SIWS (Solana, ed25519) message ' +
        'answering the challenge in the 402 under extensions["sign-in-with-x"]. The same value is accepted in `Authorization`, bare (`Authorization: <value>`) or as `Authorization: SIWX <value>`.',
    },
  },
  schemas: {
    Problem: {
      type: 'object',
      description:
        'RFC 9457 problem details. `code` is stable; `issues` lists each failed field with its rule and limit.',
      required: ['type', 'title', 'status', 'detail', 'code'],
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        code: { type: 'string', enum: Object.keys(ERROR_CODES) },
        issues: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'rule', 'message'],
            properties: { field: { type: 'string' }, rule: { type: 'string' }, message: { type: 'string' }, limit: {} },
          },
        },
      },
    },
    PaymentRequired: {
      type: 'object',
      description: 'x402 v2 PaymentRequired; the same JSON is sent base64-encoded in the PAYMENT-REQUIRED header.',
      required: ['x402Version', 'resource', 'accepts'],
      properties: {
        x402Version: { const: 2 },
        error: { type: 'string' },
        resource: {
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string' }, description: { type: 'string' }, mimeType: { type: 'string' } },
        },
        accepts: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['scheme', 'network', 'amount', 'asset', 'payTo', 'maxTimeoutSeconds', 'extra'],
            properties: {
              scheme: { type: 'string' },
              network: { type: 'string' },
              amount: { type: 'string', pattern: '^\\d+$' },
              asset: { type: 'string' },
              payTo: { type: 'string' },
              maxTimeoutSeconds: { type: 'integer' },
              extra: { type: 'object' },
            },
          },
        },
        extensions: { type: 'object' },
      },
    },
    ToolResult: { type: 'object', description: 'The tool result: a JSON object.', additionalProperties: true },
  },
} as const;

function operation(tool: ToolDefinition, overrides: PriceOverrides | undefined) {
  const schema = { ...inputJsonSchema(tool) };
  delete schema.$schema;
  const price = priceOf(tool, overrides);
  return {
    operationId: tool.name,
    tags: [tool.group],
    summary: tool.summary,
    description: [
      tool.description,
      `Price: ${price} USD per call (x402).${tool.identity ? ' Identity-gated (siwx).' : ''}${tool.effect === 'write' ? ' Wallet-modifying.' : ''}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    ...(tool.identity ? { security: [{ siwx: [] }] } : {}),
    parameters: [
      {
        name: 'PAYMENT-SIGNATURE',
        in: 'header',
        required: false,
        description: 'base64 x402 PaymentPayload answering the 402.',
        schema: { type: 'string' },
      },
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Retry key: same key, tool, input and payer returns the stored response without a second charge.',
        schema: { type: 'string', maxLength: 255 },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema,
          examples: Object.fromEntries(examplesOf(tool).map((value, index) => [`example${index + 1}`, { value }])),
        },
      },
    },
    'x-payment-info': { protocols: ['x402'], pricingMode: 'fixed', price, currency: 'USD' },
    responses: {
      '200': {
        description: 'Tool executed; PAYMENT-RESPONSE header carries the settlement.',
        content: {
          'application/json': { schema: outputJsonSchema(tool) ?? { $ref: '#/components/schemas/ToolResult' } },
        },
      },
      '400': problem('Body is not a JSON object or fails the input schema (decided before any payment).'),
      ...(tool.identity ? { '401': problem('SIGN-IN-WITH-X proof present but invalid, replayed or expired.') } : {}),
      '402': {
        description:
          'Payment required (or payment / settlement failed). PAYMENT-REQUIRED header holds the base64 PaymentRequired.',
        headers: { 'PAYMENT-REQUIRED': { schema: { type: 'string' }, description: 'base64 JSON PaymentRequired' } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/PaymentRequired' } } },
      },
      ...(tool.identity
        ? {
            '404': problem(
              "A referenced object (e.g. a memory id) does not exist for the signed-in account; another account's objects answer the same.",
            ),
          }
        : {}),
      '409': problem(
        'Idempotency-Key reused with a different request, or an account limit reached (e.g. memories per account).',
      ),
      '501': problem('Tool has no handler in this release; nothing is charged.'),
      '502': problem('Payment facilitator unreachable.'),
      '503': problem('A provider or setting this tool needs is not configured; the problem names the setting.'),
    },
  };
}

/** The document's introduction (Markdown, the docs page's first section): how a call works and the error codes. */
function introduction(toolCount: number): string {
  const errors = Object.entries(ERROR_CODES)
    .map(([code, { status, title }]) => `| \`${code}\` | ${status} | ${title} |`)
    .join('\n');
  return `${toolCount} pay-per-call tools for multi-chain crypto work. Every call is paid with x402; identity-gated tools also need a siwx proof.

## How a call works

1. \`POST /api/tools/execute/unified/{toolName}\` with a JSON object body (each tool shows an example).
2. An invalid body gets **400** \`application/problem+json\` listing each field, rule and limit, before any payment is asked.
3. A valid body without \`PAYMENT-SIGNATURE\` gets **402**: the \`PAYMENT-REQUIRED\` header (base64 JSON, x402 v2) and the same JSON as the body, with one \`accepts\` entry per payment token.
4. Sign one of them with an x402 client (for example \`@x402/fetch\`) and repeat the POST with \`PAYMENT-SIGNATURE\`.

Machine-readable: [/openapi.json](/openapi.json), [/api/tools/discover](/api/tools/discover), [/.well-known/x402](/.well-known/x402), [/api/tools/pricing/{token}](/api/tools/pricing/BASE_USDC), [agent card](/.well-known/agent-card.json).

## Errors

Every error is RFC 9457 problem details with a stable \`code\`.

| code | HTTP | meaning |
| --- | --- | --- |
${errors}`;
}

/** The OpenAPI 3.1.0 document of the whole catalog, one POST path per tool. */
export function openApiDocument(tools: readonly ToolDefinition[], options: OpenApiOptions) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Multi-chain crypto tool service',
      version: CATALOG_VERSION,
      description: introduction(tools.length),
    },
    servers: [{ url: options.baseUrl }],
    tags: [...TOOL_GROUPS.map((name) => ({ name })), ...(options.serviceRoutes?.tags ?? [])],
    paths: {
      ...Object.fromEntries(tools.map((tool) => [toolPath(tool.name), { post: operation(tool, options.overrides) }])),
      ...options.serviceRoutes?.paths,
    },
    components,
  };
}
