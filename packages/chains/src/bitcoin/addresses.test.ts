import { describe, expect, it } from 'vitest';
import { addressesOfPublicKey, isBitcoinMainnetAddress } from './addresses.js';

describe('isBitcoinMainnetAddress', () => {
  it('accepts mainnet segwit and taproot addresses, also when asked again (remembered), and never remembers a refusal', () => {
    const { segwit, taproot } = addressesOfPublicKey(
      `02${'79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'}`,
    );
    for (let round = 0; round < 2; round += 1) {
      expect(isBitcoinMainnetAddress(segwit)).toBe(true);
      expect(isBitcoinMainnetAddress(taproot)).toBe(true);
      expect(isBitcoinMainnetAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false); // testnet
      expect(isBitcoinMainnetAddress(`${segwit.slice(0, -1)}${segwit.endsWith('q') ? 'p' : 'q'}`)).toBe(false); // bad checksum
    }
  });
});
