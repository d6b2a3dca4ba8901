import type { VaultAddresses } from '@svc/chains';
import type { Handler } from '../handler.js';
import { depositAddressOn } from './deposit-addresses.js';
import { ownVault } from './own-vault.js';

/** Output: `{ vaultId, chain, address }` (bitcoin also gives `taproot`). */
export const svcGetDepositAddress: Handler<'svcGetDepositAddress'> = async ({ vaultId, chain }, context) => {
  const vault = await ownVault(context, vaultId);
  return { vaultId, ...depositAddressOn(vault.addresses as VaultAddresses, chain) };
};
