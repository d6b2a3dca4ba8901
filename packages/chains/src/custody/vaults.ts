import { insertVaultKey, type Queryable, vaultKeyOf } from '@svc/store';
import type { MasterKeyProvider } from './master-key.js';
import { openVaultPrivateKeys, sealNewVault } from './sealed-vault.js';
import type { VaultPrivateKeys } from './vault-private-keys.js';
import type { VaultAddresses } from './vault-addresses.js';

/**
 * The account's vault addresses, creating the vault on its first need: a fresh 24-word seed, sealed under the
 * master key, stored with its public addresses. Concurrent first calls all get the one stored vault (the
 * losers' unsaved seeds are simply dropped). Reads never decrypt: the addresses are stored in clear.
 */
export async function vaultAddressesOf(
  db: Queryable,
  masterKey: MasterKeyProvider,
  accountId: string,
): Promise<VaultAddresses> {
  const existing = await vaultKeyOf(db, accountId);
  if (existing) return existing.addresses as VaultAddresses;
  const { sealed, addresses } = await sealNewVault(accountId, masterKey);
  const stored = await insertVaultKey(db, accountId, sealed, addresses);
  return stored.addresses as VaultAddresses;
}

/**
 * The account's vault private keys, for signing a transaction the account asked for (sends, swaps, orders), creating
 * the vault on its first need. Callers keep the keys only for the one signature and never log or return them.
 */
export async function accountVaultKeys(
  db: Queryable,
  masterKey: MasterKeyProvider,
  accountId: string,
): Promise<VaultPrivateKeys> {
  await vaultAddressesOf(db, masterKey, accountId);
  const stored = await vaultKeyOf(db, accountId);
  if (!stored) throw new Error(`vault_keys row of ${accountId} vanished after insert`);
  return openVaultPrivateKeys(stored.sealed, accountId, masterKey);
}
