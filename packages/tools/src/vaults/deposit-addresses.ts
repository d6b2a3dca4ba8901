import type { VaultAddresses } from '@svc/chains';
import { VAULT_DEPOSIT_CHAIN, type VaultDepositChain } from '@svc/contracts';

const EVM_CHAINS = new Set<VaultDepositChain>(['ethereum', 'bsc', 'polygon', 'base', 'altchain']);

/**
 * Where to deposit on `chain`: the EVM chains share one address; Bitcoin's is the native segwit one (the taproot one
 * is listed too); Hedera's is the key's EVM alias, which becomes a 0.0.x account on its first incoming transfer.
 */
export function depositAddressOn(addresses: VaultAddresses, chain: VaultDepositChain): { chain: VaultDepositChain; address: string; taproot?: string } {
  if (EVM_CHAINS.has(chain)) return { chain, address: addresses.evm };
  if (chain === 'solana') return { chain, address: addresses.solana };
  if (chain === 'bitcoin') return { chain, address: addresses.bitcoin.segwit, taproot: addresses.bitcoin.taproot };
  return { chain, address: addresses.hedera.evmAddress };
}

/** The vault's deposit address on every chain it holds one on. */
export const depositAddressesOf = (addresses: VaultAddresses) => VAULT_DEPOSIT_CHAIN.options.map((chain) => depositAddressOn(addresses, chain));
