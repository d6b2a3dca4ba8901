import { privateKeyToAddress, randomPrivateKey } from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { isStacksMainnetAddress } from './address.js';

describe('isStacksMainnetAddress', () => {
  it('accepts canonical single-sig (SP) and multi-sig (SM) mainnet addresses', () => {
    expect(isStacksMainnetAddress(privateKeyToAddress(randomPrivateKey(), 'mainnet'))).toBe(true);
    expect(isStacksMainnetAddress('SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4')).toBe(true);
  });

  it('refuses testnet, a broken checksum, a non-canonical spelling, contract principals and other formats', () => {
    const key = randomPrivateKey();
    const address = privateKeyToAddress(key, 'mainnet');
    expect(isStacksMainnetAddress(privateKeyToAddress(key, 'testnet'))).toBe(false);
    expect(isStacksMainnetAddress(`${address.slice(0, -1)}${address.endsWith('0') ? '1' : '0'}`)).toBe(false);
    // c32 decoding forgives these; the canonical spelling is the only one a balance is kept under.
    expect(isStacksMainnetAddress(`SP${address.slice(2).toLowerCase()}`)).toBe(false);
    expect(isStacksMainnetAddress('SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7'.replace('GV1', 'GVL'))).toBe(false);
    expect(isStacksMainnetAddress(`${address}.token`)).toBe(false);
    expect(isStacksMainnetAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false);
    expect(isStacksMainnetAddress('')).toBe(false);
  });
});
