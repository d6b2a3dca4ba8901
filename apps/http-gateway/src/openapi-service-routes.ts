import { A2A_PATH } from '@svc/a2a';
import { MCP_PATH } from '@svc/mcp';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OAUTH_PATHS } from './oauth/endpoints.js';
import { ACCESS_KEYS_PATH, createBody, updateBody } from './routes/access-keys.js';
import { ACCOUNT_CALLS_PATH } from './routes/account-calls.js';
import { ACCOUNT_VAULT_PATH, exportBody, sweepBody } from './routes/account-vault.js';
import { CREDIT_PATH, TOPUP_PATH, topupBody } from './routes/credit.js';
import { POLICY_PATH, policyBody } from './routes/policy.js';
import { createBody as createTokenBody, USER_TOKENS_PATH } from './routes/user-tokens.js';
import { putBody, WEBHOOK_PATH } from './routes/webhook.js';

/** A JSON body described by the zod schema the route itself parses it with. */
export const jsonBody = (schema: z.ZodType) => {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
  return { required: true, content: { 'application/json': { schema: json } } };
};
const answer = (description: string, mediaType = 'application/json') => ({
  description,
  content: { [mediaType]: { schema: { type: 'object', additionalProperties: true } } },
});
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const SIWX_ACCOUNT =
  'Signed in with SIGN-IN-WITH-X (security scheme siwx); without a proof the answer is 402 with the sign-in challenge.';
const CREDENTIALS =
  'Authenticated with an access key (`x-api-key`) or an OAuth access token (`Authorization: Bearer`).';

/** One path's operations by method (OpenAPI path item). */
export type PathItem = Record<string, { tags: string[] } & Record<string, unknown>>;

interface Operation {
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly siwx?: boolean;
  readonly requestBody?: ReturnType<typeof jsonBody>;
  /** The success answer; a 204's has no content. */
  readonly ok?: { readonly description: string; readonly content?: ReturnType<typeof answer>['content'] };
  readonly status?: string;
}

export function operation(id: string, op: Operation) {
  return {
    operationId: id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description || op.siwx ? { description: op.description ?? SIWX_ACCOUNT } : {}),
    ...(op.siwx ? { security: [{ siwx: [] }] } : {}),
    ...(op.requestBody ? { requestBody: op.requestBody } : {}),
    responses: {
      [op.status ?? '200']: op.ok ?? answer('The answer.'),
      ...(op.requestBody ? { '400': problem('The body fails its schema; the problem names the field and rule.') } : {}),
      ...(op.siwx ? { '402': answer('No valid sign-in proof: the challenge to sign.') } : {}),
    },
  };
}

/** The tags of the routes that are not tools, after the tool groups in the document's table of contents. */
const SERVICE_ROUTE_TAGS = [
  {
    name: 'Account',
    description: 'Access keys, spending policy, webhook and prepaid credit of the signed-in account.',
  },
  {
    name: 'OAuth',
    description: 'OAuth 2.1 authorization server for MCP and A2A clients (PKCE, dynamic registration).',
  },
  { name: 'MCP & A2A', description: 'The same tools over the Model Context Protocol and Agent2Agent (JSON-RPC).' },
  { name: 'Sandbox', description: 'Sandbox mode only: test funds and simulated market prices.' },
] as const;

/**
 * OpenAPI path items of the routes that are not tool calls (the tools' own are generated from the catalog), each kept
 * only if the app has it: the sandbox routes exist in sandbox mode with chains only.
 */
