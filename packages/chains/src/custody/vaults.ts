import { insertVaultKey, type Queryable, vaultKeyOf } from '@svc/store';
import type { MasterKeyProvider } from './master-key.js';
import { sealNewVault } from './sealed-vault.js';
import type { VaultAddresses } from './vault-addresses.js';

/**
 * The account's vault addresses, creating the vault on its first need: a fresh 24-word seed, sealed under the
 * master key, stored with its public addresses. Concurrent first calls all get the one stored vault (the
 * losers' unsaved seeds are simply dropped). Reads never decrypt: the addresses are stored in clear.
 */
export async function vaultAddressesOf(db: Queryable, masterKey: MasterKeyProvider, accountId: string): Promise<VaultAddresses> {
  const existing = await vaultKeyOf(db, accountId);
  if (existing) return existing.addresses as VaultAddresses;
  const { sealed, addresses } = await sealNewVault(accountId, masterKey);
  const stored = await insertVaultKey(db, accountId, sealed, addresses);
  return stored.addresses as VaultAddresses;
}
