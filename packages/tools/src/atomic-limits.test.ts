import { ServiceError } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { atomicAmount as evmAtomicAmount } from './evm/evm-tokens.js';
import { atomicAmount as solanaAtomicAmount } from './solana/amounts.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ServiceError ? { code: error.code, issues: error.issues } : error;
  }
  return undefined;
};

describe('token amounts past the chain integer', () => {
  it('EVM: the largest uint256 passes, one more is a 400 naming the field and the type', () => {
    expect(evmAtomicAmount(`${2n ** 256n - 1n}`, 0, 'amount')).toBe(2n ** 256n - 1n);
    expect(refusal(() => evmAtomicAmount(`${2n ** 256n}`, 0, 'sellAmount'))).toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'sellAmount', rule: 'too_big', message: expect.stringContaining('uint256') }],
    });
    expect(refusal(() => evmAtomicAmount(`1${'0'.repeat(60)}`, 18, 'sellAmount'))).toMatchObject({
      issues: [{ rule: 'too_big' }],
    });
  });

  it('Solana: the largest u64 passes, one more is a 400 naming the field and the type', () => {
    expect(solanaAtomicAmount('18446744073.709551615', 9, 'amount')).toBe(2n ** 64n - 1n);
    expect(refusal(() => solanaAtomicAmount('18446744073.709551616', 9, 'amount'))).toMatchObject({
      issues: [{ field: 'amount', rule: 'too_big', message: expect.stringContaining('u64') }],
    });
  });
});
