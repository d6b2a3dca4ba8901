import { AgentCard, CancelTaskRequest, GetTaskRequest, type Task, TaskState } from '@a2a-js/sdk';
import { type Client, ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { a2aPlugin, agentCardV1 } from '@svc/a2a';
import {
  CredentialResolver,
  ephemeralSiwxNonces,
  PaymentProcessor,
  PaymentRequirementsBuilder,
  SandboxPriceOracle,
} from '@svc/payments';
import { Providers } from '@svc/providers';
import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey, vaultAddressesOf } from '@svc/chains';
import { type Db, saveSpendingPolicy, vaultKeyOf } from '@svc/store';
import { DEFAULT_SPENDING_POLICY, ToolService } from '@svc/tools';
import { handlers, movesNothing, valuations } from '@svc/tools/testing';
import type { PaymentRequired } from '@x402/core/types';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_PAY_TO } from '@svc/config';
import { ephemeralMasterKey } from '../src/master-key.js';
import { sandboxRoutes } from '../src/routes/sandbox.js';
import type { Sandbox } from '../src/sandbox.js';
import { asTask, dataOf, fundedPayer, legacyA2aClient, textOf, usdcOf, userMessage, WITH_X402 } from './a2a-harness.js';
import { backendsFor, freePort, workerSandbox } from './harness.js';
import { newAccessKey } from './mcp-harness.js';

const WRITE_TOOL = 'ethNativeSend';
const TO = '0x00000000000000000000000000000000000000b0';
const approve = (taskId: string, approve: boolean, approvalId?: string) =>
  userMessage([{ data: { approve, ...(approvalId ? { approvalId } : {}) } }], { taskId });
const send = (amount: string) => userMessage([{ data: { tool: WRITE_TOOL, input: { to: TO, amount } } }]);

/**
 * The approval gate, on the A2A plugin over a ToolService whose write tool has a real handler (the catalog's
 * write tools have none yet) and a clock the test moves, so the approval TTL is observable.
 */
