import { randomBytes } from 'node:crypto';
import { sealNewVault } from '@svc/chains';
import type { VaultDepositChain } from '@svc/contracts';
import { insertVault, type StoredVault } from '@svc/store';
import { callerOf, type Handler, type HandlerContext } from '../handler.js';
import { chainSelection } from './deposit-addresses.js';
import { ownerView } from './vault-view.js';

/**
 * A random 64-bit vault id in decimal: unguessable enough that ids reveal nothing, small enough to read, and a valid
 * ERC-721 token id (uint256) for when the vault is minted.
 */
const newVaultId = (): string => randomBytes(8).readBigUInt64BE().toString();

/** Creates a vault for the caller: a fresh seed sealed for the account, its addresses in clear, on `chains` (default all). */
export async function createVault(
  context: HandlerContext,
  request: { name?: string | undefined; description?: string | undefined; chains?: VaultDepositChain[] | undefined },
): Promise<StoredVault> {
  const { accountId } = callerOf(context);
  const { sealed, addresses } = await sealNewVault(accountId, context.masterKey);
  const { name, description } = request;
  return insertVault(context.db, accountId, {
    vaultId: newVaultId(),
    name,
    description,
    sealed,
    chains: chainSelection(request.chains),
    addresses,
  });
}

/** Output: `{ vault: { vaultId, name, description, status: 'unminted', depositAddresses: [{chain, address}], ... } }`. */
export const svcCreateVault: Handler<'svcCreateVault'> = async (input, context) => ({
  vault: ownerView(await createVault(context, input)),
});
