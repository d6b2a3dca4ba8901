import type { Rpc, Signature, SolanaRpcApi } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { landedTransaction } from './solana-landing.js';

const SIGNATURE = '5'.repeat(88) as Signature;
const BLOCKHASH = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi';

/**
 * A node answering from scripts, one answer per call (the last one repeats): whether the blockhash is valid, what
 * getTransaction returns, and whether the signature was processed; it counts the calls.
 */
function scriptedNode(script: { valid: boolean[]; landed: (object | null)[]; processed: boolean[] }) {
  const calls = { valid: 0, landed: 0, processed: 0 };
  const next = <T>(answers: T[], key: keyof typeof calls): T =>
    answers[Math.min(calls[key]++, answers.length - 1)] as T;
  const rpc = {
    isBlockhashValid: () => ({ send: async () => ({ value: next(script.valid, 'valid') }) }),
    getTransaction: () => ({ send: async () => next(script.landed, 'landed') }),
    getSignatureStatuses: () => ({
      send: async () => ({ value: [next(script.processed, 'processed') ? { confirmationStatus: 'processed' } : null] }),
    }),
  } as unknown as Rpc<SolanaRpcApi>;
  return { rpc, calls };
}

const LANDED = { meta: { err: null }, slot: 9n };

describe('landedTransaction', () => {
  it('waits while the blockhash is valid: a transaction the node has not seen yet is found when it lands', async () => {
    const node = scriptedNode({ valid: [true, true, true], landed: [null, null, LANDED], processed: [false] });
    expect(await landedTransaction(node.rpc, SIGNATURE, BLOCKHASH, 1)).toBe(LANDED);
    expect(node.calls.landed).toBe(3);
    expect(node.calls.processed).toBe(0);
  });

  it('is undefined only once the blockhash expired and the node never processed the signature', async () => {
    const node = scriptedNode({ valid: [true, true, false], landed: [null], processed: [false] });
    expect(await landedTransaction(node.rpc, SIGNATURE, BLOCKHASH, 1)).toBeUndefined();
    expect(node.calls).toEqual({ valid: 3, landed: 3, processed: 1 });
  });

  it('a transaction processed just before its blockhash expired is waited for until confirmed', async () => {
    const node = scriptedNode({ valid: [false], landed: [null, null, LANDED], processed: [true] });
    expect(await landedTransaction(node.rpc, SIGNATURE, BLOCKHASH, 1)).toBe(LANDED);
    expect(node.calls.processed).toBe(2);
  });

  it('without a recorded blockhash only what the node processed counts (the sandbox lands on send)', async () => {
    const node = scriptedNode({ valid: [true], landed: [null], processed: [false] });
    expect(await landedTransaction(node.rpc, SIGNATURE, null, 1)).toBeUndefined();
    expect(node.calls).toEqual({ valid: 0, landed: 1, processed: 1 });
  });
});
