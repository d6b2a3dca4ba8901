import { bytesToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { mnemonicOf, newVaultEntropy, seedOf } from './mnemonic.js';
import { slip10Ed25519 } from './slip10-ed25519.js';
import { deriveVaultAddresses } from './vault-addresses.js';

/** The shared test mnemonic of BIP-84, BIP-86 and most wallet test suites. */
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('vault key derivation', () => {
  it('BIP-39: the mnemonic gives the spec seed (empty passphrase)', () => {
    expect(bytesToHex(seedOf(ABANDON))).toBe(
      '0x5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
    );
  });

  it('derives the BIP-84, BIP-86, BIP-44 and Solana addresses the standards and common wallets give', () => {
    const addresses = deriveVaultAddresses(seedOf(ABANDON));
    // BIP-84 test vector: m/84'/0'/0'/0/0.
    expect(addresses.bitcoin.segwit).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(addresses.bitcoin.publicKey).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
    // BIP-86 test vector: m/86'/0'/0'/0/0.
    expect(addresses.bitcoin.taproot).toBe('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr');
    // m/44'/60'/0'/0/0 (MetaMask's first account for this mnemonic).
    expect(addresses.evm).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    // m/44'/501'/0'/0' (Phantom's first account for this mnemonic).
    expect(addresses.solana).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    // Hedera: an ECDSA key whose EVM alias is its own address, distinct from the EVM account's key.
    expect(addresses.hedera.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(addresses.hedera.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(addresses.hedera.evmAddress).not.toBe(addresses.evm);
  });

  it('SLIP-0010 ed25519 test vector 1', () => {
    const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const hex = (node: { privateKey: Uint8Array; chainCode: Uint8Array }) => [
      Buffer.from(node.privateKey).toString('hex'),
      Buffer.from(node.chainCode).toString('hex'),
    ];
    expect(hex(slip10Ed25519(seed, 'm'))).toEqual([
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
      '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
    ]);
    expect(hex(slip10Ed25519(seed, "m/0'"))).toEqual([
      '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
      '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
    ]);
    expect(hex(slip10Ed25519(seed, "m/0'/1'/2'/2'/1000000000'"))[0]).toBe(
      '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
    );
    expect(() => slip10Ed25519(seed, "m/0'/1")).toThrow(/hardened only/);
  });

  it('a new vault is a 24-word mnemonic, different every time, derivable the same way twice', () => {
    const entropy = newVaultEntropy();
    expect(entropy).toHaveLength(32);
    expect(mnemonicOf(entropy).split(' ')).toHaveLength(24);
    expect(mnemonicOf(newVaultEntropy())).not.toBe(mnemonicOf(entropy));
    expect(deriveVaultAddresses(seedOf(mnemonicOf(entropy)))).toEqual(
      deriveVaultAddresses(seedOf(mnemonicOf(entropy))),
    );
  });
});
