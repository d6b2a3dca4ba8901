import { describe, expect, it } from 'vitest';
import { BALANCE_NETWORKS, MISMATCH, targetsOfAddress } from './address-routing.js';

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const PUBKEY = `02${'ab'.repeat(32)}`;

const matched = (address: string) =>
  Object.entries(targetsOfAddress(address))
    .filter(([, target]) => target !== MISMATCH)
    .map(([network]) => network);

describe('getAllBalances address routing', () => {
  it('an EVM address fans out to the five EVM networks and hedera; every other network is a mismatch', () => {
    expect(matched(EVM)).toEqual(['ethereum', 'bsc', 'polygon', 'base', 'altchain', 'hedera']);
    expect(targetsOfAddress(EVM).solana).toBe(MISMATCH);
    expect(targetsOfAddress(EVM).bitcoin).toBe(MISMATCH);
    expect(targetsOfAddress(EVM).base).toEqual({ addresses: [EVM], resolvedFrom: 'address' });
  });

  it('a Solana address goes to solana only; a 02/03 compressed public key to bitcoin only', () => {
    expect(matched(SOLANA)).toEqual(['solana']);
    expect(matched(PUBKEY)).toEqual(['bitcoin']);
    expect(matched(`03${'cd'.repeat(32)}`)).toEqual(['bitcoin']);
    expect(BALANCE_NETWORKS.filter((network) => targetsOfAddress(PUBKEY)[network] === MISMATCH)).toHaveLength(7);
  });

  it('refuses plain Bitcoin addresses, uncompressed keys and anything else with a 400 naming the field', () => {
    for (const address of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      `04${'ab'.repeat(64)}`,
      'hello',
    ]) {
      expect(() => targetsOfAddress(address)).toThrowError(
        expect.objectContaining({
          code: 'invalid_input',
          issues: [expect.objectContaining({ field: 'address', rule: 'address_format' })],
        }),
      );
    }
  });
});
