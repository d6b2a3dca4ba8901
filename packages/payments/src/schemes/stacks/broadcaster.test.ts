import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentRequirements } from '@x402/core/types';
import { makeSTXTokenTransfer, privateKeyToAddress } from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { StacksBroadcastError, StacksHttpBroadcaster } from './broadcaster.js';
import { registerExactStacksScheme } from './facilitator.js';

const API = 'https://stacks.test';
const KEY = 'a096d31c7aa41db28401d4e24859bc4c378d28ed34af9e3f7fcb6da167154af701';
const PAYER = privateKeyToAddress(KEY, 'mainnet');
const PAY_TO = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const USDCX = 'SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx';

interface Call {
  method: string;
  url: string;
  body?: string;
  headers: Record<string, string>;
}

/** A fake fetch answering from `routes` (`"METHOD path"` → responses, consumed in order, the last one repeating). */
function fakeFetch(routes: Record<string, Array<() => Response>>): { fetch: typeof globalThis.fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url,
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
      headers: { ...(init?.headers as Record<string, string>) },
    });
    const queue = routes[`${method} ${url.slice(API.length)}`];
    if (!queue || queue.length === 0) return new Response('not found', { status: 404 });
    const next = queue.length > 1 ? queue.shift() : queue[0];
    return (next as () => Response)();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const TXID = 'ab'.repeat(32);

describe('StacksHttpBroadcaster (fake fetch)', () => {
  it('reads spendable STX, SIP-010 balances and the next nonce', async () => {
    const { fetch, calls } = fakeFetch({
      [`GET /extended/v1/address/${PAYER}/balances`]: [
        json({
          stx: { balance: '5000000', locked: '1000000' },
          fungible_tokens: { [`${USDCX}::usdcx-token`]: { balance: '42' } },
        }),
      ],
      [`GET /extended/v1/address/${PAYER}/nonces`]: [json({ possible_next_nonce: 7, last_executed_tx_nonce: 6 })],
    });
    const broadcaster = new StacksHttpBroadcaster({ apiUrl: `${API}/`, fetch, headers: { 'x-api-key': 'k' } });
    expect(await broadcaster.balanceOf(PAYER, 'STX')).toBe(4_000_000n);
    expect(await broadcaster.balanceOf(PAYER, USDCX)).toBe(42n);
    expect(await broadcaster.balanceOf(PAYER, 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token')).toBe(0n);
    expect(await broadcaster.nextNonce(PAYER)).toBe(7n);
    expect(calls.every((call) => call.headers['x-api-key'] === 'k')).toBe(true);
  });

  it('broadcasts to /v2/transactions and waits for success', async () => {
    const { fetch, calls } = fakeFetch({
      'POST /v2/transactions': [() => new Response(`"${TXID}"`, { status: 200 })],
      [`GET /extended/v1/tx/0x${TXID}`]: [
        () => new Response('', { status: 404 }),
        json({ tx_status: 'pending' }),
        json({ tx_status: 'success' }),
      ],
    });
    const broadcaster = new StacksHttpBroadcaster({ apiUrl: API, fetch, pollIntervalMs: 1 });
    expect(await broadcaster.submit('0x00ff')).toEqual({ txid: TXID });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `${API}/v2/transactions`,
      body: JSON.stringify({ tx: '00ff' }),
    });
    expect(calls.filter((call) => call.url.endsWith(`/extended/v1/tx/0x${TXID}`))).toHaveLength(3);
  });

  it('rejects when the node refuses the transaction', async () => {
    const { fetch } = fakeFetch({
      'POST /v2/transactions': [
        json(
          { error: 'transaction rejected', reason: 'BadNonce', reason_data: { expected: 3, actual: 2 }, txid: TXID },
          400,
        ),
      ],
    });
    const broadcaster = new StacksHttpBroadcaster({ apiUrl: API, fetch });
    const error = await broadcaster.submit('00').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StacksBroadcastError);
    expect(error).toMatchObject({
      txid: TXID,
      message: expect.stringMatching(/HTTP 400.*BadNonce.*expected/) as string,
    });
  });

  it('rejects on an aborted transaction and on timeout', async () => {
    const aborted = fakeFetch({
      'POST /v2/transactions': [() => new Response(`"${TXID}"`)],
      [`GET /extended/v1/tx/0x${TXID}`]: [
        json({ tx_status: 'abort_by_post_condition', tx_result: { repr: '(err none)' } }),
      ],
    });
    await expect(
      new StacksHttpBroadcaster({ apiUrl: API, fetch: aborted.fetch, pollIntervalMs: 1 }).submit('00'),
    ).rejects.toMatchObject({ status: 'abort_by_post_condition', txid: TXID });
    const pending = fakeFetch({
      'POST /v2/transactions': [() => new Response(`"${TXID}"`)],
      [`GET /extended/v1/tx/0x${TXID}`]: [json({ tx_status: 'pending' })],
    });
    await expect(
      new StacksHttpBroadcaster({
        apiUrl: API,
        fetch: pending.fetch,
        pollIntervalMs: 1,
        confirmationTimeoutMs: 20,
      }).submit('00'),
    ).rejects.toMatchObject({ status: 'timeout', txid: TXID });
  });

  it('backs the facilitator: verify reads the node state, settle broadcasts the payer’s bytes', async () => {
    const transaction = await makeSTXTokenTransfer({
      recipient: PAY_TO,
      amount: 1847n,
      fee: 3000n,
      nonce: 4n,
      senderKey: KEY,
      network: 'mainnet',
    });
    const hex = transaction.serialize();
    const { fetch, calls } = fakeFetch({
      [`GET /extended/v1/address/${PAYER}/balances`]: [
        json({ stx: { balance: '100000', locked: '0' }, fungible_tokens: {} }),
      ],
      [`GET /extended/v1/address/${PAYER}/nonces`]: [json({ possible_next_nonce: 4 })],
      'POST /v2/transactions': [() => new Response(`"${transaction.txid()}"`)],
      [`GET /extended/v1/tx/0x${transaction.txid()}`]: [json({ tx_status: 'success' })],
    });
    const facilitator = registerExactStacksScheme(new x402Facilitator(), {
      target: new StacksHttpBroadcaster({ apiUrl: API, fetch, pollIntervalMs: 1 }),
    });
    const requirements: PaymentRequirements = {
      scheme: 'exact',
      network: 'stacks:1',
      asset: 'slip44:5757',
      amount: '1847',
      payTo: PAY_TO,
      maxTimeoutSeconds: 300,
      extra: { tokenType: 'native' },
    };
    const payload = { x402Version: 2, accepted: requirements, payload: { transaction: hex } };
    expect(await facilitator.verify(payload, requirements)).toEqual({ isValid: true, payer: PAYER });
    expect(await facilitator.settle(payload, requirements)).toEqual({
      success: true,
      transaction: transaction.txid(),
      network: 'stacks:1',
      payer: PAYER,
    });
    expect(calls.find((call) => call.method === 'POST')?.body).toBe(JSON.stringify({ tx: hex }));
  });
});
