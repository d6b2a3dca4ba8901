import type { StoredVault } from '@svc/store';
import { depositAddressesOf } from './deposit-addresses.js';

/** What a vault's owner sees of it: everything public, never a secret. */
export const ownerView = (vault: StoredVault) => ({
  vaultId: vault.vaultId,
  name: vault.name,
  description: vault.description,
  status: vault.status,
  depositAddresses: depositAddressesOf(vault),
  balances: vault.balances,
  balancesRefreshedAt: vault.balancesRefreshedAt,
  nft: vault.nft,
  revealedAt: vault.revealedAt,
  createdAt: vault.createdAt,
});

/** What anyone sees of a vault through the open collection reads: its NFT and status, never account data or balances. */
export const publicView = (vault: StoredVault) => ({
  vaultId: vault.vaultId,
  name: vault.name,
  status: vault.status,
  nft: vault.nft,
});