function serviceRoutePaths(
  app: FastifyInstance,
  modePaths: Readonly<Record<string, PathItem>>,
): Record<string, PathItem> {
  const account = { tag: 'Account', siwx: true } as const;
  const paths: Record<string, PathItem> = {
    [ACCESS_KEYS_PATH]: {
      get: operation('listAccessKeys', {
        ...account,
        summary: 'List the account’s access keys (never their secrets).',
      }),
      post: operation('createAccessKey', {
        ...account,
        summary: 'Create an access key; its secret is shown once, in this answer.',
        requestBody: jsonBody(createBody),
        status: '201',
        ok: answer('The new key with its secret.'),
      }),
    },
    [`${ACCESS_KEYS_PATH}/{keyId}`]: {
      patch: {
        ...operation('updateAccessKey', {
          ...account,
          summary: 'Set or clear the key’s MCP tools filter (globs over tool names; null: every tool).',
          requestBody: jsonBody(updateBody),
        }),
        parameters: [{ name: 'keyId', in: 'path', required: true, schema: { type: 'string' } }],
      },
      delete: {
        ...operation('revokeAccessKey', { ...account, summary: 'Revoke one of the account’s access keys.' }),
        parameters: [{ name: 'keyId', in: 'path', required: true, schema: { type: 'string' } }],
      },
    },
    [USER_TOKENS_PATH]: {
      get: operation('listUserTokens', {
        ...account,
        summary: 'List the account’s user-issued Bearer tokens (never the tokens themselves).',
      }),
      post: operation('createUserToken', {
        ...account,
        summary: 'Mint a scoped (read or transact), expiring Bearer token; the token is shown once, in this answer.',
        requestBody: jsonBody(createTokenBody),
        status: '201',
        ok: answer('The new token with its metadata.'),
      }),
    },
    [`${USER_TOKENS_PATH}/{tokenId}`]: {
      delete: {
        ...operation('revokeUserToken', { ...account, summary: 'Revoke one of the account’s user-issued tokens.' }),
        parameters: [{ name: 'tokenId', in: 'path', required: true, schema: { type: 'string' } }],
      },
    },
    [ACCOUNT_CALLS_PATH]: {
      get: {
        ...operation('listAccountCalls', {
          ...account,
          summary: 'The account’s calls, newest first, with amounts and transactions, and its credit balance.',
        }),
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          },
          { name: 'before', in: 'query', required: false, schema: { type: 'string' } },
        ],
      },
    },
    [POLICY_PATH]: {
      get: operation('getSpendingPolicy', {
        ...account,
        summary: 'The account’s spending policy (caps, allow-lists).',
      }),
      put: operation('putSpendingPolicy', {
        ...account,
        summary: 'Set the spending policy that bounds calls made with the account’s keys and tokens.',
        requestBody: jsonBody(policyBody),
      }),
    },
    [`${ACCOUNT_VAULT_PATH}/export`]: {
      post: operation('exportAccountVaultKeys', {
        ...account,
        summary:
          'Export the account vault’s seed and private keys, shown once in this answer (recorded in the call history).',
        description: `${SIWX_ACCOUNT} Access keys and OAuth tokens are refused. \`confirm\` repeats the vault’s EVM address.`,
        requestBody: jsonBody(exportBody),
        ok: answer('`{keys: {mnemonic, derivationPaths, evm, solana, bitcoin, hedera}, exportedAt}`.'),
      }),
    },
    [`${ACCOUNT_VAULT_PATH}/sweep`]: {
      post: operation('sweepAccountVault', {
        ...account,
        summary: 'Move everything the account vault holds on the EVM chains and Solana to the owner’s addresses.',
        description: `${SIWX_ACCOUNT} Access keys and OAuth tokens are refused. Per asset: \`{amount, txHash}\` or \`{error}\`; a bad destination is a 400 before anything moves.`,
        requestBody: jsonBody(sweepBody),
        ok: answer(
          '`{chains: [{chain, network, from, to, assets: [{symbol, token, balance, amount, txHash} | {…, error}]}]}`.',
        ),
      }),
    },
    [WEBHOOK_PATH]: {
      get: operation('getWebhook', { ...account, summary: 'The account’s webhook URL (conditional-order events).' }),
      put: operation('putWebhook', { ...account, summary: 'Set the webhook URL.', requestBody: jsonBody(putBody) }),
      delete: operation('removeWebhook', {
        ...account,
        summary: 'Remove the webhook endpoint and its signing secret.',
        status: '204',
        ok: { description: 'Removed.' },
      }),
    },
    [`${WEBHOOK_PATH}/rotate-secret`]: {
      post: operation('rotateWebhookSecret', { ...account, summary: 'Replace the webhook signing secret.' }),
    },
    [CREDIT_PATH]: {
      get: operation('getCredit', {
        tag: 'Account',
        summary: 'The account’s prepaid credit balance.',
        description: CREDENTIALS,
      }),
    },
    [TOPUP_PATH]: {
      post: operation('topUpCredit', {
        tag: 'Account',
        summary: 'Buy prepaid credit with an x402 payment (answers 402 first, like a tool).',
        description: CREDENTIALS,
        requestBody: jsonBody(topupBody),
      }),
    },
    [OAUTH_PATHS.authorizationServerMetadata]: {
      get: operation('oauthServerMetadata', { tag: 'OAuth', summary: 'Authorization server metadata (RFC 8414).' }),
    },
    [OAUTH_PATHS.protectedResourceMetadata]: {
      get: operation('oauthResourceMetadata', { tag: 'OAuth', summary: 'Protected resource metadata (RFC 9728).' }),
    },
    [OAUTH_PATHS.mcpProtectedResourceMetadata]: {
      get: operation('oauthMcpResourceMetadata', {
        tag: 'OAuth',
        summary: 'Protected resource metadata of the MCP endpoint.',
      }),
    },
    [OAUTH_PATHS.jwks]: {
      get: operation('oauthJwks', { tag: 'OAuth', summary: 'The keys access tokens are signed with.' }),
    },
    [OAUTH_PATHS.register]: {
      post: operation('oauthRegister', {
        tag: 'OAuth',
        summary: 'Dynamic client registration (RFC 7591).',
        status: '201',
        ok: answer('The registered client.'),
      }),
    },
    [OAUTH_PATHS.authorize]: {
      get: operation('oauthAuthorize', {
        tag: 'OAuth',
        summary: 'The consent page: sign in with a wallet and approve the client (PKCE S256 required).',
        ok: answer('The consent page.', 'text/html'),
      }),
      post: operation('oauthApprove', {
        tag: 'OAuth',
        summary: 'Submit the consent form; redirects back to the client with a code.',
        status: '303',
        ok: { description: 'Redirect to the client.' } as ReturnType<typeof answer>,
      }),
    },
    [OAUTH_PATHS.token]: {
      post: operation('oauthToken', { tag: 'OAuth', summary: 'Exchange a code or refresh token for an access token.' }),
    },
    [OAUTH_PATHS.revoke]: { post: operation('oauthRevoke', { tag: 'OAuth', summary: 'Revoke a token (RFC 7009).' }) },
    [MCP_PATH]: {
      post: operation('mcp', {
        tag: 'MCP & A2A',
        summary: 'MCP Streamable HTTP endpoint (JSON-RPC): tools/list, tools/call.',
        description: `${CREDENTIALS} Without them tools/call answers with the x402 payment requirements.`,
      }),
    },
    [A2A_PATH]: {
      post: operation('a2a', {
        tag: 'MCP & A2A',
        summary:
          'A2A JSON-RPC endpoint (message/send with a skill and tool input); agent card at /.well-known/agent-card.json.',
      }),
    },
  };
  const routed = Object.entries({ ...paths, ...modePaths }).map(([path, item]) => {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    const methods = Object.entries(item).filter(([method]) => app.hasRoute({ method: method.toUpperCase(), url }));
    return [path, Object.fromEntries(methods)] as const;
  });
  return Object.fromEntries(routed.filter(([, item]) => Object.keys(item).length > 0));
}

/**
 * The routes that are not tools, and the tags they use, for `openApiDocument`'s `serviceRoutes`. `modePaths` are the
 * routes only the configured mode registers (the sandbox's), described by their own modules: the live path never
 * imports the sandbox.
 */
export function serviceRoutes(app: FastifyInstance, modePaths: Readonly<Record<string, PathItem>> = {}) {
  const paths = serviceRoutePaths(app, modePaths);
  const used = new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags)));
  return { tags: SERVICE_ROUTE_TAGS.filter((tag) => used.has(tag.name)), paths };
}
