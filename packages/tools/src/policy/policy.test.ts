import { ServiceError } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { checkCall, DEFAULT_SPENDING_POLICY } from './policy.js';
import { spendOf } from './spend.js';

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return { code: (error as ServiceError).code, status: (error as ServiceError).status, ...(error as ServiceError).extra };
  }
  throw new Error('expected a refusal');
};

describe('spending policy rules', () => {
  it('counts the price, plus USD budgets and USD-denominated amounts, and names every recipient', () => {
    expect(spendOf('websearch', { query: 'x' }, '0.0012')).toEqual({ usd: 1_200n, recipients: [] });
    expect(spendOf('baseSwap', { sellAmount: '$5', sellTokenAddress: '0x1' }, '0.01').usd).toBe(5_010_000n);
    expect(spendOf('baseSwap', { sellAmount: '2.5 USD' }, '0').usd).toBe(2_500_000n);
    expect(spendOf('baseSwap', { sellAmount: '2.5' }, '0').usd).toBe(0n); // token units: valued by the wallet tools
    expect(spendOf('placePredictOrder', { side: 'BUY', amount: 12.5, tokenID: '1' }, '0').usd).toBe(12_500_000n);
    expect(spendOf('placePredictOrder', { side: 'SELL', amount: 12.5, tokenID: '1' }, '0').usd).toBe(0n);
    expect(spendOf('ethNativeSend', { to: '0xAbC', amount: '1' }, '0').recipients).toEqual(['0xAbC']);
    expect(spendOf('solanaTransfer', { toWalletAddress: 'So1ana', amount: '1' }, '0').recipients).toEqual(['So1ana']);
  });

  it('allows everything the defaults allow', () => {
    expect(() => checkCall(DEFAULT_SPENDING_POLICY, 'ethNativeSend', { usd: 25_000_000n, recipients: ['0xabc'] })).not.toThrow();
  });

  it('refuses with 403 policy_refused naming the rule: tools, recipients (EVM case-insensitive), per-call cap', () => {
    const policy = { ...DEFAULT_SPENDING_POLICY, allowedTools: ['ethNativeSend'], allowedRecipients: ['0xAbCd'] };
    expect(refusal(() => checkCall(policy, 'baseSwap', { usd: 1n, recipients: [] }))).toMatchObject({ code: 'policy_refused', status: 403, rule: 'allowed_tools' });
    expect(() => checkCall(policy, 'ethNativeSend', { usd: 1n, recipients: ['0xabcd'] })).not.toThrow();
    expect(refusal(() => checkCall(policy, 'ethNativeSend', { usd: 1n, recipients: ['0xdead'] }))).toMatchObject({ rule: 'allowed_recipients', recipient: '0xdead' });
    expect(refusal(() => checkCall(policy, 'ethNativeSend', { usd: 25_000_001n, recipients: [] }))).toMatchObject({ rule: 'per_call_usd', spendUsd: '25.000001', limitUsd: '25' });
  });
});
