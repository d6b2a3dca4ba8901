import type { VaultAddresses } from '@svc/chains';
import { VAULT_DEPOSIT_CHAIN, type VaultDepositChain } from '@svc/contracts';
import type { StoredVault } from '@svc/store';

const EVM_CHAINS = new Set<VaultDepositChain>(['ethereum', 'bsc', 'polygon', 'base', 'altchain']);

/**
 * Where to deposit on `chain`: the EVM chains share one address; Bitcoin's is the native segwit one (the taproot one
 * is listed too); Hedera's is the key's EVM alias, which becomes a 0.0.x account on its first incoming transfer.
 */
export function depositAddressOn(
  addresses: VaultAddresses,
  chain: VaultDepositChain,
): { chain: VaultDepositChain; address: string; taproot?: string } {
  if (EVM_CHAINS.has(chain)) return { chain, address: addresses.evm };
  if (chain === 'solana') return { chain, address: addresses.solana };
  if (chain === 'bitcoin') return { chain, address: addresses.bitcoin.segwit, taproot: addresses.bitcoin.taproot };
  return { chain, address: addresses.hedera.evmAddress };
}

/** The requested chains in catalog order, once each; every deposit chain when none were requested. */
export const chainSelection = (requested: readonly VaultDepositChain[] | undefined): VaultDepositChain[] =>
  VAULT_DEPOSIT_CHAIN.options.filter((chain) => requested === undefined || requested.includes(chain));

/** The chains a stored vault shows and scans. */
export const chainsOfVault = (vault: StoredVault) => vault.chains as VaultDepositChain[];

/** The vault's deposit address on each of its chains. */
export const depositAddressesOf = (vault: StoredVault) =>
  chainsOfVault(vault).map((chain) => depositAddressOn(vault.addresses as VaultAddresses, chain));
