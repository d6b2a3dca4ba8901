import { newMasterKeyText } from '@svc/chains';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const LIVE = {
  SVC_MODE: 'live',
  PAY_TO_EVM: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  PAY_TO_SOLANA: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  PAY_TO_STACKS: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
  PUBLIC_BASE_URL: 'https://svc.example',
  SVC_MASTER_KEY: newMasterKeyText(),
};
const KEY_A = `0x${'a1'.repeat(32)}`;
const KEY_B = `0x${'B2'.repeat(32)}`;

describe('who settles payments in live mode', () => {
  it('refuses to start with neither a remote facilitator nor settler keys, naming both settings', () => {
    expect(() => loadConfig(LIVE)).toThrow(/Live mode needs FACILITATOR_URL or SETTLER_PRIVATE_KEYS\./);
  });

  it('settles Base in process with the settler keys alone, on RPC_URL_BASE', () => {
    const config = loadConfig({
      ...LIVE,
      SETTLER_PRIVATE_KEYS: `${KEY_A}, ${KEY_B}`,
      RPC_URL_BASE: 'https://b.example',
    });
    expect(config.settlerPrivateKeys).toEqual([KEY_A, KEY_B.toLowerCase()]);
    expect(config.facilitatorUrl).toBeUndefined();
    expect(config.settlementBatchMax).toBe(100);
  });

  it('needs RPC_URL_BASE with the settler keys, and never repeats a key in its errors', () => {
    const refusals = [
      () => loadConfig({ ...LIVE, SETTLER_PRIVATE_KEYS: KEY_A }),
      () => loadConfig({ ...LIVE, SETTLER_PRIVATE_KEYS: `${KEY_A},${KEY_A.slice(0, 40)}`, RPC_URL_BASE: 'https://b' }),
      () => loadConfig({ ...LIVE, SETTLER_PRIVATE_KEYS: `${KEY_A},${KEY_A}`, RPC_URL_BASE: 'https://b.example' }),
    ];
    const messages = refusals.map((refused) => {
      try {
        refused();
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    });
    expect(messages).toEqual([
      expect.stringMatching(/SETTLER_PRIVATE_KEYS settles Base payments on RPC_URL_BASE/),
      expect.stringMatching(/SETTLER_PRIVATE_KEYS: must be comma-separated private keys/),
      expect.stringMatching(/SETTLER_PRIVATE_KEYS names one key twice/),
    ]);
    for (const message of messages) expect(message.toLowerCase()).not.toContain(KEY_A.slice(2, 20));
  });

  it('takes the batch size bound from SETTLEMENT_BATCH_MAX', () => {
    expect(loadConfig({ SETTLEMENT_BATCH_MAX: '1' }).settlementBatchMax).toBe(1);
    expect(() => loadConfig({ SETTLEMENT_BATCH_MAX: '0' })).toThrow(/SETTLEMENT_BATCH_MAX/);
  });
});
