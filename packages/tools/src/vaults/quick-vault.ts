import type { VaultAddresses } from '@svc/chains';
import type { Handler } from '../handler.js';
import { createVault } from './create-vault.js';
import { depositAddressOn } from './deposit-addresses.js';

/** Output: `{ vaultId, status: 'unminted', depositAddress: { chain, address } }`. */
export const svcQuickVault: Handler<'svcQuickVault'> = async ({ chain, ...label }, context) => {
  const vault = await createVault(context, label);
  return {
    vaultId: vault.vaultId,
    name: vault.name,
    status: vault.status,
    depositAddress: depositAddressOn(vault.addresses as VaultAddresses, chain),
  };
};
