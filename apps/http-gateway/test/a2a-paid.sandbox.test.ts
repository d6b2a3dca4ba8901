import { GetTaskRequest, TaskState } from '@a2a-js/sdk';
import { X402_A2A_EXTENSION } from '@svc/a2a';
import { findTool, priceOf } from '@svc/contracts';
import { usdToCredit } from '@svc/payments';
import { addCredit } from '@svc/store';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import type { Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAY_TO } from '@svc/config';
import {
  a2aClient,
  asTask,
  callTool,
  dataOf,
  fundedPayer,
  legacyA2aClient,
  textOf,
  usdcOf,
  userMessage,
  WITH_X402,
} from './a2a-harness.js';
import { backendsFor, useSandboxGateway } from './harness.js';
import { newAccessKey } from './mcp-harness.js';

const TOOL = 'hederaContractIdToEvmAddress';
const payee = SANDBOX_PAY_TO.base as Address;

const paymentSubmitted = (taskId: string, payload: PaymentPayload) =>
  userMessage([{ text: 'payment attached' }], {
    taskId,
    metadata: { 'x402.payment.status': 'payment-submitted', 'x402.payment.payload': payload },
  });

describe.each(backendsFor(import.meta.url))(
  'A2A tool calls paid per call through the x402 A2A extension ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    let key: string;
    beforeAll(async () => {
      ({ key } = await newAccessKey(gateway.db));
    });

    it('A2A 1.0: payment-required, then payment-submitted on the task runs the tool; receipts come back and the payee is paid the price', async () => {
      const client = await a2aClient(gateway.url, { 'x-api-key': key, ...WITH_X402 });
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);

      const asked = asTask(await client.sendMessage(callTool(TOOL, { contractId: '0.0.1234' })));
      expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
      const metadata = asked.status?.message?.metadata ?? {};
      expect(metadata['x402.payment.status']).toBe('payment-required');
      const required = metadata['x402.payment.required'] as PaymentRequired;
      expect(required).toMatchObject({ x402Version: 2, resource: { url: `a2a://tool/${TOOL}?task=${asked.id}` } });

      const payment = await x402.createPaymentPayload(required);
      const before = await usdcOf(gateway.sandbox, payee);
      const done = asTask(await client.sendMessage(paymentSubmitted(asked.id, payment)));

      const expected = {
        contractId: '0.0.1234',
        evmAddress: '0x00000000000000000000000000000000000004d2',
        sandbox: true,
      };
      expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(done.status?.message?.metadata?.['x402.payment.status']).toBe('payment-completed');
      expect(done.status?.message?.metadata?.['x402.payment.receipts']).toEqual([
        expect.objectContaining({
          success: true,
          network: 'eip155:8453',
          payer: account.address,
          transaction: expect.stringMatching(/^0x/),
        }),
      ]);
      expect(done.artifacts).toHaveLength(1);
      expect(dataOf(done.artifacts[0]!.parts)).toEqual([expected]);
      expect(textOf(done.artifacts[0]!.parts)).toMatch(/^hederaContractIdToEvmAddress completed: /);
      expect((await usdcOf(gateway.sandbox, payee)) - before).toBe(BigInt(payment.accepted.amount));

      // The task is stored: reading it back gives the same final state and artifact.
      const stored = await client.getTask(GetTaskRequest.fromJSON({ id: asked.id }));
      expect(stored.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(dataOf(stored.artifacts[0]?.parts)).toEqual([expected]);
    });

    it('A2A 0.3 (compatibility client, message/send): the same round trip', async () => {
      const client = legacyA2aClient(gateway.url, { 'x-api-key': key, ...WITH_X402 });
      const { x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const asked = asTask(await client.sendMessage(userMessage([{ text: `/${TOOL} {"contractId": "0.0.77"}` }])));
      expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
      const payment = await x402.createPaymentPayload(
        asked.status?.message?.metadata?.['x402.payment.required'] as PaymentRequired,
      );
      const done = asTask(await client.sendMessage(paymentSubmitted(asked.id, payment)));
      expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(dataOf(done.artifacts[0]?.parts)).toEqual([
        { contractId: '0.0.77', evmAddress: '0x000000000000000000000000000000000000004d', sandbox: true },
      ]);
      expect(done.status?.message?.metadata?.['x402.payment.receipts']).toEqual([
        expect.objectContaining({ success: true }),
      ]);
      expect((await client.getTask(GetTaskRequest.fromJSON({ id: asked.id }))).status?.state).toBe(
        TaskState.TASK_STATE_COMPLETED,
      );
    });

    it('replays a retry with the same Idempotency-Key and payment, on a new task, without charging again', async () => {
      const client = await a2aClient(gateway.url, { 'x-api-key': key, 'idempotency-key': 'a2a-retry-1', ...WITH_X402 });
      const { account, x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const first = asTask(await client.sendMessage(callTool(TOOL, { contractId: '0.0.88' })));
      const payment = await x402.createPaymentPayload(
        first.status?.message?.metadata?.['x402.payment.required'] as PaymentRequired,
      );
      const done = asTask(await client.sendMessage(paymentSubmitted(first.id, payment)));
      const balance = await usdcOf(gateway.sandbox, account.address);

      const retry = asTask(await client.sendMessage(callTool(TOOL, { contractId: '0.0.88' })));
      const replayed = asTask(await client.sendMessage(paymentSubmitted(retry.id, payment)));
      expect(replayed.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(dataOf(replayed.artifacts[0]?.parts)).toEqual(dataOf(done.artifacts[0]?.parts));
      expect(replayed.status?.message?.metadata?.['x402.payment.receipts']).toEqual(
        done.status?.message?.metadata?.['x402.payment.receipts'],
      );
      expect(await usdcOf(gateway.sandbox, account.address)).toBe(balance);
    });

    it('runs at once from account credit, without the extension, naming the charge and the credit left', async () => {
      const { key: creditKey, accountId } = await newAccessKey(gateway.db);
      await addCredit(gateway.db, { accountId, amount: usdToCredit('1'), kind: 'grant' });
      const client = await a2aClient(gateway.url, { 'x-api-key': creditKey });
      const task = asTask(await client.sendMessage(callTool(TOOL, { contractId: '0.0.1234' })));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(task.status?.message?.metadata?.['svc.credit']).toEqual({
        chargedUsd: priceOf(findTool(TOOL)!),
        balanceUsd: expect.any(String),
      });
      expect(dataOf(task.artifacts[0]?.parts)).toEqual([
        { contractId: '0.0.1234', evmAddress: '0x00000000000000000000000000000000000004d2', sandbox: true },
      ]);
    });

    it('fails the task with payment-failed and the reason when the payment is refused; nothing ran', async () => {
      const client = await a2aClient(gateway.url, { 'x-api-key': key, ...WITH_X402 });
      const { x402 } = await fundedPayer(gateway.url, gateway.sandbox);
      const asked = asTask(await client.sendMessage(callTool(TOOL, { contractId: '0.0.5' })));
      const payment = await x402.createPaymentPayload(
        asked.status?.message?.metadata?.['x402.payment.required'] as PaymentRequired,
      );
      const tampered = { ...payment, accepted: { ...payment.accepted, amount: '1' } };
      const failed = asTask(await client.sendMessage(paymentSubmitted(asked.id, tampered)));
      expect(failed.status?.state).toBe(TaskState.TASK_STATE_FAILED);
      expect(failed.status?.message?.metadata?.['x402.payment.status']).toBe('payment-failed');
      expect(failed.status?.message?.metadata?.['x402.payment.error']).toEqual(expect.any(String));
      expect(failed.artifacts).toEqual([]);
    });

    it('without the extension, a call that needs payment fails and says how to activate it', async () => {
      const client = await a2aClient(gateway.url, { 'x-api-key': key });
      const task = asTask(await client.sendMessage(callTool(TOOL, { contractId: '0.0.1' })));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
      expect(dataOf(task.status?.message?.parts)).toEqual([
        expect.objectContaining({
          code: 'payment_required',
          paymentRequired: expect.objectContaining({ x402Version: 2 }),
        }),
      ]);
      expect(textOf(task.status?.message?.parts)).toContain('X-A2A-Extensions');
    });

    it('names the x402 extension as activated in the response header when it used it', async () => {
      const send = (headers: Record<string, string>) =>
        fetch(`${gateway.url}/api/a2a`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key, ...headers },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'message/send',
            params: {
              message: {
                kind: 'message',
                messageId: `m-${Math.random()}`,
                role: 'user',
                parts: [{ kind: 'text', text: `/${TOOL} {"contractId": "0.0.9"}` }],
              },
            },
          }),
        });
      const res = await send(WITH_X402);
      expect(((await res.json()) as { result: { status: { state: string } } }).result.status.state).toBe(
        'input-required',
      );
      expect(res.headers.get('x-a2a-extensions')).toBe(X402_A2A_EXTENSION);
      expect((await send({})).headers.get('x-a2a-extensions')).toBeNull();
    });

    it('fails a call with invalid input with its field issues, before any payment', async () => {
      const client = await a2aClient(gateway.url, { 'x-api-key': key, ...WITH_X402 });
      const task = asTask(await client.sendMessage(callTool(TOOL, { contractId: 42 })));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
      const [problem] = dataOf(task.status?.message?.parts) as { code: string; issues: { field: string }[] }[];
      expect(problem).toMatchObject({
        code: 'invalid_input',
        issues: [expect.objectContaining({ field: 'contractId' })],
      });
    });

    it('answers a message that is no tool call with an input-required task naming the forms and the skills', async () => {
      const client = await a2aClient(gateway.url, { 'x-api-key': key });
      const task = asTask(await client.sendMessage(userMessage([{ text: 'hello, what can you do?' }])));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
      const text = textOf(task.status?.message?.parts);
      expect(text).toContain('{"tool": "<name>", "input": {...}}');
      expect(text).toContain('/<tool> <json>');
      expect(text).toContain('agent-card.json');
    });
  },
);
