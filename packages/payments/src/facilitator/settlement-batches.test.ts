import { decodeFunctionData, type Hash, type Hex, parseAbi, type TransactionReceipt } from 'viem';
import { describe, expect, it } from 'vitest';
import { MULTICALL3_ADDRESS } from './multicall3.js';
import {
  AuthorizationAlreadySettling,
  type AuthorizationTransfer,
  BATCH_BASE_GAS,
  SettlementBatches,
} from './settlement-batches.js';

const TOKEN = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const AGGREGATE3 = parseAbi(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls)']);

const transfer = (i: number): AuthorizationTransfer => ({
  asset: TOKEN,
  authorizer: `0x${i.toString(16).padStart(40, '0')}`,
  nonce: `0x${i.toString(16).padStart(64, '0')}`,
  callData: `0xabcdef${i.toString(16).padStart(2, '0')}`,
});

/** A chain whose receipts come only when the test says: every sent transaction stays in flight until `mine`. */
function heldChain({ failSends = new Set<number>() } = {}) {
  const sent: { to: string; data: Hex; gas: bigint | undefined; announced: number }[] = [];
  const receipts = new Map<Hash, { resolve(receipt: TransactionReceipt): void; reject(error: Error): void }>();
  const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;
  let announced = 0;
  const batches = new SettlementBatches(
    {
      async send(transaction, beforeBroadcast) {
        const n = sent.length + 1;
        await beforeBroadcast(hashOf(n));
        sent.push({ ...transaction, announced });
        if (failSends.has(n)) throw new Error(`send ${n} failed`);
        return hashOf(n);
      },
      waitForReceipt: (hash) =>
        new Promise<TransactionReceipt>((resolve, reject) => receipts.set(hash, { resolve, reject })),
    },
    { maxBatchSize: 3, maxInFlight: 1, gasPerAuthorization: 100_000n },
    async (transfers) => void (announced += transfers.length),
  );
  const settle = async (n: number) => {
    const waiting = receipts.get(hashOf(n))!;
    receipts.delete(hashOf(n));
    waiting.resolve({ transactionHash: hashOf(n) } as TransactionReceipt);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const timeOut = async (n: number) => {
    receipts.get(hashOf(n))!.reject(new Error('receipt timeout'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { batches, sent, settle, timeOut, hashOf };
}

const carried = (data: Hex) =>
  (decodeFunctionData({ abi: AGGREGATE3, data }).args[0] as readonly { callData: Hex; allowFailure: boolean }[]).map(
    ({ callData, allowFailure }) => (allowFailure ? callData : 'not allowed to fail'),
  );

describe('group commit of EIP-3009 transfers', () => {
  it('sends a transfer at once, alone, as the token call; the ones arriving while it is in flight go together next', async () => {
    const chain = heldChain();
    const first = chain.batches.submit(transfer(1));
    await expect(first).resolves.toMatchObject({ hash: chain.hashOf(1) });
    expect(chain.sent).toEqual([{ to: TOKEN, data: transfer(1).callData, gas: undefined, announced: 1 }]);
    const next = [2, 3].map((i) => chain.batches.submit(transfer(i)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chain.sent).toHaveLength(1);
    await chain.settle(1);
    expect(await Promise.all(next)).toMatchObject([{ hash: chain.hashOf(2) }, { hash: chain.hashOf(2) }]);
    expect(chain.sent[1]).toMatchObject({ to: MULTICALL3_ADDRESS, gas: BATCH_BASE_GAS + 200_000n, announced: 3 });
    expect(carried(chain.sent[1]!.data)).toEqual([transfer(2).callData, transfer(3).callData]);
  });

  it('caps a batch at maxBatchSize: the rest go in the transaction after it', async () => {
    const chain = heldChain();
    const first = chain.batches.submit(transfer(1));
    const waiting = [2, 3, 4, 5, 6].map((i) => chain.batches.submit(transfer(i)));
    await first;
    await chain.settle(1);
    await chain.settle(2);
    const hashes = (await Promise.all(waiting)).map(({ hash }) => hash);
    expect(hashes).toEqual([2, 2, 2, 3, 3].map(chain.hashOf));
    expect(chain.sent.map(({ data, to }) => (to === TOKEN ? 1 : carried(data).length))).toEqual([1, 3, 2]);
  });

  it('a failed send fails its own batch only, and a receipt that never comes frees the slot once its wait ends', async () => {
    const chain = heldChain({ failSends: new Set([2]) });
    const first = chain.batches.submit(transfer(1));
    const lost = [2, 3].map((i) => chain.batches.submit(transfer(i)).catch((error: unknown) => error));
    const { receipt } = await first;
    await chain.timeOut(1);
    await expect(receipt).rejects.toThrow('receipt timeout');
    expect(await Promise.all(lost)).toEqual([new Error('send 2 failed'), new Error('send 2 failed')]);
    // The next transfer goes at once: nothing is in flight after a failed send.
    await expect(chain.batches.submit(transfer(4))).resolves.toMatchObject({ hash: chain.hashOf(3) });
  });

  it('refuses an authorization already waiting or in flight, and takes it again once its transaction is done', async () => {
    const chain = heldChain();
    const first = chain.batches.submit(transfer(1));
    const waiting = chain.batches.submit(transfer(2));
    await expect(chain.batches.submit(transfer(1))).rejects.toThrow(AuthorizationAlreadySettling);
    await expect(chain.batches.submit(transfer(2))).rejects.toThrow(AuthorizationAlreadySettling);
    await first;
    await chain.settle(1);
    await waiting;
    await chain.settle(2);
    await expect(chain.batches.submit(transfer(1))).resolves.toMatchObject({ hash: chain.hashOf(3) });
  });
});
