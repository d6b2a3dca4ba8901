import { invalidField } from '@svc/contracts';
import { getAddress, isAddress } from 'viem';

/** EVM chain id of each EVM network code of the bridge and router families ('alt': the altchain). */
export const EVM_CHAIN_OF = { eth: 1, bsc: 56, matic: 137, base: 8453, alt: 4663 } as const;
export type EvmNetworkCode = keyof typeof EVM_CHAIN_OF;

/** The networks the vault sends from in a swap: the EVM chains and Solana (Bitcoin and Hedera swaps are not sent). */
export type VaultNetwork = EvmNetworkCode | 'sol';

export const isEvmNetworkCode = (network: string): network is EvmNetworkCode => network in EVM_CHAIN_OF;

export const isVaultNetwork = (network: string): network is VaultNetwork =>
  network === 'sol' || isEvmNetworkCode(network);

/** A checksummed ERC-20 contract address, or the 400 naming `field`. */
export function erc20Address(text: string, field: string): `0x${string}` {
  if (!isAddress(text, { strict: false })) throw invalidField(field, 'format', 'must be a 0x EVM contract address');
  return getAddress(text);
}
