import {
  decodeFunctionData,
  encodeErrorResult,
  encodeFunctionResult,
  type Hash,
  type Hex,
  HttpRequestError,
  parseAbi,
  RpcRequestError,
  type TransactionReceipt,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { MULTICALL3_ADDRESS } from './multicall3.js';
import {
  AuthorizationAlreadySettling,
  type AuthorizationTransfer,
  BATCH_BASE_GAS,
  SettlementBatches,
  TransferWouldFail,
} from './settlement-batches.js';

const TOKEN = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const AGGREGATE3 = parseAbi([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) returns ((bool success, bytes returnData)[])',
]);
const SOLIDITY_ERROR = parseAbi(['error Error(string)']);
const RPC_URL = 'http://127.0.0.1:8545';
/** What a node answers to a transaction it refuses: it certainly did not take it. */
const nodeRefusal = (message: string) =>
  new RpcRequestError({ body: {}, error: { code: -32000, message }, url: RPC_URL });
/** A request that failed on the way back: the node may have taken the transaction. */
const connectionReset = () => new HttpRequestError({ url: RPC_URL, details: 'socket hang up' });

const transfer = (i: number): AuthorizationTransfer => ({
  asset: TOKEN,
  authorizer: `0x${i.toString(16).padStart(40, '0')}`,
  nonce: `0x${i.toString(16).padStart(64, '0')}`,
  callData: `0xabcdef${i.toString(16).padStart(2, '0')}`,
});

/**
 * A chain whose receipts come only when the test says: every sent transaction stays in flight until `mine`.
 * `failSends`: sends (1-based) that throw, after the transaction was announced; `failingCalls`: transfers' calldata
 * whose call reverts when a batch is simulated; `simulationError`: the simulation itself fails; `unknownToNode`:
 * sends whose transaction the node does not hold.
 */
