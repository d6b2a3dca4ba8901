import type { VaultAddresses } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import type { Handler } from '../handler.js';
import { chainsOfVault, depositAddressOn } from './deposit-addresses.js';
import { ownVault } from './own-vault.js';

/** Output: `{ vaultId, chain, address }` (bitcoin also gives `taproot`). A chain the vault was not created for is a 400. */
export const svcGetDepositAddress: Handler<'svcGetDepositAddress'> = async ({ vaultId, chain }, context) => {
  const vault = await ownVault(context, vaultId);
  const chains = chainsOfVault(vault);
  if (!chains.includes(chain)) {
    throw new ServiceError(
      'invalid_input',
      `Vault "${vaultId}" has no deposit address on ${chain}; its chains are ${chains.join(', ')}. Nothing was charged.`,
      {
        issues: [{ field: 'chain', rule: 'enum', message: `not one of this vault's chains`, limit: chains }],
      },
    );
  }
  return { vaultId, ...depositAddressOn(vault.addresses as VaultAddresses, chain) };
};
