import { newMasterKeyText } from '@svc/chains';
import type { OrderEngine } from '@svc/tools';
import { describe, expect, it } from 'vitest';
import { sandboxOrderEngine } from '../src/conditional-orders.js';
import { sandboxSwapExecutors } from '../src/swap-executors.js';
import { backends, fundedWallet, LIVE_SETTINGS, useGateway, useSandboxGateway } from './harness.js';

const ETH_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

describe.each(backends)('conditional orders through REST with SIWX + x402 on the sandbox market ($name)', (backend) => {
  let engine: OrderEngine;
  const gateway = useSandboxGateway(backend, {}, {
    orderEngineFor: (db, sandbox) => {
      engine = sandboxOrderEngine(db, sandbox, sandboxSwapExecutors(db, sandbox), 'gateway-test');
      return engine;
    },
  });
  const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
  const setPrice = async (chain: string, token: string, priceUsd: string) =>
    json(await fetch(`${gateway.url}/api/sandbox/prices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chain, token, priceUsd }) }));

  it('POST /api/sandbox/prices moves the simulated price and the pools; GET reads it; bad input is a 400 naming the field', async () => {
    const moved = await setPrice('base', 'ETH', '3500');
    expect(moved).toMatchObject({ status: 200, body: { sandbox: true, chain: 'base', token: 'ETH', address: ETH_NATIVE.toLowerCase(), priceUsd: '3500' } });
    expect(moved.body.poolPriceUsd).toBeCloseTo(3500, 2);
    const read = await json(await fetch(`${gateway.url}/api/sandbox/prices?chain=base&token=${ETH_NATIVE}`));
    expect(read.body).toMatchObject({ token: 'ETH', priceUsd: '3500' });
    expect(read.body.poolPriceUsd).toBeCloseTo(3500, 2);
    const solana = await setPrice('solana', 'SOL', '180');
    expect(solana.body).toMatchObject({ token: 'SOL', address: 'So11111111111111111111111111111111111111112', priceUsd: '180' });
    expect(solana.body.poolPriceUsd).toBeCloseTo(180, 2);
    const all = await json(await fetch(`${gateway.url}/api/sandbox/prices`));
    expect(all.body.prices.map((price: any) => price.network)).toEqual(['base', 'solana']);
    expect(await setPrice('base', 'NOPE', '1')).toMatchObject({ status: 400, body: { issues: [{ field: 'token', rule: 'unknown_token' }] } });
    expect(await setPrice('base', 'USDC', '2')).toMatchObject({ status: 400, body: { issues: [{ field: 'token' }] } });
    expect(await setPrice('base', 'ETH', '0')).toMatchObject({ status: 400, body: { issues: [{ field: 'priceUsd' }] } });
    expect(await setPrice('arbitrum', 'ETH', '1')).toMatchObject({ status: 400, body: { issues: [{ field: 'chain' }] } });
  });

  it('paid create, read and cancel tools: a position placed with its TP/SL in one call, visible only to its account', async () => {
    const alice = await fundedWallet(gateway);
    const bob = await fundedWallet(gateway);
    const market = await gateway.sandbox.evm(8453);
    const usdc = market.token('USDC')?.address as string;
    const created = await json(await alice.call('createBaseConditionalEntry', {
      targetToken: ETH_NATIVE, fundingToken: usdc, fundingQuantity: 10, entryType: 'LIMIT', entryPriceUsd: '100', entryDirection: 'BELOW',
      stopLossPriceUsd: '50', stopLossDirection: 'BELOW', takeProfitPriceUsd: '1000', takeProfitDirection: 'ABOVE',
    }));
    expect(created.status).toBe(200);
    expect(created.body.position.orders.map((order: any) => order.status)).toEqual(['PENDING', 'WAITING', 'WAITING']);
    const { positionId } = created.body.position;
    expect((await json(await alice.call('getAllPositions', {}))).body.positions.map((p: any) => p.positionId)).toEqual([positionId]);
    expect((await json(await bob.call('findPositionById', { positionId }))).status).toBe(404);
    const invalid = await json(await alice.call('createBaseConditionalEntry', { targetToken: ETH_NATIVE, fundingToken: usdc, fundingQuantity: 1, targetQuantity: 1, entryType: 'MARKET' }));
    expect(invalid).toMatchObject({ status: 400, body: { issues: [{ field: 'fundingQuantity' }] } });
    expect((await json(await alice.call('cancelPosition', { positionId }))).body).toMatchObject({ cancelled: true, position: { status: 'CANCELLED' } });
  });
});

describe.each(backends)('sandbox prices in live mode ($name)', (backend) => {
  const harness = useGateway(backend, { ...LIVE_SETTINGS, SVC_MASTER_KEY: newMasterKeyText() });
  it('answers 404', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/api/sandbox/prices' })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'POST', url: '/api/sandbox/prices', payload: { chain: 'base', token: 'ETH', priceUsd: '1' } })).statusCode).toBe(404);
  });
});
