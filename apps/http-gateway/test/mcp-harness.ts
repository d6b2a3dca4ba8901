import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { catalog } from '@svc/contracts';
import { mcpSurfaces } from '@svc/mcp';
import { type AccessKeyEnvironment, accountForWallet, createAccessKey, type Db } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { answeredJsonMessages, expectPublishedOutput } from './published-output.js';

/** A new account (as a wallet's first sign-in makes one) with one vault access key; returns the key and its account. */
export async function newAccessKey(db: Db, environment: AccessKeyEnvironment = 'development') {
  const { accountId } = await accountForWallet(db, 'eip155:8453', `0x${randomBytes(20).toString('hex')}`);
  const { key, record } = await createAccessKey(db, { accountId, name: 'test', environment });
  return { key, accountId, keyId: record.id };
}

/** Every MCP tool name (the `-transaction` ones included) and the catalog tool behind it. */
const MCP_TOOLS = mcpSurfaces(catalog).withTransactions;

interface JsonRpcMessage {
  readonly id?: unknown;
  readonly method?: string;
  readonly params?: { readonly name?: unknown };
  readonly result?: { readonly isError?: boolean; readonly structuredContent?: unknown };
}

const messagesOf = (body: unknown): JsonRpcMessage[] =>
  (Array.isArray(body) ? body : [body]).filter((m): m is JsonRpcMessage => typeof m === 'object' && m !== null);

/**
 * Throws unless every successful `tools/call` result of an MCP exchange carries structured content its tool's
 * published answer schema accepts (as `expectPublishedOutput` checks a REST 200); tool errors are not answers.
 */
function expectPublishedToolResults(sent: unknown, answerText: string, contentType: string | undefined): void {
  const calls = new Map(
    messagesOf(sent)
      .filter((m) => m.method === 'tools/call' && typeof m.params?.name === 'string')
      .map((m) => [m.id, m.params!.name as string]),
  );
  if (calls.size === 0) return;
  for (const { id, result } of messagesOf(answeredJsonMessages(answerText, contentType))) {
    const mcpName = calls.get(id);
    if (!mcpName || !result || result.isError || result.structuredContent === undefined) continue;
    const tool = MCP_TOOLS.catalogNameOf(mcpName) ?? mcpName;
    expectPublishedOutput(tool, 200, JSON.stringify(result.structuredContent));
  }
}

/** `send` (fetch by default) for the MCP SDK client, checking each tool's answer against its published schema. */
export const checkedMcpFetch =
  (send: typeof fetch = fetch): typeof fetch =>
  async (input, init) => {
    const response = await send(input, init);
    if (response.ok && typeof init?.body === 'string' && init.body.includes('tools/call')) {
      const sent: unknown = JSON.parse(init.body);
      const text = await response.clone().text();
      expectPublishedToolResults(sent, text, response.headers.get('content-type') ?? undefined);
    }
    return response;
  };

/** The MCP SDK client transport to a gateway's /api/mcp, sending these headers; tool answers are checked as above. */
export function mcpTransport(url: URL, headers: Record<string, string>): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch: checkedMcpFetch() });
}

/** One raw JSON-RPC POST to /api/mcp; tool answers are checked as above. */
export async function mcpPost(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
  if (res.statusCode === 200) {
    let sent: unknown;
    try {
      sent = JSON.parse(payload);
    } catch {
      return res; // A test of malformed JSON: nothing was called.
    }
    expectPublishedToolResults(sent, res.payload, res.headers['content-type']?.toString());
  }
  return res;
}
