import { describe, expect, it } from 'vitest';
import { NonceQueue } from './nonce-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A node that accepts a transaction only with the account's next nonce, like a pool that refuses gaps. */
function strictNode(startNonce: number) {
  let next = startNonce;
  const accepted: number[] = [];
  return {
    accepted,
    chainNonce: async () => next,
    async send(nonce: number): Promise<string> {
      await sleep(Math.random() * 3); // sends of different lengths: would reorder if they overlapped
      if (nonce !== next) throw new Error(`nonce ${nonce} is not the next one (${next})`);
      accepted.push(nonce);
      next++;
      return `0xtx${nonce}`;
    },
  };
}

describe('NonceQueue', () => {
  it('gives concurrent submissions consecutive nonces and sends them one at a time, in order', async () => {
    const node = strictNode(7);
    const queue = new NonceQueue(node.chainNonce);
    let inFlight = 0;
    let maxInFlight = 0;
    const hashes = await Promise.all(
      Array.from({ length: 50 }, () =>
        queue.submit(async (nonce) => {
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          try {
            return await node.send(nonce);
          } finally {
            inFlight--;
          }
        }),
      ),
    );
    expect(maxInFlight).toBe(1);
    expect(node.accepted).toEqual(Array.from({ length: 50 }, (_, i) => 7 + i));
    expect(hashes).toEqual(node.accepted.map((nonce) => `0xtx${nonce}`));
  });

  it('reads the nonce from the chain once, then counts locally', async () => {
    const node = strictNode(0);
    let reads = 0;
    const queue = new NonceQueue(async () => {
      reads++;
      return node.chainNonce();
    });
    await Promise.all(Array.from({ length: 10 }, () => queue.submit((nonce) => node.send(nonce))));
    expect(reads).toBe(1);
  });

  it('leaves no gap after a failed send: the next submission re-reads the nonce and reuses the lost one', async () => {
    const node = strictNode(3);
    const queue = new NonceQueue(node.chainNonce);
    const results = await Promise.allSettled([
      queue.submit((nonce) => node.send(nonce)),
      queue.submit(async (nonce) => {
        expect(nonce).toBe(4);
        throw new Error('connection reset before the node saw it');
      }),
      queue.submit((nonce) => node.send(nonce)),
      queue.submit((nonce) => node.send(nonce)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(node.accepted).toEqual([3, 4, 5]);
  });

  it('does not reuse a nonce the node took although the send reported a failure', async () => {
    const node = strictNode(0);
    const queue = new NonceQueue(node.chainNonce);
    const lostAnswer = queue.submit(async (nonce) => {
      await node.send(nonce);
      throw new Error('timed out waiting for the answer');
    });
    await expect(lostAnswer).rejects.toThrow(/timed out/);
    await queue.submit((nonce) => node.send(nonce));
    expect(node.accepted).toEqual([0, 1]);
  });

  it('keeps going when the nonce cannot be read, retrying the read for the next submission', async () => {
    const node = strictNode(5);
    let failRead = true;
    const queue = new NonceQueue(async () => {
      if (failRead) {
        failRead = false;
        throw new Error('rpc down');
      }
      return node.chainNonce();
    });
    await expect(queue.submit((nonce) => node.send(nonce))).rejects.toThrow(/rpc down/);
    await expect(queue.submit((nonce) => node.send(nonce))).resolves.toBe('0xtx5');
  });
});