function heldChain({
  failSends = new Map<number, Error>(),
  failingCalls = new Set<Hex>(),
  simulationError,
  unknownToNode = new Set<number>(),
}: {
  failSends?: Map<number, Error>;
  failingCalls?: Set<Hex>;
  simulationError?: Error;
  unknownToNode?: Set<number>;
} = {}) {
  const sent: { to: string; data: Hex; gas: bigint | undefined; announced: number }[] = [];
  const receipts = new Map<Hash, { resolve(receipt: TransactionReceipt): void; reject(error: Error): void }>();
  const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;
  let announced = 0;
  let simulated = 0;
  const batches = new SettlementBatches(
    {
      async send(transaction, beforeBroadcast) {
        const n = sent.length + 1;
        await beforeBroadcast(hashOf(n));
        sent.push({ ...transaction, announced });
        const failure = failSends.get(n);
        if (failure) throw failure;
        return hashOf(n);
      },
      isKnown: async (hash) =>
        [...Array(sent.length).keys()].some((i) => hashOf(i + 1) === hash && !unknownToNode.has(i + 1)),
      async call({ data }) {
        simulated++;
        if (simulationError) throw simulationError;
        const calls = decodeFunctionData({ abi: AGGREGATE3, data }).args[0];
        return encodeFunctionResult({
          abi: AGGREGATE3,
          functionName: 'aggregate3',
          result: calls.map(({ callData }) =>
            failingCalls.has(callData)
              ? {
                  success: false,
                  returnData: encodeErrorResult({
                    abi: SOLIDITY_ERROR,
                    errorName: 'Error',
                    args: ['ERC20: transfer amount exceeds balance'],
                  }),
                }
              : { success: true, returnData: '0x' as Hex },
          ),
        });
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
  return { batches, sent, settle, timeOut, hashOf, simulations: () => simulated };
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

  it('a send the node refused fails its own batch only, and a receipt that never comes frees the slot once its wait ends', async () => {
    const refusal = nodeRefusal('insufficient funds for gas * price + value');
    const chain = heldChain({ failSends: new Map([[2, refusal]]) });
    const first = chain.batches.submit(transfer(1));
    const lost = [2, 3].map((i) => chain.batches.submit(transfer(i)).catch((error: unknown) => error));
    const { receipt } = await first;
    await chain.timeOut(1);
    await expect(receipt).rejects.toThrow('receipt timeout');
    expect(await Promise.all(lost)).toEqual([refusal, refusal]);
    // The next transfer goes at once: nothing is in flight after a failed send.
    await expect(chain.batches.submit(transfer(4))).resolves.toMatchObject({ hash: chain.hashOf(3) });
  });

  it.each([
    ['the connection reset after the node took it', connectionReset()],
    ['"already known" (a retried request met the one the node took)', nodeRefusal('already known')],
    ['"nonce too low" (the taken one may be mined already)', nodeRefusal('nonce too low: next nonce 8, tx nonce 7')],
  ])(
    'a send error after the announcement that may follow the node taking it (%s) waits for the receipt',
    async (_case, error) => {
      const chain = heldChain({ failSends: new Map([[2, error]]) });
      const first = chain.batches.submit(transfer(1));
      const next = [2, 3].map((i) => chain.batches.submit(transfer(i)));
      await first;
      await chain.settle(1);
      const sent = await Promise.all(next);
      expect(sent.map(({ hash }) => hash)).toEqual([chain.hashOf(2), chain.hashOf(2)]);
      // Its payments are answered by the receipt: here it is mined, so they are settled, not "nothing charged".
      await chain.settle(2);
      await expect(sent[0]!.receipt).resolves.toMatchObject({ transactionHash: chain.hashOf(2) });
      // The slot stayed held until that receipt: the next transfer goes now, as the third transaction.
      await expect(chain.batches.submit(transfer(4))).resolves.toMatchObject({ hash: chain.hashOf(3) });
    },
  );

  it('"nonce too low" for a transaction the node does not hold (another sender used the nonce) fails its batch at once', async () => {
    const stale = nodeRefusal('nonce too low: next nonce 8, tx nonce 7');
    const chain = heldChain({ failSends: new Map([[1, stale]]), unknownToNode: new Set([1]) });
    await expect(chain.batches.submit(transfer(1))).rejects.toBe(stale);
    await expect(chain.batches.submit(transfer(2))).resolves.toMatchObject({ hash: chain.hashOf(2) });
  });

  it('a send error before the announcement finished fails the batch: nothing can have been broadcast', async () => {
    const chain = heldChain();
    const announceFailure = new Error('database unavailable');
    const batches = new SettlementBatches(
      {
        send: async (_transaction, beforeBroadcast) => {
          await beforeBroadcast(chain.hashOf(1));
          return chain.hashOf(1);
        },
        waitForReceipt: () => new Promise(() => undefined),
        call: () => Promise.reject(new Error('not simulated')),
        isKnown: () => Promise.resolve(true),
      },
      { maxBatchSize: 3, maxInFlight: 1, gasPerAuthorization: 100_000n },
      () => Promise.reject(announceFailure),
    );
    await expect(batches.submit(transfer(1))).rejects.toBe(announceFailure);
  });

  it('a batch is simulated first: a transfer that would fail fails at once and is not sent, the rest go', async () => {
    const chain = heldChain({ failingCalls: new Set([transfer(3).callData]) });
    const first = chain.batches.submit(transfer(1));
    const next = [2, 3, 4].map((i) => chain.batches.submit(transfer(i)).catch((error: unknown) => error));
    await first;
    expect(chain.simulations()).toBe(0); // a transfer alone is the token call, whose gas estimate refuses a failing one
    await chain.settle(1);
    const [two, three, four] = await Promise.all(next);
    expect(three).toBeInstanceOf(TransferWouldFail);
    expect((three as Error).message).toMatch(/ERC20: transfer amount exceeds balance/);
    expect([two, four]).toMatchObject([{ hash: chain.hashOf(2) }, { hash: chain.hashOf(2) }]);
    expect(chain.sent[1]).toMatchObject({ to: MULTICALL3_ADDRESS, gas: BATCH_BASE_GAS + 200_000n, announced: 3 });
    expect(carried(chain.sent[1]!.data)).toEqual([transfer(2).callData, transfer(4).callData]);
  });

  it('a batch whose transfers would all fail sends nothing, and one that would leave one sends it alone', async () => {
    const chain = heldChain({ failingCalls: new Set([2, 3, 5].map((i) => transfer(i).callData)) });
    const first = chain.batches.submit(transfer(1));
    const allBad = [2, 3].map((i) => chain.batches.submit(transfer(i)).catch((error: unknown) => error));
    await first;
    await chain.settle(1);
    expect(await Promise.all(allBad)).toEqual([expect.any(TransferWouldFail), expect.any(TransferWouldFail)]);
    expect(chain.sent).toHaveLength(1);
    // Nothing in flight: the next goes at once; the two behind it are simulated, and the good one goes alone.
    const blocker = chain.batches.submit(transfer(4));
    const pair = [5, 6].map((i) => chain.batches.submit(transfer(i)).catch((error: unknown) => error));
    await blocker;
    await chain.settle(2);
    const [five, six] = await Promise.all(pair);
    expect(five).toBeInstanceOf(TransferWouldFail);
    expect(six).toMatchObject({ hash: chain.hashOf(3) });
    expect(chain.sent[2]).toMatchObject({ to: TOKEN, data: transfer(6).callData, gas: undefined });
  });

  it('a batch whose simulation fails is not sent (a batch sent blind could cost gas for nothing)', async () => {
    const unreachable = new Error('simulation failed');
    const chain = heldChain({ simulationError: unreachable });
    await chain.batches.submit(transfer(1));
    const next = [2, 3].map((i) => chain.batches.submit(transfer(i)).catch((error: unknown) => error));
    await chain.settle(1);
    expect(await Promise.all(next)).toEqual([unreachable, unreachable]);
    expect(chain.sent).toHaveLength(1);
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
