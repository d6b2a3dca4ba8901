import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from './local-master-key.js';
import { seedOf } from './mnemonic.js';
import { openVaultPrivateKeys, sealNewVault } from './sealed-vault.js';
import { deriveVaultPrivateKeys } from './vault-private-keys.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('vault private keys', () => {
  it('are the standard keys of the mnemonic, each controlling the address it is shown with', () => {
    const keys = deriveVaultPrivateKeys(ABANDON, seedOf(ABANDON));
    expect(keys.mnemonic).toBe(ABANDON);
    // BIP-84 test vector: the private key of m/84'/0'/0'/0/0.
    expect(keys.bitcoin.segwit).toEqual({
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      wif: 'KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d',
    });
    expect(privateKeyToAddress(keys.evm.privateKey as `0x${string}`)).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    expect(privateKeyToAddress(keys.hedera.privateKey as `0x${string}`)).toBe(keys.hedera.evmAddress);
    const solana = base58.decode(keys.solana.secretKey);
    expect(solana).toHaveLength(64);
    expect(base58.encode(ed25519.getPublicKey(solana.slice(0, 32)))).toBe(
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    );
    expect(keys.solana.address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
  });

  it('round-trip through the seal: a new vault opens to keys of its own addresses, for its account only', async () => {
    const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
    const { sealed, addresses } = await sealNewVault('acct-1', masterKey);
    expect(JSON.stringify(sealed)).not.toMatch(/\b[a-z]+( [a-z]+){23}\b/);
    const keys = await openVaultPrivateKeys(sealed, 'acct-1', masterKey);
    expect(keys.mnemonic.split(' ')).toHaveLength(24);
    expect(keys.evm.address).toBe(addresses.evm);
    expect(privateKeyToAddress(keys.evm.privateKey as `0x${string}`)).toBe(addresses.evm);
    await expect(openVaultPrivateKeys(sealed, 'acct-2', masterKey)).rejects.toThrow();
  });
});
