import { ServiceError } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { checkCall, DEFAULT_SPENDING_POLICY } from './policy.js';
import { type CallSpend, spendOf } from './spend.js';

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return {
      code: (error as ServiceError).code,
      status: (error as ServiceError).status,
      ...(error as ServiceError).extra,
    };
  }
  throw new Error('expected a refusal');
};

const spend = (usd: bigint, recipients: string[] = [], extra: Partial<CallSpend> = {}): CallSpend => ({
  usd,
  movedUsd: 0n,
  recipients,
  ...extra,
});

describe('spending policy rules', () => {
  it('counts the price plus the moved value, and names every recipient', () => {
    expect(spendOf({ query: 'x' }, '0.0012', { usd: '0' })).toEqual({ usd: 1_200n, movedUsd: 0n, recipients: [] });
    expect(spendOf({ to: '0xAbC', amount: '1' }, '0.01', { usd: '2000.5' })).toEqual({
      usd: 2_000_510_000n,
      movedUsd: 2_000_500_000n,
      recipients: ['0xAbC'],
    });
    expect(spendOf({ toWalletAddress: 'So1ana' }, '0', { usd: '1' }).recipients).toEqual(['So1ana']);
    expect(spendOf({ destination: 'bc1q' }, '0', { usd: '1' }).recipients).toEqual(['bc1q']);
    expect(spendOf({ to: 'bc1q' }, '0.01', { unpriced: 'no USD price for BTC' })).toEqual({
      usd: 10_000n,
      movedUsd: 0n,
      unpriced: 'no USD price for BTC',
      recipients: ['bc1q'],
    });
  });

  it('allows everything the defaults allow', () => {
    expect(() => checkCall(DEFAULT_SPENDING_POLICY, 'ethNativeSend', spend(25_000_000n, ['0xabc']))).not.toThrow();
  });

  it('refuses with 403 policy_refused naming the rule: tools, recipients (EVM case-insensitive), per-call cap', () => {
    const policy = { ...DEFAULT_SPENDING_POLICY, allowedTools: ['ethNativeSend'], allowedRecipients: ['0xAbCd'] };
    expect(refusal(() => checkCall(policy, 'baseSwap', spend(1n)))).toMatchObject({
      code: 'policy_refused',
      status: 403,
      rule: 'allowed_tools',
    });
    expect(() => checkCall(policy, 'ethNativeSend', spend(1n, ['0xabcd']))).not.toThrow();
    expect(refusal(() => checkCall(policy, 'ethNativeSend', spend(1n, ['0xdead'])))).toMatchObject({
      rule: 'allowed_recipients',
      recipient: '0xdead',
    });
    expect(
      refusal(() => checkCall(policy, 'ethNativeSend', spend(25_000_001n, [], { movedUsd: 25_000_000n }))),
    ).toMatchObject({
      rule: 'per_call_usd',
      spendUsd: '25.000001',
      movedUsd: '25',
      limitUsd: '25',
    });
  });

  it('refuses an unpriced move naming the reason and the flag, unless the policy allows unpriced moves', () => {
    const unpricedSend = spend(10_000n, [], { unpriced: 'no USD price for 0.1 BTC' });
    expect(refusal(() => checkCall(DEFAULT_SPENDING_POLICY, 'transferBTC', unpricedSend))).toMatchObject({
      code: 'policy_refused',
      status: 403,
      rule: 'unpriced_move',
      reason: 'no USD price for 0.1 BTC',
      flag: 'allowUnpricedMoves',
    });
    expect(() =>
      checkCall({ ...DEFAULT_SPENDING_POLICY, allowUnpricedMoves: true }, 'transferBTC', unpricedSend),
    ).not.toThrow();
  });
});
