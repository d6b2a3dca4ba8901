import { PolymarketClient } from '@svc/providers';
import { POLYMARKET_CLOB_ANSWERS, useMockAgent } from '@svc/providers/testing';
import { recoverTypedDataAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import type { PredictWallet } from '../ports/predict-markets.js';
import { evmNetworkOf } from '../evm/evm-networks.js';
import { livePredictMarkets } from './live-predict-markets.js';

const { apiKey, balanceAllowance: balance, book, order: orderAnswer } = POLYMARKET_CLOB_ANSWERS;
const json = { headers: { 'content-type': 'application/json' } };
const TOKEN = '12345678901234567890';
const vault = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

/** The vault's wallet, recording when the call committed; its Polygon network is never reached by orders. */
function walletOf(events: string[]): PredictWallet {
  return {
    signer: vault,
    polygon: () => Promise.reject(new Error('orders do not touch the Polygon RPC')),
    commit: async () => {
      events.push('commit');
    },
    slippagePercent: 1,
  };
}

describe('placePredictOrder on Polymarket (CLOB V2, recorded answers)', () => {
  const mockAgent = useMockAgent();

  const clob = (held: string) => {
    const pool = mockAgent().get('https://clob.polymarket.com');
    pool.intercept({ path: '/book', query: { token_id: TOKEN } }).reply(200, book, json);
    pool.intercept({ path: '/tick-size', query: { token_id: TOKEN } }).reply(200, { minimum_tick_size: 0.01 }, json);
    pool.intercept({ path: '/neg-risk', query: { token_id: TOKEN } }).reply(200, { neg_risk: false }, json);
    pool.intercept({ path: '/auth/derive-api-key' }).reply(200, apiKey, json);
    pool
      .intercept({ path: (path) => path.startsWith('/balance-allowance?') })
      .reply(200, { ...balance, balance: held }, json);
    return pool;
  };

  it('signs a V2 FOK order for the vault, commits, then posts it once with L2 headers', async () => {
    const events: string[] = [];
    let posted: { body: string; headers: Record<string, string> } | undefined;
    clob(balance.balance)
      .intercept({ path: '/order', method: 'POST' })
      .reply(
        200,
        (request) => {
          events.push('post');
          posted = { body: String(request.body), headers: request.headers as Record<string, string> };
          return orderAnswer;
        },
        json,
      );
    const answer = await livePredictMarkets(new PolymarketClient()).placeOrder(
      { tokenID: TOKEN, side: 'BUY', amount: 100 },
      walletOf(events),
    );
    expect(events).toEqual(['commit', 'post']);
    expect(answer).toMatchObject({ success: true, orderID: orderAnswer.orderID, price: 0.52, side: 'BUY' });
    const sent = JSON.parse(posted!.body);
    expect(sent).toMatchObject({ owner: apiKey.apiKey, orderType: 'FOK' });
    expect(sent.order).toMatchObject({
      maker: vault.address,
      signer: vault.address,
      tokenId: TOKEN,
      makerAmount: '100000000',
      takerAmount: '192307600',
      side: 'BUY',
      signatureType: 0,
    });
    expect(posted!.headers).toMatchObject({ POLY_ADDRESS: vault.address, POLY_API_KEY: apiKey.apiKey });
    const signer = await recoverTypedDataAddress({
      domain: {
        name: 'Polymarket CTF Exchange',
        version: '2',
        chainId: 137,
        verifyingContract: '0xF60CA007115A47A11295F053156d913D83fed095',
      },
      types: {
        Order: [
          { name: 'salt', type: 'uint256' },
          { name: 'maker', type: 'address' },
          { name: 'signer', type: 'address' },
          { name: 'tokenId', type: 'uint256' },
          { name: 'makerAmount', type: 'uint256' },
          { name: 'takerAmount', type: 'uint256' },
          { name: 'side', type: 'uint8' },
          { name: 'signatureType', type: 'uint8' },
          { name: 'timestamp', type: 'uint256' },
          { name: 'metadata', type: 'bytes32' },
          { name: 'builder', type: 'bytes32' },
        ],
      },
      primaryType: 'Order',
      message: { ...sent.order, side: 0, salt: BigInt(sent.order.salt) },
      signature: sent.order.signature as Hex,
    });
    expect(signer).toBe(vault.address);
  });

  it('a SELL of more shares than the exchange sees is a 400 before the commit, and nothing is posted', async () => {
    const events: string[] = [];
    clob('5000000');
    await expect(
      livePredictMarkets(new PolymarketClient()).placeOrder(
        { tokenID: TOKEN, side: 'SELL', amount: 10 },
        walletOf(events),
      ),
    ).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'amount', rule: 'insufficient_shares' }] });
    // No /order route is mocked: a post would fail otherwise than this 400. Nothing committed either.
    expect(events).toEqual([]);
  });

  it('a BUY beyond the allowance the vault gave the exchange is a 400 before the commit', async () => {
    const events: string[] = [];
    const pool = mockAgent().get('https://clob.polymarket.com');
    pool.intercept({ path: '/book', query: { token_id: TOKEN } }).reply(200, book, json);
    pool.intercept({ path: '/tick-size', query: { token_id: TOKEN } }).reply(200, { minimum_tick_size: 0.01 }, json);
    pool.intercept({ path: '/neg-risk', query: { token_id: TOKEN } }).reply(200, { neg_risk: false }, json);
    pool.intercept({ path: '/auth/derive-api-key' }).reply(200, apiKey, json);
    pool
      .intercept({ path: (path) => path.startsWith('/balance-allowance?') })
      .reply(200, { balance: balance.balance, allowance: '0' }, json);
    await expect(
      livePredictMarkets(new PolymarketClient()).placeOrder(
        { tokenID: TOKEN, side: 'BUY', amount: 10 },
        walletOf(events),
      ),
    ).rejects.toMatchObject({ issues: [{ field: 'amount', rule: 'insufficient_allowance' }] });
    expect(events).toEqual([]);
  });
});

describe('redeemPredictPosition on Polymarket without a Polygon RPC', () => {
  useMockAgent();

  it('answers 503 naming the Polygon RPC setting, before any other call', async () => {
    const wallet: PredictWallet = {
      signer: vault,
      polygon: () => evmNetworkOf({ evmNetworks: undefined }, 137),
      commit: () => Promise.reject(new Error('never committed')),
      slippagePercent: 1,
    };
    await expect(
      livePredictMarkets(new PolymarketClient()).redeem(`0x${'ab'.repeat(32)}`, wallet),
    ).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: expect.stringMatching(/POLYGON/) },
    });
  });
});
