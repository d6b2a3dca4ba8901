import { TaskState } from '@a2a-js/sdk';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { findTool, priceOf } from '@svc/contracts';
import { recentCalls } from '@svc/store';
import type { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import {
  createSIWxMessage,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import type { Address } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAY_TO } from '@svc/config';
import { a2aClient, asTask, callTool, fundedPayer, userMessage, WITH_X402 } from './a2a-harness.js';
import { backendsFor, usdcOf, useSandboxGateway } from './harness.js';
import { mcpTransport, newAccessKey } from './mcp-harness.js';

/** Two tools at one price: a payment for one matches the other's requirements field for field. */
const TOOL = 'hederaContractIdToEvmAddress';
const INPUT = { contractId: '0.0.1234' };
const RESULT = { contractId: '0.0.1234', evmAddress: '0x00000000000000000000000000000000000004d2', sandbox: true };
const OTHER = 'calculateAdjustedPrice';
const OTHER_INPUT = { priceUsd: 2, adjustPercent: 10 };
const payee = SANDBOX_PAY_TO.base as Address;

type Authorization = Record<string, string>;
const authorizationOf = (payment: PaymentPayload) => payment.payload['authorization'] as Authorization;
const signatureOf = (payment: PaymentPayload) => payment.payload['signature'] as string;

/** One signed EIP-3009 authorization in JSON spellings that all verify: what an attacker sends to get N claims. */
function respellings(payment: PaymentPayload): PaymentPayload[] {
  const authorization = authorizationOf(payment);
  const signature = signatureOf(payment);
  const upper = (hex: string) => `0x${hex.slice(2).toUpperCase()}`;
  const lower = (hex: string) => hex.toLowerCase();
  return [
    payment,
    { ...payment, payload: { ...payment.payload, padding: 'x' } },
    { ...payment, payload: { authorization: Object.fromEntries(Object.entries(authorization).reverse()), signature } },
    { ...payment, payload: { signature, authorization: { ...authorization, nonce: upper(authorization['nonce']!) } } },
    { ...payment, payload: { signature, authorization: { ...authorization, from: lower(authorization['from']!) } } },
  ];
}

describe.each(backendsFor(import.meta.url))('a payment pays for its own call only ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);
  const mcpClients: McpClient[] = [];
  let key: string;
  beforeAll(async () => {
    expect(priceOf(findTool(OTHER)!)).toBe(priceOf(findTool(TOOL)!));
    ({ key } = await newAccessKey(gateway.db));
  });
  afterAll(async () => {
    await Promise.all(mcpClients.map((client) => client.close()));
  });

  const balanceOf = (address: Address) => usdcOf(gateway.sandbox, address);
  const errorOf = (res: Response) => decodePaymentRequiredHeader(res.headers.get('payment-required')!).error;
  const pay = (tool: string, input: unknown, payment: PaymentPayload) =>
    gateway.call(tool, input, { 'payment-signature': encodePaymentSignatureHeader(payment) });
  const requiredBy = (res: Response) => decodePaymentRequiredHeader(res.headers.get('payment-required')!);
  const allAlreadyUsed = (answers: Response[]) => {
    for (const refused of answers.filter((res) => res.status === 402)) {
      expect(errorOf(refused)).toMatch(/^payment_already_used: /);
    }
  };
  const lastCall = async (tool: string) => (await recentCalls(gateway.db, { tool, limit: 1 }))[0];

  async function restPayment(x402: x402Client, tool = TOOL, input: unknown = INPUT): Promise<PaymentPayload> {
    const unpaid = await gateway.call(tool, input);
    expect(unpaid.status).toBe(402);
    return x402.createPaymentPayload(requiredBy(unpaid));
  }

  /** The payment still pays for the call it was made out for: refusing it took nothing. */
  async function stillPaysItsOwnCall(payment: PaymentPayload, payer: Address) {
    const before = await balanceOf(payer);
    const own = await pay(TOOL, INPUT, payment);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual(RESULT);
    expect(await balanceOf(payer)).toBe(before - BigInt(payment.accepted.amount));
  }

  describe('REST', () => {
    it('refuses a payment for another tool at one price (resource_mismatch); nothing runs or is charged', async () => {
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const payment = await restPayment(x402);
      const [payerBefore, payeeBefore] = [await balanceOf(account.address), await balanceOf(payee)];
      const replayed = await pay(OTHER, OTHER_INPUT, payment);
      expect(replayed.status).toBe(402);
      expect(errorOf(replayed)).toMatch(/^resource_mismatch: /);
      const refused = { outcome: 'payment_rejected: resource_mismatch', httpStatus: 402, txHash: null };
      expect(await lastCall(OTHER)).toMatchObject(refused);
      expect([await balanceOf(account.address), await balanceOf(payee)]).toEqual([payerBefore, payeeBefore]);
      await stillPaysItsOwnCall(payment, account.address);
    });

    it('refuses a payload whose resource.url names another route, or that names no resource', async () => {
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const payment = await restPayment(x402);
      const before = await balanceOf(account.address);
      const otherRoute = `${gateway.url}/api/tools/execute/unified/${OTHER}`;
      const elsewhere = { ...payment, resource: { ...payment.resource!, url: otherRoute } };
      const { resource: _resource, ...unnamed } = payment;
      for (const tampered of [elsewhere, unnamed as PaymentPayload]) {
        const res = await pay(TOOL, INPUT, tampered);
        expect(res.status).toBe(402);
        expect(errorOf(res)).toMatch(/^resource_mismatch: /);
      }
      expect(await balanceOf(account.address)).toBe(before);
      await stillPaysItsOwnCall(payment, account.address);
    });

    it('runs and settles one authorization once, however many JSON spellings of it arrive at once', async () => {
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const payment = await restPayment(x402);
      const before = await balanceOf(payee);
      const answers = await Promise.all(respellings(payment).map((spelling) => pay(TOOL, INPUT, spelling)));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 402, 402, 402, 402]);
      allAlreadyUsed(answers);
      expect(await balanceOf(payee)).toBe(before + BigInt(payment.accepted.amount));
      const calls = await recentCalls(gateway.db, { tool: TOOL, limit: 5 });
      expect(calls.filter((call) => call.payer === account.address).map((call) => call.outcome)).toEqual(['settled']);
      expect(calls.filter((call) => call.outcome === 'payment_rejected: payment_already_used')).toHaveLength(4);
    });

    it('an identity-gated write tool runs once for one authorization sent in many spellings at once', async () => {
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const memory = { category: 'payid', content: `one payment ${account.address}` };
      /** Every request signs in with its own fresh challenge (a proof is single-use); the payment is one. */
      const signIn = async (account: PrivateKeyAccount) => {
        const unpaid = await gateway.call('createMemory', memory);
        const required = requiredBy(unpaid);
        const { info } = required.extensions![SIGN_IN_WITH_X] as SIWxExtension;
        const complete = { ...info, chainId: 'eip155:8453', type: 'eip191' as const };
        const signature = await account.signMessage({ message: createSIWxMessage(complete, account.address) });
        return { required, proof: encodeSIWxHeader({ ...complete, address: account.address, signature }) };
      };
      const payment = await x402.createPaymentPayload((await signIn(account)).required);
      const spellings = respellings(payment);
      const proofs = await Promise.all(spellings.map(async () => (await signIn(account)).proof));
      const answers = await Promise.all(
        spellings.map((spelling, index) =>
          gateway.call('createMemory', memory, {
            'payment-signature': encodePaymentSignatureHeader(spelling),
            'sign-in-with-x': proofs[index]!,
          }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 402, 402, 402, 402]);
      allAlreadyUsed(answers);
      const stored = 'SELECT count(*)::int AS stored FROM memories WHERE content = $1';
      const { rows } = await gateway.db.query(stored, [memory.content]);
      expect(rows[0]).toEqual({ stored: 1 });
    });

    it('answers a malformed payment payload with 402 invalid_payload, claiming and charging nothing', async () => {
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const payment = await restPayment(x402);
      const authorization = authorizationOf(payment);
      const signature = signatureOf(payment);
      const malformed: [Record<string, unknown> | null, RegExp][] = [
        [{ authorization }, /payload\.signature/],
        [{ signature }, /payload\.authorization/],
        [{ signature, authorization: { ...authorization, value: Number(authorization['value']) } }, /\.value/],
        [{ signature, authorization: { ...authorization, nonce: 7 } }, /authorization\.nonce/],
        [{ signature: [signature], authorization }, /payload\.signature/],
        [null, /payload must be an object/],
      ];
      const before = await balanceOf(account.address);
      for (const [scheme, field] of malformed) {
        const res = await pay(TOOL, INPUT, { ...payment, payload: scheme as Record<string, unknown> });
        expect(res.status, JSON.stringify(scheme)).toBe(402);
        expect(errorOf(res)).toMatch(/^invalid_payload: /);
        expect(errorOf(res)).toMatch(field);
        expect(await lastCall(TOOL)).toMatchObject({ outcome: 'payment_rejected: invalid_payload', httpStatus: 402 });
      }
      expect(await balanceOf(account.address)).toBe(before);
      await stillPaysItsOwnCall(payment, account.address);
    });
  });

  describe('MCP (_meta["x402/payment"], the MCP SDK client)', () => {
    async function connect() {
      const client = new McpClient({ name: 'svc-binding-test', version: '1.0.0' });
      mcpClients.push(client);
      await client.connect(mcpTransport(new URL('/api/mcp', gateway.url), { 'x-api-key': key }));
      return client;
    }

    it('refuses a payment made out for another tool (resource_mismatch): nothing runs, nothing charged', async () => {
      const client = await connect();
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const unpaid = await client.callTool({ name: TOOL, arguments: INPUT });
      const required = unpaid.structuredContent as PaymentRequired;
      expect(required.resource.url).toBe(`mcp://tool/${TOOL}`);
      const payment = await x402.createPaymentPayload(required);
      const before = await balanceOf(account.address);

      const _meta = { 'x402/payment': payment };
      const replayed = await client.callTool({ name: OTHER, arguments: OTHER_INPUT, _meta });
      expect(replayed.isError).toBe(true);
      expect(replayed.structuredContent).toMatchObject({
        x402Version: 2,
        error: expect.stringMatching(/^resource_mismatch: /),
        resource: { url: `mcp://tool/${OTHER}` },
      });
      expect(await lastCall(OTHER)).toMatchObject({ outcome: 'payment_rejected: resource_mismatch' });
      // A REST call of the same tool is another resource too.
      expect(errorOf(await pay(TOOL, INPUT, payment))).toMatch(/^resource_mismatch: /);
      expect(await balanceOf(account.address)).toBe(before);

      const paid = await client.callTool({ name: TOOL, arguments: INPUT, _meta });
      expect(paid.isError).toBeFalsy();
      expect(paid.structuredContent).toEqual(RESULT);
      expect(await balanceOf(account.address)).toBe(before - BigInt(payment.accepted.amount));
    });

    it('answers a malformed payment with the payment-required result naming invalid_payload', async () => {
      const client = await connect();
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const unpaid = await client.callTool({ name: TOOL, arguments: INPUT });
      const payment = await x402.createPaymentPayload(unpaid.structuredContent as PaymentRequired);
      const before = await balanceOf(account.address);
      const unsigned = { ...payment, payload: { signature: signatureOf(payment) } };
      const result = await client.callTool({ name: TOOL, arguments: INPUT, _meta: { 'x402/payment': unsigned } });
      const error = expect.stringMatching(/^invalid_payload: payload\.authorization/);
      expect(result).toMatchObject({ isError: true, structuredContent: { x402Version: 2, error } });
      expect(await balanceOf(account.address)).toBe(before);
    });
  });

  describe('A2A (x402 extension, the A2A SDK client)', () => {
    const submitted = (taskId: string, payment: PaymentPayload) =>
      userMessage([{ text: 'payment attached' }], {
        taskId,
        metadata: { 'x402.payment.status': 'payment-submitted', 'x402.payment.payload': payment },
      });

    it('refuses a payment made out for another task (another tool, or the same) as resource_mismatch', async () => {
      const client = await a2aClient(gateway.url, { 'x-api-key': key, ...WITH_X402 });
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const ask = async (tool: string, input: unknown) => {
        const task = asTask(await client.sendMessage(callTool(tool, input)));
        expect(task.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
        return { task, required: task.status?.message?.metadata?.['x402.payment.required'] as PaymentRequired };
      };
      const own = await ask(TOOL, INPUT);
      expect(own.required.resource.url).toBe(`a2a://tool/${TOOL}?task=${own.task.id}`);
      const payment = await x402.createPaymentPayload(own.required);
      const before = await balanceOf(account.address);

      for (const other of [await ask(OTHER, OTHER_INPUT), await ask(TOOL, INPUT)]) {
        const refused = asTask(await client.sendMessage(submitted(other.task.id, payment)));
        expect(refused.status?.state).toBe(TaskState.TASK_STATE_FAILED);
        expect(refused.status?.message?.metadata?.['x402.payment.status']).toBe('payment-failed');
        expect(refused.status?.message?.metadata?.['x402.payment.error']).toMatch(/^resource_mismatch: /);
        expect(refused.artifacts).toEqual([]);
      }
      expect(await balanceOf(account.address)).toBe(before);

      const done = asTask(await client.sendMessage(submitted(own.task.id, payment)));
      expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(await balanceOf(account.address)).toBe(before - BigInt(payment.accepted.amount));
    });
  });
});
