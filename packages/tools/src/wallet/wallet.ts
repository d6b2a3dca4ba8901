import { vaultAddressesOf } from '@svc/chains';
import { slippageOf, walletsOfAccount } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { describePolicy } from '../policy/index.js';
import { vaultNetworks } from './vault-networks.js';

/**
 * Output: `{ accountId, connectedWallets: [{chainId, address}], vault: {networks}, slippage: {swapSlippage,
 * pumpSlippage, unit, isDefault}, policy }`. The account's vault is created here on its first call.
 */
export const wallet: Handler<'wallet'> = async (_input, context) => {
  const { accountId } = callerOf(context);
  const [connectedWallets, addresses, slippage, policy] = await Promise.all([
    walletsOfAccount(context.db, accountId),
    vaultAddressesOf(context.db, context.masterKey, accountId),
    slippageOf(context.db, accountId),
    describePolicy(context.db, accountId),
  ]);
  return {
    accountId,
    connectedWallets,
    vault: { networks: vaultNetworks(addresses) },
    slippage: { ...slippage, unit: 'percent' },
    policy,
  };
};
