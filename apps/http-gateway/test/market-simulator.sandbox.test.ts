import { sandboxMarketActivity } from '@svc/tools/sandbox';
import { describe, expect, it } from 'vitest';
import { pglite, useSandboxGateway } from './harness.js';

describe('the sandbox market simulator route', () => {
  // Its own sandbox: stepping the market moves prices that other files on this worker check, and which chains a step
  // trades on depends on the chains earlier files started.
  const gateway = useSandboxGateway(pglite, {}, { ownSandbox: true });
  const control = (payload: unknown) =>
    gateway.app.inject({ method: 'POST', url: '/api/sandbox/market/simulator', payload: payload as object });
  const state = async () =>
    (await gateway.app.inject({ method: 'GET', url: '/api/sandbox/market/simulator' })).json<{
      running: boolean;
      rate: number;
      paused: boolean;
      trades: number;
    }>();

  it('is off in tests, pauses, resumes and steps by hand', async () => {
    const before = await state();
    expect(before).toMatchObject({ sandbox: true, running: false, rate: 0, paused: false });
    expect((await control({ action: 'pause' })).json()).toMatchObject({ paused: true, running: false });
    expect((await control({ action: 'resume' })).json()).toMatchObject({ paused: false, running: false });

    const stepped = await control({ action: 'step', steps: 2 });
    expect(stepped.statusCode).toBe(200);
    const { executed, trades } = stepped.json<{
      trades: number;
      executed: { chain: string; wallet: string; label: string; transactionHash: string; sold: { atomic: string } }[];
    }>();
    expect(executed).toHaveLength(2);
    expect(trades).toBe(before.trades + 2);
    expect((await state()).trades).toBe(before.trades + 2);

    // The tools' view of the index has the stepped trades, labelled with the simulated wallets' labels.
    const activity = sandboxMarketActivity(gateway.sandbox.market.index);
    for (const trade of executed) {
      const chain = trade.chain as 'base' | 'solana';
      const found = (await activity.trades(chain, { trader: trade.wallet })).find(
        (candidate) => candidate.transactionHash === trade.transactionHash,
      );
      expect(found).toMatchObject({ chain, traderLabel: { name: trade.label } });
      expect(Date.parse(found!.timestamp)).toBeGreaterThan(Date.now() - 120_000);
      expect(activity.labelOf(chain, trade.wallet)?.name).toBe(trade.label);
    }
  }, 60_000);

  it('refuses a bad request with 400 naming the field, changing nothing', async () => {
    const before = await state();
    for (const [payload, field] of [
      [{ action: 'jump' }, 'action'],
      [{ action: 'step', steps: 0 }, 'steps'],
      [{ action: 'step', steps: 101 }, 'steps'],
      [{ action: 'pause', steps: 1 }, 'steps'],
      [{ action: 'step', extra: true }, 'extra'],
    ] as const) {
      const response = await control(payload);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
    expect(await state()).toEqual(before);
  });

  it('is described in the OpenAPI document', async () => {
    const { paths } = (await gateway.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    expect(paths['/api/sandbox/market/simulator']?.get?.operationId).toBe('sandboxMarketSimulator');
    expect(paths['/api/sandbox/market/simulator']?.post?.operationId).toBe('controlSandboxMarketSimulator');
  });
});
