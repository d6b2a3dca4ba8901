import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { type Task, TaskState } from '@a2a-js/sdk';
import { findTool, priceOf } from '@svc/contracts';
import { accountForWallet } from '@svc/store';
import { x402Client } from '@x402/core/client';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import {
  createSIWxMessage,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import { type Address, parseAbiItem } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAY_TO } from '@svc/config';
import { a2aClient, asTask, callTool, userMessage, WITH_X402 } from './a2a-harness.js';
import { pglite, usdcOf, useSandboxGateway } from './harness.js';
import { mcpTransport, newAccessKey } from './mcp-harness.js';
import { respellings } from './payment-spellings.js';

const payee = SANDBOX_PAY_TO.base as Address;
const READ_A = 'hederaContractIdToEvmAddress';
const READ_B = 'calculateAdjustedPrice';
/** Identity-gated, changes nothing, and costs what createMemory costs. */
const CATEGORIES = 'getUserMemoryCategories';
const atomicPriceOf = (tool: string) => BigInt(Math.round(Number(priceOf(findTool(tool)!)) * 1e6));

/** One paid call of the run: what it was, whose payment it carried and for which tool that payment was signed. */
interface Attempt {
  readonly label: string;
  readonly transport: 'rest' | 'mcp' | 'a2a';
  readonly tool: string;
  readonly input: Record<string, unknown>;
  /** The tool whose payment-required the payment was signed for. */
  readonly paidFor: string;
  /** The account the call acts for (its signed-in wallet, or the access key's account). */
  readonly accountId: string;
  readonly send: () => Promise<{ ok: boolean; transaction?: string | undefined; detail: string }>;
}

interface Outcome extends Omit<Attempt, 'send'> {
  readonly ok: boolean;
  readonly transaction?: string | undefined;
  readonly detail: string;
}

const AUTHORIZATION_USED = parseAbiItem('event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)');

/**
 * The money invariants under concurrent paid calls with duplicated, re-spelled, cross-tool and unpayable payments,
 * over REST, MCP and A2A. Afterwards, on chain and in the database: every authorization used on chain has exactly one
 * settled ledger row and exactly one call that ran for it (the tool it was signed for), and no refused call left state.
 */
