import type { VaultAddresses } from '@svc/chains';
import { ServiceError, type VaultDepositChain } from '@svc/contracts';
import type { StoredVault } from '@svc/store';
import { BALANCE_READERS } from '../balances/balance-readers.js';
import type { ChainBalances } from '../balances/chain-balances.js';
import type { HandlerContext } from '../handler.js';
import { chainsOfVault, depositAddressOn } from './deposit-addresses.js';

/** One chain of a scan: its balances (the chain family's reader), or why it could not be read. */
export type VaultChainBalances =
  ChainBalances | { readonly address: string; readonly error: string; readonly code: string };

export type VaultBalances = Partial<Record<VaultDepositChain, VaultChainBalances>>;

/**
 * Reads the vault's deposit addresses on each of its chains through the same readers as the chains' balance tools
 * (so a vault sees every seeded token in sandbox mode, and the configured RPCs in live mode). A chain that cannot be
 * read is never guessed empty: in sandbox mode its entry says why; in live mode an unconfigured chain refuses the whole
 * scan with the 503 naming its setting, because a partial live answer would read as "empty" elsewhere.
 */
export async function scanBalances(context: HandlerContext, vault: StoredVault): Promise<VaultBalances> {
  const addresses = vault.addresses as VaultAddresses;
  const entries = await Promise.all(
    chainsOfVault(vault).map(async (chain): Promise<[VaultDepositChain, VaultChainBalances]> => {
      const { address } = depositAddressOn(addresses, chain);
      try {
        return [chain, await BALANCE_READERS[chain](context, address)];
      } catch (error) {
        if (!(error instanceof ServiceError) || (context.mode === 'live' && error.code === 'not_configured'))
          throw error;
        return [chain, { address, error: error.message, code: error.code }];
      }
    }),
  );
  return Object.fromEntries(entries);
}

/** The chains where a scan found something: any asset with a balance that is not zero. */
export const nonZeroChains = (balances: VaultBalances): VaultDepositChain[] =>
  (Object.entries(balances) as [VaultDepositChain, VaultChainBalances][])
    .filter(([, found]) => 'assets' in found && found.assets.some((asset) => asset.balance !== '0'))
    .map(([chain]) => chain);
