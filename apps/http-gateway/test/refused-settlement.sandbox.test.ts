import { TaskState } from '@a2a-js/sdk';
import { findTool, priceOf } from '@svc/contracts';
import { accountForWallet, insertMemory, memoriesHeld, slippageOf, trackedWalletsOf } from '@svc/store';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import {
  createSIWxMessage,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { a2aClient, asTask, callTool, userMessage, WITH_X402 } from './a2a-harness.js';
import { backendsFor, useSandboxGateway } from './harness.js';
import { newAccessKey } from './mcp-harness.js';

/** How many payments race for the one price the payer holds: each verifies, at most one can settle. */
const RACERS = 3;

const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const paymentSubmitted = (taskId: string, payload: PaymentPayload) =>
  userMessage([{ text: 'payment attached' }], {
    taskId,
    metadata: { 'x402.payment.status': 'payment-submitted', 'x402.payment.payload': payload },
  });
const memories = (n: number) => Array.from({ length: n }, (_, i) => ({ category: 'race', content: `memory ${i}` }));

/**
 * No change survives a refused payment: a payer holding exactly one price signs several payments at once. Each
 * verifies (the balance covers each alone), only one can settle; every call whose settlement is refused answers 402
 * and leaves the database as it was, over REST and over A2A's x402 extension.
 */
describe.each(backendsFor(import.meta.url))('a refused settlement leaves nothing behind ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);

  /** A wallet holding exactly the price of one `tool` call in sandbox USDC. */
  async function payerOfOneCall(tool: string) {
    const account = privateKeyToAccount(generatePrivateKey());
    const res = await gateway.faucet({
      address: account.address,
      token: 'BASE_USDC',
      amount: priceOf(findTool(tool)!),
    });
    expect(res.status).toBe(200);
    const x402 = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
    );
    return { account, x402 };
  }

  /** The headers of one signed-in, paid REST call: its own sign-in challenge and its own payment (a fresh nonce). */
  async function signedPaidHeaders(account: PrivateKeyAccount, x402: x402Client, tool: string, input: unknown) {
    const asked = await gateway.call(tool, input);
    expect(asked.status).toBe(402);
    const required = decodePaymentRequiredHeader(asked.headers.get('payment-required')!);
    const challenge = required.extensions![SIGN_IN_WITH_X] as SIWxExtension;
    const info = { ...challenge.info, chainId: 'eip155:8453', type: 'eip191' as const };
    const signature = await account.signMessage({ message: createSIWxMessage(info, account.address) });
    return {
      'sign-in-with-x': encodeSIWxHeader({ ...info, address: account.address, signature }),
      'payment-signature': encodePaymentSignatureHeader(await x402.createPaymentPayload(required)),
    };
  }

  /** The inputs of the racing calls, for the account they act for (after any setup of its own). */
  type InputsOf = (accountId: string) => Promise<readonly unknown[]> | readonly unknown[];
  /** Which of the racing calls was paid (answered with the tool's result); every other one was refused. */
  type Race = (
    tool: string,
    inputsOf: InputsOf,
  ) => Promise<{ accountId: string; paid: number; inputs: readonly unknown[] }>;

  /** REST: every call signed in as the payer's wallet, all sent at once. */
  const overRest: Race = async (tool, inputsOf) => {
    const { account, x402 } = await payerOfOneCall(tool);
    const { accountId } = await accountForWallet(gateway.db, 'eip155:8453', account.address);
    const inputs = await inputsOf(accountId);
    const headers = await Promise.all(inputs.map((input) => signedPaidHeaders(account, x402, tool, input)));
    const answers = await Promise.all(inputs.map((input, i) => gateway.call(tool, input, headers[i])));
    const statuses = answers.map((res) => res.status);
    expect([...statuses].sort()).toEqual([200, ...Array(inputs.length - 1).fill(402)]);
    return { accountId, paid: statuses.indexOf(200), inputs };
  };

  /** A2A: one task per call for an access key's account, then every payment submitted at once. */
  const overA2a: Race = async (tool, inputsOf) => {
    const { key, accountId } = await newAccessKey(gateway.db);
    const client = await a2aClient(gateway.url, { 'x-api-key': key, ...WITH_X402 });
    const { x402 } = await payerOfOneCall(tool);
    const inputs = await inputsOf(accountId);
    const asked = await Promise.all(
      inputs.map(async (input) => asTask(await client.sendMessage(callTool(tool, input)))),
    );
    const payments = await Promise.all(
      asked.map((task) =>
        x402.createPaymentPayload(task.status?.message?.metadata?.['x402.payment.required'] as PaymentRequired),
      ),
    );
    const done = await Promise.all(
      asked.map(async (task, i) => asTask(await client.sendMessage(paymentSubmitted(task.id, payments[i]!)))),
    );
    const states = done.map((task) => task.status?.state);
    expect([...states].sort()).toEqual(
      [TaskState.TASK_STATE_COMPLETED, ...Array(inputs.length - 1).fill(TaskState.TASK_STATE_FAILED)].sort(),
    );
    for (const task of done.filter((task) => task.status?.state === TaskState.TASK_STATE_FAILED)) {
      expect(task.status?.message?.metadata?.['x402.payment.status']).toBe('payment-failed');
    }
    return { accountId, paid: states.indexOf(TaskState.TASK_STATE_COMPLETED), inputs };
  };

  describe.each([
    { transport: 'REST', race: overRest },
    { transport: "A2A's x402 extension", race: overA2a },
  ])('over $transport', ({ race }) => {
    it('createMemory: one memory for the one payment that settled', async () => {
      const { accountId } = await race('createMemory', () => memories(RACERS));
      expect((await memoriesHeld(gateway.db, accountId)).count).toBe(1);
    });

    it('deleteMemory: only the memory whose call was paid is gone', async () => {
      let ids: string[] = [];
      const { accountId, paid } = await race('deleteMemory', async (accountId) => {
        const stored = await Promise.all(
          memories(RACERS).map((memory) => insertMemory(gateway.db, accountId, memory, 100)),
        );
        ids = stored.map((memory) => memory!.memoryId);
        return ids.map((memoryId) => ({ memoryId }));
      });
      const kept = await Promise.all(ids.map(async (id) => (await memoriesHeld(gateway.db, accountId, id)).includes));
      expect(kept).toEqual(ids.map((_, i) => i !== paid));
    });

    it('addTrackedWallet: one wallet tracked for the one payment that settled', async () => {
      const { accountId, paid, inputs } = await race('addTrackedWallet', () =>
        Array.from({ length: RACERS }, () => ({ address: randomAddress(), chains: ['base'] })),
      );
      const tracked = await trackedWalletsOf(gateway.db, accountId);
      expect(tracked.map((wallet) => wallet.address)).toEqual([(inputs[paid] as { address: string }).address]);
    });

    it('setSlippageSettings: the stored settings are those of the call that was paid', async () => {
      const inputs = Array.from({ length: RACERS }, (_, i) => ({ swapSlippage: 2 + i, pumpSlippage: 20 + i }));
      const { accountId, paid } = await race('setSlippageSettings', () => inputs);
      expect(await slippageOf(gateway.db, accountId)).toEqual({ ...inputs[paid], isDefault: false });
    });
  });
});
