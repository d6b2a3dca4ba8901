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

/** A fetch that sends these headers (a credential, the x402 extension) on every request. */
const fetchWith =
  (headers: Record<string, string>): typeof fetch =>
  (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), ...headers } });

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
