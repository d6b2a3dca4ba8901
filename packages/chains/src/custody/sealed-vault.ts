import type { SealedVaultSecret } from '@svc/store';
import { openSecret, sealSecret } from './envelope.js';
import type { MasterKeyProvider } from './master-key.js';
import { mnemonicOf, newVaultEntropy, seedOf } from './mnemonic.js';
import { deriveVaultAddresses, type VaultAddresses } from './vault-addresses.js';
import { deriveVaultPrivateKeys, type VaultPrivateKeys } from './vault-private-keys.js';

/** A fresh vault ready to store: its seed sealed for `accountId`, and its public addresses. */
export interface NewSealedVault {
  readonly sealed: SealedVaultSecret;
  readonly addresses: VaultAddresses;
}

/** A fresh 24-word seed, sealed under the master key for `accountId`, with its addresses. The plaintext is wiped. */
export async function sealNewVault(accountId: string, masterKey: MasterKeyProvider): Promise<NewSealedVault> {
  const entropy = newVaultEntropy();
  try {
    const addresses = deriveVaultAddresses(seedOf(mnemonicOf(entropy)));
    return { sealed: await sealSecret(entropy, accountId, masterKey), addresses };
  } finally {
    entropy.fill(0);
  }
}

/** Opens a sealed vault seed of `accountId` and derives every private key (svcRevealKeys, the one way keys leave). */
export async function openVaultPrivateKeys(
  sealed: SealedVaultSecret,
  accountId: string,
  masterKey: MasterKeyProvider,
): Promise<VaultPrivateKeys> {
  const entropy = await openSecret(sealed, accountId, masterKey);
  try {
    const mnemonic = mnemonicOf(entropy);
    return deriveVaultPrivateKeys(mnemonic, seedOf(mnemonic));
  } finally {
    entropy.fill(0);
  }
}