describe('money invariants under concurrent duplicated, re-spelled, cross-tool and unpayable payments', () => {
  const gateway = useSandboxGateway(pglite);
  let startBlock: bigint;
  let mcpKey: { key: string; accountId: string };
  let a2aKey: { key: string; accountId: string };
  const mcpClients: McpClient[] = [];
  beforeAll(async () => {
    startBlock = await gateway.sandbox.base.publicClient.getBlockNumber({ cacheTime: 0 });
    mcpKey = await newAccessKey(gateway.db);
    a2aKey = await newAccessKey(gateway.db);
  });
  afterAll(() => Promise.all(mcpClients.map((client) => client.close())));

  async function payer(usdc: string | null) {
    const account = privateKeyToAccount(generatePrivateKey());
    if (usdc)
      expect((await gateway.faucet({ address: account.address, token: 'BASE_USDC', amount: usdc })).status).toBe(200);
    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
    );
    const { accountId } = await accountForWallet(gateway.db, 'eip155:8453', account.address);
    return { account, client, accountId };
  }
  type Payer = Awaited<ReturnType<typeof payer>>;

  /** An unpaid REST call's 402: what to pay, and (identity-gated tools) a fresh sign-in challenge. */
  async function restRequired(tool: string, input: unknown) {
    const res = await gateway.call(tool, input);
    expect(res.status).toBe(402);
    const required = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
    return { required, challenge: required.extensions?.[SIGN_IN_WITH_X] as SIWxExtension | undefined };
  }

  async function signIn(challenge: SIWxExtension, account: PrivateKeyAccount) {
    const info = { ...challenge.info, chainId: 'eip155:8453', type: 'eip191' as const };
    const signature = await account.signMessage({ message: createSIWxMessage(info, account.address) });
    return encodeSIWxHeader({ ...info, address: account.address, signature });
  }

  /** A REST attempt of `tool` paying with `payment`, signed in as `from` with a proof of its own when the tool asks. */
  async function restAttempt(
    label: string,
    from: Payer,
    tool: string,
    input: Record<string, unknown>,
    payment: PaymentPayload,
    paidFor: string,
  ): Promise<Attempt> {
    const { challenge } = await restRequired(tool, input);
    const headers: Record<string, string> = { 'payment-signature': encodePaymentSignatureHeader(payment) };
    if (challenge) headers['sign-in-with-x'] = await signIn(challenge, from.account);
    return {
      label,
      transport: 'rest',
      tool,
      input,
      paidFor,
      accountId: from.accountId,
      send: async () => {
        const res = await gateway.call(tool, input, headers);
        const receipt = res.headers.get('payment-response');
        const transaction = res.ok && receipt ? decodePaymentResponseHeader(receipt).transaction : undefined;
        return { ok: res.ok, transaction, detail: `${res.status} ${(await res.text()).slice(0, 120)}` };
      },
    };
  }

  /** A payment for `tool` (REST 402) signed by `from`. */
  async function restPayment(from: Payer, tool: string, input: unknown) {
    return from.client.createPaymentPayload((await restRequired(tool, input)).required);
  }

  async function mcpClient() {
    const client = new McpClient({ name: 'svc-money-invariants', version: '1.0.0' });
    mcpClients.push(client);
    await client.connect(mcpTransport(new URL('/api/mcp', gateway.url), { 'x-api-key': mcpKey.key }));
    return client;
  }

  async function mcpPayment(client: McpClient, from: Payer, tool: string, input: Record<string, unknown>) {
    const unpaid = await client.callTool({ name: tool, arguments: input });
    expect(unpaid.isError).toBe(true);
    return from.client.createPaymentPayload(unpaid.structuredContent as PaymentRequired);
  }

  function mcpAttempt(
    label: string,
    client: McpClient,
    tool: string,
    input: Record<string, unknown>,
    payment: PaymentPayload,
    paidFor: string,
  ): Attempt {
    return {
      label,
      transport: 'mcp',
      tool,
      input,
      paidFor,
      accountId: mcpKey.accountId,
      send: async () => {
        const result = await client.callTool({ name: tool, arguments: input, _meta: { 'x402/payment': payment } });
        const receipt = result._meta?.['x402/payment-response'] as { transaction?: string } | undefined;
        return {
          ok: !result.isError,
          transaction: result.isError ? undefined : receipt?.transaction,
          detail: JSON.stringify(result.structuredContent ?? {}).slice(0, 120),
        };
      },
    };
  }

  /** An A2A task for `tool` waiting for payment, and what it asks for. */
  async function a2aTask(tool: string, input: Record<string, unknown>) {
    const client = await a2aClient(gateway.url, { 'x-api-key': a2aKey.key, ...WITH_X402 });
    const task = asTask(await client.sendMessage(callTool(tool, input)));
    const required = task.status?.message?.metadata?.['x402.payment.required'] as PaymentRequired;
    expect(required, `${tool} asks for payment over A2A`).toBeDefined();
    return { client, taskId: task.id, required };
  }

  async function a2aAttempt(
    label: string,
    tool: string,
    input: Record<string, unknown>,
    payment: (required: PaymentRequired) => Promise<PaymentPayload>,
    paidFor: string,
  ): Promise<Attempt> {
    const { client, taskId, required } = await a2aTask(tool, input);
    const payload = await payment(required);
    return {
      label,
      transport: 'a2a',
      tool,
      input,
      paidFor,
      accountId: a2aKey.accountId,
      send: async () => {
        const metadata = { 'x402.payment.status': 'payment-submitted', 'x402.payment.payload': payload };
        const done = (await client.sendMessage(
          userMessage([{ text: 'payment attached' }], { taskId, metadata }),
        )) as Task;
        const receipts = done.status?.message?.metadata?.['x402.payment.receipts'] as
          { transaction?: string }[] | undefined;
        const ok = done.status?.state === TaskState.TASK_STATE_COMPLETED;
        return {
          ok,
          transaction: ok ? receipts?.[0]?.transaction : undefined,
          detail: TaskState[done.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED],
        };
      },
    };
  }

  async function scenarios(): Promise<Attempt[]> {
    const price = atomicPriceOf('createMemory');
    expect([atomicPriceOf(CATEGORIES), atomicPriceOf(READ_A), atomicPriceOf(READ_B)]).toEqual([price, price, price]);
    const one = (usd: bigint) => (Number(usd) / 1e6).toFixed(6);
    const attempts: Attempt[] = [];

    // Duplicated: one payment sent six times at once.
    const duplicator = await payer('1');
    const duplicated = await restPayment(duplicator, READ_A, { contractId: '0.0.101' });
    for (let i = 0; i < 6; i++)
      attempts.push(
        await restAttempt(`duplicate #${i}`, duplicator, READ_A, { contractId: '0.0.101' }, duplicated, READ_A),
      );

    // Re-spelled: one authorization in five JSON spellings, each with its own sign-in, on a tool that writes.
    const respeller = await payer('1');
    const memory = (content: string) => ({ category: 'invariants', content });
    const original = await restPayment(respeller, 'createMemory', memory('respelled'));
    for (const [i, spelling] of respellings(original).entries()) {
      attempts.push(
        await restAttempt(
          `respelled #${i}`,
          respeller,
          'createMemory',
          memory(`respelled ${i}`),
          spelling,
          'createMemory',
        ),
      );
    }

    // Cross-tool: a payment signed for one tool's 402, used on another tool of the same price.
    const crosser = await payer('1');
    attempts.push(
      await restAttempt(
        'cross-tool read',
        crosser,
        READ_B,
        { priceUsd: '102' },
        await restPayment(crosser, READ_A, { contractId: '0.0.102' }),
        READ_A,
      ),
    );
    attempts.push(
      await restAttempt(
        'cross-tool write',
        crosser,
        'createMemory',
        memory('cross'),
        await restPayment(crosser, CATEGORIES, {}),
        CATEGORIES,
      ),
    );

    // Unpayable: a payer without funds.
    const pauper = await payer(null);
    for (let i = 0; i < 4; i++) {
      attempts.push(
        await restAttempt(
          `unpayable #${i}`,
          pauper,
          'createMemory',
          memory(`unpayable ${i}`),
          await restPayment(pauper, 'createMemory', memory(`unpayable ${i}`)),
          'createMemory',
        ),
      );
    }

    // Over-committed: a wallet holding one price signs five payments at once for a tool that writes.
    const overcommitter = await payer(one(atomicPriceOf('addTrackedWallet')));
    for (let i = 0; i < 5; i++) {
      const input = { address: privateKeyToAccount(generatePrivateKey()).address, chains: ['base'] };
      attempts.push(
        await restAttempt(
          `over-committed #${i}`,
          overcommitter,
          'addTrackedWallet',
          input,
          await restPayment(overcommitter, 'addTrackedWallet', input),
          'addTrackedWallet',
        ),
      );
    }
    const slippagePrice = atomicPriceOf('setSlippageSettings');
    const settler = await payer(one(slippagePrice));
    for (let i = 0; i < 4; i++) {
      const input = { swapSlippage: 1 + i, pumpSlippage: 10 + i };
      attempts.push(
        await restAttempt(
          `slippage #${i}`,
          settler,
          'setSlippageSettings',
          input,
          await restPayment(settler, 'setSlippageSettings', input),
          'setSlippageSettings',
        ),
      );
    }

    // MCP: re-spelled _meta payments on a tool that writes, and a payment for one tool used on another.
    const mcp = await mcpClient();
    const mcpPayer = await payer('1');
    const mcpOriginal = await mcpPayment(mcp, mcpPayer, 'createMemory', memory('mcp'));
    for (const [i, spelling] of respellings(mcpOriginal).entries())
      attempts.push(
        mcpAttempt(`mcp respelled #${i}`, mcp, 'createMemory', memory(`mcp ${i}`), spelling, 'createMemory'),
      );
    attempts.push(
      mcpAttempt(
        'mcp cross-tool',
        mcp,
        READ_B,
        { priceUsd: '103' },
        await mcpPayment(mcp, mcpPayer, READ_A, { contractId: '0.0.103' }),
        READ_A,
      ),
    );
    const mcpDuplicate = await mcpPayment(mcp, mcpPayer, READ_A, { contractId: '0.0.104' });
    for (let i = 0; i < 3; i++)
      attempts.push(mcpAttempt(`mcp duplicate #${i}`, mcp, READ_A, { contractId: '0.0.104' }, mcpDuplicate, READ_A));

    // A2A: re-spelled payments submitted to separate tasks, and a payment for one tool's task used on another's.
    const a2aPayer = await payer('1');
    const a2aOriginal = await a2aPayer.client.createPaymentPayload(
      (await a2aTask('createMemory', memory('a2a'))).required,
    );
    for (const [i, spelling] of respellings(a2aOriginal).entries()) {
      attempts.push(
        await a2aAttempt(
          `a2a respelled #${i}`,
          'createMemory',
          memory(`a2a ${i}`),
          async () => spelling,
          'createMemory',
        ),
      );
    }
    const foreign = await a2aPayer.client.createPaymentPayload(
      (await a2aTask(READ_A, { contractId: '0.0.105' })).required,
    );
    attempts.push(await a2aAttempt('a2a cross-tool', READ_B, { priceUsd: '105' }, async () => foreign, READ_A));
    attempts.push(
      await a2aAttempt(
        'a2a own payment',
        READ_A,
        { contractId: '0.0.106' },
        (required) => a2aPayer.client.createPaymentPayload(required),
        READ_A,
      ),
    );
    return attempts;
  }

  /** The account rows each tool writes: a call that did not succeed must have left none. */
  async function writesOf(accountId: string) {
    const count = async (sql: string) => Number((await gateway.db.query<{ n: string }>(sql, [accountId])).rows[0]!.n);
    const settings = await gateway.db.query<{ swap_slippage: number; pump_slippage: number }>(
      'SELECT swap_slippage, pump_slippage FROM account_settings WHERE account_id = $1',
      [accountId],
    );
    return {
      memories: await count('SELECT count(*) AS n FROM memories WHERE account_id = $1'),
      trackedWallets: await count('SELECT count(*) AS n FROM tracked_wallets WHERE account_id = $1'),
      slippage: settings.rows[0]
        ? { swapSlippage: Number(settings.rows[0].swap_slippage), pumpSlippage: Number(settings.rows[0].pump_slippage) }
        : null,
    };
  }

  it(
    'every authorization used on chain has one settled ledger row and one call that ran, for its own tool; refused calls left nothing',
    { timeout: 180_000 },
    async () => {
      const payeeBefore = await usdcOf(gateway.sandbox, payee);
      const attempts = await scenarios();
      const outcomes: Outcome[] = await Promise.all(
        attempts.map(async ({ send, ...attempt }) => ({ ...attempt, ...(await send()) })),
      );
      console.info(
        `money invariants: ${outcomes.length} concurrent paid calls, ${outcomes.filter((o) => o.ok).length} succeeded`,
      );

      const { publicClient, usdc } = gateway.sandbox.base;
      const used = await publicClient.getLogs({
        address: usdc,
        event: AUTHORIZATION_USED,
        fromBlock: startBlock + 1n,
        toBlock: 'latest',
      });
      const ledger = (
        await gateway.db.query<{ tx_hash: string | null; tool: string }>(
          "SELECT tx_hash, tool FROM call_ledger WHERE outcome LIKE 'settled%' AND token = 'BASE_USDC'",
        )
      ).rows;
      const violations: string[] = [];
      const usedTxs = new Set(used.map((log) => log.transactionHash.toLowerCase()));
      for (const log of used) {
        const tx = log.transactionHash.toLowerCase();
        const rows = ledger.filter((row) => row.tx_hash?.toLowerCase() === tx);
        const ran = outcomes.filter((outcome) => outcome.ok && outcome.transaction?.toLowerCase() === tx);
        if (rows.length !== 1)
          violations.push(`authorization ${log.args.nonce} (tx ${tx}): ${rows.length} settled ledger rows`);
        if (ran.length !== 1)
          violations.push(
            `authorization ${log.args.nonce} (tx ${tx}): ${ran.length} calls ran for it (${ran.map((o) => o.label).join(', ')})`,
          );
      }
      for (const row of ledger)
        if (!row.tx_hash || !usedTxs.has(row.tx_hash.toLowerCase()))
          violations.push(`settled ledger row of ${row.tool} without an authorization used on chain: ${row.tx_hash}`);
      for (const outcome of outcomes.filter((o) => o.ok)) {
        if (!outcome.transaction || !usedTxs.has(outcome.transaction.toLowerCase()))
          violations.push(`${outcome.label}: succeeded without a settlement on chain`);
        if (outcome.paidFor !== outcome.tool)
          violations.push(`${outcome.label}: a payment signed for ${outcome.paidFor} ran ${outcome.tool}`);
      }

      // What ran is what was paid for: each account's rows are exactly those of its successful calls.
      for (const accountId of new Set(outcomes.map((o) => o.accountId))) {
        const mine = outcomes.filter((o) => o.accountId === accountId);
        const succeeded = (tool: string) => mine.filter((o) => o.ok && o.tool === tool);
        const rows = await writesOf(accountId);
        const labels = mine
          .map((o) => o.label.replace(/ #\d+$/, ''))
          .filter((label, i, all) => all.indexOf(label) === i)
          .join(', ');
        if (rows.memories !== succeeded('createMemory').length)
          violations.push(
            `${labels}: ${rows.memories} memories stored for ${succeeded('createMemory').length} paid createMemory calls`,
          );
        if (rows.trackedWallets !== succeeded('addTrackedWallet').length)
          violations.push(
            `${labels}: ${rows.trackedWallets} wallets tracked for ${succeeded('addTrackedWallet').length} paid addTrackedWallet calls`,
          );
        const slippageCalls = succeeded('setSlippageSettings').map((o) => o.input);
        if (rows.slippage && !slippageCalls.some((input) => input.swapSlippage === rows.slippage!.swapSlippage))
          violations.push(
            `${labels}: slippage ${JSON.stringify(rows.slippage)} stored by a refused call (paid: ${JSON.stringify(slippageCalls)})`,
          );
      }

      // The payee received exactly one price per authorization used.
      const paidIn = (await usdcOf(gateway.sandbox, payee)) - payeeBefore;
      const expectedIn = outcomes.filter((o) => o.ok).reduce((sum, o) => sum + atomicPriceOf(o.paidFor), 0n);
      if (paidIn !== expectedIn)
        violations.push(`payee received ${paidIn} atomic USDC for successful calls worth ${expectedIn}`);

      const answers = outcomes.map((o) => `${o.label}: ${o.ok ? 'ran' : 'refused'} ${o.detail}`).join('\n');
      expect(violations, `the calls' answers:\n${answers}`).toEqual([]);
    },
  );
});
