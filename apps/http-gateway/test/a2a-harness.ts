import { type Message, type Part, SendMessageRequest, type Task } from '@a2a-js/sdk';
import { type Client, ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';
import { X402_A2A_EXTENSION } from '@svc/a2a';
import { x402Client } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { randomUUID } from 'node:crypto';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { Sandbox } from '../src/sandbox.js';
import { answeredJsonMessages, expectPublishedOutput } from './published-output.js';

/** The tool a completed call's result artifact answers: its text part reads "<tool> completed: <answer>". */
const COMPLETED_LINE = /^(\S+) completed: /;

/** Every result artifact (`artifactId` and `parts`) anywhere in an A2A answer: in tasks, events and their history. */
function artifactsIn(value: unknown): { parts: unknown[] }[] {
  if (typeof value !== 'object' || value === null) return [];
  const here =
    'artifactId' in value && 'parts' in value && Array.isArray(value.parts) ? [value as { parts: unknown[] }] : [];
  return [...here, ...Object.values(value).flatMap(artifactsIn)];
}

/**
 * Throws unless each completed call's result in an A2A answer (its artifact's data part, in the A2A 1.0 and 0.3
 * shapes alike: the part's `data`) is accepted by the tool's published answer schema, as a REST 200 is.
 */
function expectPublishedArtifacts(text: string, contentType: string | undefined): void {
  for (const artifact of answeredJsonMessages(text, contentType).flatMap(artifactsIn)) {
    const parts = artifact.parts as { data?: unknown; text?: unknown }[];
    const name = parts
      .map((part) => (typeof part.text === 'string' ? COMPLETED_LINE.exec(part.text)?.[1] : undefined))
      .find(Boolean);
    const answer = parts.find((part) => part.data !== undefined);
    if (!answer) continue;
    // Only a completed call publishes an artifact: one without the line naming its tool would go unchecked.
    if (!name) throw new Error(`A result artifact lacks its "<tool> completed:" line: ${JSON.stringify(parts)}`);
    expectPublishedOutput(name, 200, JSON.stringify(answer.data));
  }
}

/**
 * A fetch that sends these headers (a credential, the x402 extension) on every request, and checks each tool answer
 * it receives against the published schema.
 */
const fetchWith =
  (headers: Record<string, string>): typeof fetch =>
  async (input, init) => {
    const response = await fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string> | undefined), ...headers },
    });
    if (response.ok) {
      const contentType = response.headers.get('content-type') ?? undefined;
      if (contentType?.includes('json') || contentType?.includes('text/event-stream'))
        expectPublishedArtifacts(await response.clone().text(), contentType);
    }
    return response;
  };

export const WITH_X402 = { 'X-A2A-Extensions': X402_A2A_EXTENSION };

/** The A2A 1.0 SDK client, found through the agent card at `baseUrl`. */
export function a2aClient(baseUrl: string, headers: Record<string, string>): Promise<Client> {
  return new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl: fetchWith(headers) })],
  }).createFromUrl(baseUrl);
}

/** The SDK's A2A 0.3 compatibility client (JSON-RPC `message/send`, `tasks/get`, no A2A-Version header). */
export function legacyA2aClient(baseUrl: string, headers: Record<string, string>): LegacyJsonRpcTransport {
  return new LegacyJsonRpcTransport({ endpoint: `${baseUrl}/api/a2a`, fetchImpl: fetchWith(headers) });
}

/** A user message (A2A 1.0 JSON parts: {"data": ...} or {"text": ...}) as the SDK clients take it. */
export function userMessage(
  parts: readonly unknown[],
  options: { taskId?: string; metadata?: Record<string, unknown> } = {},
): SendMessageRequest {
  return SendMessageRequest.fromJSON({
    message: { messageId: randomUUID(), role: 'ROLE_USER', parts, taskId: options.taskId, metadata: options.metadata },
  });
}

export const callTool = (tool: string, input: unknown): SendMessageRequest => userMessage([{ data: { tool, input } }]);

export function asTask(result: Message | Task): Task {
  expect(result).toHaveProperty('status');
  return result as Task;
}

/** The data and text of a list of parts. */
export const dataOf = (parts: readonly Part[] | undefined) =>
  parts?.flatMap((part) => (part.content?.$case === 'data' ? [part.content.value] : [])) ?? [];
export const textOf = (parts: readonly Part[] | undefined) =>
  parts?.flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : [])).join('\n') ?? '';

/** A fresh EVM wallet given 1 sandbox USDC on Base by the gateway's faucet, with an x402 client that signs for it. */
export async function fundedPayer(
  baseUrl: string,
  sandbox: Sandbox,
): Promise<{ account: PrivateKeyAccount; x402: x402Client }> {
  const account = privateKeyToAccount(generatePrivateKey());
  const res = await fetch(`${baseUrl}/api/sandbox/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: account.address, token: 'BASE_USDC', amount: '1' }),
  });
  expect(res.status).toBe(200);
  return {
    account,
    x402: new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(account, sandbox.base.publicClient)),
    ),
  };
}

export { usdcOf } from './harness.js';