describe.each(backendsFor(import.meta.url))('A2A explicit approval of wallet-modifying tools ($name)', (backend) => {
  let sandbox: Sandbox;
  let db: Db;
  let app: FastifyInstance;
  let url: string;
  let key: string;
  let accountId: string;
  let client: Client;
  let clockOffsetMs = 0;
  const sent: unknown[] = [];
  /** A send of this amount runs until the test lets it finish. */
  const SLOW_AMOUNT = '9';
  let finishSlowSend!: () => void;
  const slowSend = new Promise<void>((resolve) => {
    finishSlowSend = resolve;
  });

  beforeAll(async () => {
    sandbox = await workerSandbox();
    db = await backend.open();
    const port = await freePort();
    const config = loadConfig({ LOG_LEVEL: 'silent', PORT: String(port) });
    url = config.publicBaseUrl;
    const tools = new ToolService({
      mode: 'sandbox',
      db,
      payments: new PaymentRequirementsBuilder(
        { payTo: config.payTo, maxTimeoutSeconds: config.paymentTimeoutSeconds, feePayer: sandbox.feePayer },
        new SandboxPriceOracle(),
      ),
      processor: new PaymentProcessor(sandbox.facilitator, db),
      siwx: { publicBaseUrl: url, nonces: ephemeralSiwxNonces() },
      masterKey: ephemeralMasterKey(config),
      providers: new Providers(config.mode, config.providerSettings),
      handlers: {
        ...handlers,
        [WRITE_TOOL]: async (input: { to?: string; amount: string }) => {
          if (input.amount === SLOW_AMOUNT) await slowSend;
          sent.push(input);
          return { txHash: `0x${'ab'.repeat(32)}`, to: input.to, amount: input.amount };
        },
      },
      // The stand-in send above records the call and moves nothing.
      valuations: { ...valuations, [WRITE_TOOL]: movesNothing },
    });
    app = Fastify();
    sandboxRoutes(app, sandbox);
    await app.register(a2aPlugin, {
      publicBaseUrl: url,
      credentials: new CredentialResolver({ db, environment: 'development' }),
      tools,
      db,
      now: () => new Date(Date.now() + clockOffsetMs),
    });
    await app.listen({ host: '127.0.0.1', port });
    ({ key, accountId } = await newAccessKey(db));
    client = await new ClientFactory({
      transports: [
        new JsonRpcTransportFactory({
          fetchImpl: (input, init) =>
            fetch(input, {
              ...init,
              headers: { ...(init?.headers as Record<string, string>), 'x-api-key': key, ...WITH_X402 },
            }),
        }),
      ],
    }).createFromAgentCard(AgentCard.fromJSON(agentCardV1(url)));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function requestApproval(amount: string): Promise<{ task: Task; approvalId: string }> {
    const task = asTask(await client.sendMessage(send(amount)));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const [request] = dataOf(task.status?.message?.parts) as { approvalId: string }[];
    return { task, approvalId: request!.approvalId };
  }

  it('never runs a write tool on the first message: input-required with a preview and an approval id', async () => {
    const { task, approvalId } = await requestApproval('0.25');
    expect(approvalId).toMatch(/^[0-9a-f-]{36}$/);
    const [request] = dataOf(task.status?.message?.parts);
    expect(request).toMatchObject({
      approvalRequired: {
        tool: WRITE_TOOL,
        chain: 'Ethereum',
        to: TO,
        amounts: { amount: '0.25' },
        priceUsd: expect.stringMatching(/^\d/),
        estimatedFees: expect.any(String),
        policy: { perCallUsd: '25', dailyUsd: '100', allowedRecipients: null, allowedTools: null },
      },
      expiresAt: expect.any(String),
    });
    expect(textOf(task.status?.message?.parts)).toContain('{"approve": true}');
    expect(sent).toEqual([]);
  });

  it('says which vault address signs: none before the account has a vault, then its EVM address', async () => {
    const before = await requestApproval('0.25');
    expect(dataOf(before.task.status?.message?.parts)[0]).toMatchObject({
      approvalRequired: { signer: { vault: 'none', address: null, note: expect.stringContaining('no vault yet') } },
    });
    expect(await vaultKeyOf(db, accountId)).toBeUndefined();

    const { evm } = await vaultAddressesOf(db, new LocalMasterKeyRing(parseMasterKey(newMasterKeyText())), accountId);
    const after = await requestApproval('0.25');
    expect(dataOf(after.task.status?.message?.parts)[0]).toMatchObject({
      approvalRequired: { signer: { vault: 'evm', address: evm } },
    });
    expect(textOf(after.task.status?.message?.parts)).toContain(`signed by vault ${evm}`);
    expect(sent).toEqual([]);
  });

  it('fails a call the spending policy refuses before asking for approval, naming the rule', async () => {
    await saveSpendingPolicy(db, accountId, {
      ...DEFAULT_SPENDING_POLICY,
      allowedRecipients: ['0x00000000000000000000000000000000000000c0'],
    });
    try {
      const task = asTask(await client.sendMessage(send('0.3')));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
      expect(dataOf(task.status?.message?.parts)).toEqual([
        expect.objectContaining({ code: 'policy_refused', rule: 'allowed_recipients', recipient: TO }),
      ]);
      expect(sent).toEqual([]);
    } finally {
      await saveSpendingPolicy(db, accountId, DEFAULT_SPENDING_POLICY);
    }
  });

  it('runs it after {"approve": true}: payment through the extension, then the handler; the payee is paid', async () => {
    const { task, approvalId } = await requestApproval('0.5');
    const approved = asTask(await client.sendMessage(approve(task.id, true, approvalId)));
    expect(approved.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(approved.status?.message?.metadata?.['x402.payment.status']).toBe('payment-required');
    expect(sent).toEqual([]);

    const { x402 } = await fundedPayer(url, sandbox);
    const payment = await x402.createPaymentPayload(
      approved.status?.message?.metadata?.['x402.payment.required'] as PaymentRequired,
    );
    const payee = SANDBOX_PAY_TO.base as Address;
    const before = await usdcOf(sandbox, payee);
    const done = asTask(
      await client.sendMessage(
        userMessage([{ text: 'paid' }], {
          taskId: task.id,
          metadata: { 'x402.payment.status': 'payment-submitted', 'x402.payment.payload': payment },
        }),
      ),
    );
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataOf(done.artifacts[0]?.parts)).toEqual([
      expect.objectContaining({ to: TO, amount: '0.5', sandbox: true }),
    ]);
    expect(sent).toEqual([{ to: TO, amount: '0.5' }]);
    expect((await usdcOf(sandbox, payee)) - before).toBe(BigInt(payment.accepted.amount));
  });

  it('acts once on concurrent answers: two approvals ask for one payment, two payments run the tool once', async () => {
    const { task, approvalId } = await requestApproval('0.75');
    const approvals = await Promise.all([
      client.sendMessage(approve(task.id, true, approvalId)),
      client.sendMessage(approve(task.id, true, approvalId)),
    ]);
    // The other answer is told the approval was already taken (a message), or, arriving later, that a payment is awaited.
    const paymentRequests = approvals.filter(
      (result) =>
        'status' in result && result.status?.message?.metadata?.['x402.payment.status'] === 'payment-required',
    ) as Task[];
    expect(paymentRequests).toHaveLength(1);

    const { x402 } = await fundedPayer(url, sandbox);
    const payment = await x402.createPaymentPayload(
      paymentRequests[0]!.status?.message?.metadata?.['x402.payment.required'] as PaymentRequired,
    );
    const pay = () =>
      client.sendMessage(
        userMessage([{ text: 'paid' }], {
          taskId: task.id,
          metadata: { 'x402.payment.status': 'payment-submitted', 'x402.payment.payload': payment },
        }),
      );
    const before = sent.length;
    // The later one finds the pending payment taken, or the task already completed (a terminal task takes no messages).
    await Promise.allSettled([pay(), pay()]);
    expect(sent.length - before).toBe(1);
    expect((await client.getTask(GetTaskRequest.fromJSON({ id: task.id }))).status?.state).toBe(
      TaskState.TASK_STATE_COMPLETED,
    );
  });

  it('refuses to cancel a task while its tool call runs, and keeps the result', async () => {
    const { task, approvalId } = await requestApproval(SLOW_AMOUNT);
    const approved = asTask(await client.sendMessage(approve(task.id, true, approvalId)));
    const { x402 } = await fundedPayer(url, sandbox);
    const payment = await x402.createPaymentPayload(
      approved.status?.message?.metadata?.['x402.payment.required'] as PaymentRequired,
    );
    const paying = client.sendMessage(
      userMessage([{ text: 'paid' }], {
        taskId: task.id,
        metadata: { 'x402.payment.status': 'payment-submitted', 'x402.payment.payload': payment },
      }),
    );
    const get = () => client.getTask(GetTaskRequest.fromJSON({ id: task.id }));
    await expect.poll(async () => (await get()).status?.state).toBe(TaskState.TASK_STATE_WORKING);
    await expect(client.cancelTask(CancelTaskRequest.fromJSON({ id: task.id }))).rejects.toThrow(/cannot be stopped/);
    finishSlowSend();
    expect(asTask(await paying).status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect((await get()).status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('cancels it after {"approve": false}: nothing runs', async () => {
    const before = sent.length;
    const { task } = await requestApproval('1');
    const canceled = asTask(await client.sendMessage(approve(task.id, false)));
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(sent).toHaveLength(before);
  });

  it('fails the task with the reason when the approval is older than 10 minutes', async () => {
    const { task, approvalId } = await requestApproval('2');
    clockOffsetMs = 10 * 60 * 1000 + 1;
    try {
      const expired = asTask(await client.sendMessage(approve(task.id, true, approvalId)));
      expect(expired.status?.state).toBe(TaskState.TASK_STATE_FAILED);
      expect(dataOf(expired.status?.message?.parts)).toEqual([expect.objectContaining({ code: 'approval_expired' })]);
      expect(textOf(expired.status?.message?.parts)).toMatch(/approval expired/);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('keeps waiting when the reply is no approval or names another approval id', async () => {
    const { task } = await requestApproval('3');
    const unclear = asTask(await client.sendMessage(userMessage([{ text: 'sure?' }], { taskId: task.id })));
    expect(unclear.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const mismatched = asTask(await client.sendMessage(approve(task.id, true, '00000000-0000-0000-0000-000000000000')));
    expect(mismatched.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(textOf(mismatched.status?.message?.parts)).toContain('does not match');
  });

  it('lets a stored task be canceled with CancelTask (1.0) and tasks/cancel (0.3)', async () => {
    const { task } = await requestApproval('4');
    expect((await client.cancelTask(CancelTaskRequest.fromJSON({ id: task.id }))).status?.state).toBe(
      TaskState.TASK_STATE_CANCELED,
    );
    const legacy = legacyA2aClient(url, { 'x-api-key': key });
    const { task: other } = await requestApproval('5');
    expect((await legacy.cancelTask(CancelTaskRequest.fromJSON({ id: other.id }))).status?.state).toBe(
      TaskState.TASK_STATE_CANCELED,
    );
    expect((await legacy.getTask(GetTaskRequest.fromJSON({ id: other.id }))).status?.state).toBe(
      TaskState.TASK_STATE_CANCELED,
    );
  });

  it.each([
    [WRITE_TOOL, { to: TO, amount: '1' }],
    ['deleteMemory', { memoryId: 'mem_0123456789abcdef01234567' }],
    ['setSlippageSettings', { swapSlippage: 3, pumpSlippage: 30 }],
  ])('refuses %s, a tool that changes something, to a read-only (OAuth) session', async (tool, input) => {
    const { accountId } = await newAccessKey(db);
    const oauthApp = Fastify();
    await oauthApp.register(a2aPlugin, {
      publicBaseUrl: url,
      credentials: { resolve: async () => ({ accountId, readOnly: true }) },
      tools: {
        invoke: () => Promise.reject(new Error('a refused call must not reach invoke')),
        prepare: (): Promise<never> => Promise.reject(new Error('a refused call must not reach the policy')),
      },
      db,
    });
    const response = await oauthApp.inject({
      method: 'POST',
      url: '/api/a2a',
      headers: { 'content-type': 'application/json', authorization: 'Bearer oauth-token', 'a2a-version': '1.0' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ data: { tool, input } }] } },
      },
    });
    const { task } = response.json().result;
    expect(task.status.state).toBe('TASK_STATE_REJECTED');
    expect(task.status.message.parts[0].text).toMatch(/read-only/);
    await oauthApp.close();
  });
});
