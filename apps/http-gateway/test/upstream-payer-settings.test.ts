import { loadConfig } from '@svc/config';
import { describe, expect, it } from 'vitest';

const EVM_KEY = `0x${'ab'.repeat(32)}`;
// solana-keygen's file format: the 64 secret-key bytes as a JSON array.
const SVM_KEY = JSON.stringify(Array.from({ length: 64 }, (_, i) => i + 1));

/** The error loadConfig throws for these settings. */
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the settings');
};

describe('upstream payer settings', () => {
  it('reads the payer keys, the daily budget and the per-call cap (default $0.10)', () => {
    const config = loadConfig({
      UPSTREAM_X402_EVM_PRIVATE_KEY: EVM_KEY,
      UPSTREAM_X402_SVM_PRIVATE_KEY: SVM_KEY,
      UPSTREAM_X402_DAILY_BUDGET_USD: '2.5',
      SOLANA_RPC_URL: 'https://rpc.example.test',
    });
    expect(config.upstreamPayer).toEqual({
      evmPrivateKey: EVM_KEY,
      svmPrivateKey: SVM_KEY,
      solanaRpcUrl: 'https://rpc.example.test',
      dailyBudgetUsd: '2.5',
      maxPerCallUsd: '0.10',
    });
    expect(loadConfig({}).upstreamPayer).toBeUndefined();
  });

  it('refuses a payer key without a positive daily budget: nothing is paid upstream without one', () => {
    for (const env of <Record<string, string>[]>[
      { UPSTREAM_X402_EVM_PRIVATE_KEY: EVM_KEY },
      { UPSTREAM_X402_SVM_PRIVATE_KEY: SVM_KEY, UPSTREAM_X402_DAILY_BUDGET_USD: '0' },
    ]) {
      const said = refusal(env);
      expect(said).toMatch(/UPSTREAM_X402_DAILY_BUDGET_USD .* is required with an upstream payer key/);
      expect(said).not.toContain(EVM_KEY.slice(2));
      expect(said).not.toContain(SVM_KEY);
    }
  });

  it('names a malformed key or amount without repeating the key', () => {
    const badEvm = `0x${'cd'.repeat(31)}`;
    const evm = refusal({ UPSTREAM_X402_EVM_PRIVATE_KEY: badEvm, UPSTREAM_X402_DAILY_BUDGET_USD: '1' });
    expect(evm).toContain('UPSTREAM_X402_EVM_PRIVATE_KEY');
    expect(evm).not.toContain(badEvm.slice(2));
    const badSvm = JSON.stringify(Array.from({ length: 32 }, (_, i) => 200 - i));
    const svm = refusal({ UPSTREAM_X402_SVM_PRIVATE_KEY: badSvm, UPSTREAM_X402_DAILY_BUDGET_USD: '1' });
    expect(svm).toContain('UPSTREAM_X402_SVM_PRIVATE_KEY');
    expect(svm).not.toContain(badSvm);
    expect(refusal({ UPSTREAM_X402_MAX_PER_CALL_USD: '0.1.2' })).toContain('UPSTREAM_X402_MAX_PER_CALL_USD');
  });
});
