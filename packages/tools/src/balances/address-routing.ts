import type { VaultAddresses } from '@svc/chains';
import { isAddress as isSolanaAddress } from '@solana/kit';
import { EVMADDR, ServiceError } from '@svc/contracts';

/** The networks getAllBalances reads, in the order it answers them. */
export const BALANCE_NETWORKS = [
  'ethereum',
  'bsc',
  'polygon',
  'base',
  'altchain',
  'hedera',
  'solana',
  'bitcoin',
] as const;
export type BalanceNetwork = (typeof BALANCE_NETWORKS)[number];

/** Where a network's address came from: the request's `address`, or the caller's custodial vault. */
export type AddressSource = 'address' | 'vault';

/** What to read on one network: the addresses (Bitcoin vaults have two) and where they came from. */
export interface BalanceTarget {
  readonly addresses: readonly string[];
  readonly resolvedFrom: AddressSource;
}

/** A network the given address cannot be read on: answered as `{error: 'address type mismatch'}`. */
export const MISMATCH = 'mismatch';

const COMPRESSED_PUBLIC_KEY = /^0[23][0-9a-fA-F]{64}$/;
const EVM_NETWORKS: readonly BalanceNetwork[] = ['ethereum', 'bsc', 'polygon', 'base', 'altchain', 'hedera'];

function networksOf(address: string): readonly BalanceNetwork[] {
  if (EVMADDR.safeParse(address).success) return EVM_NETWORKS;
  if (COMPRESSED_PUBLIC_KEY.test(address)) return ['bitcoin'];
  if (isSolanaAddress(address)) return ['solana'];
  throw new ServiceError(
    'invalid_input',
    'getAllBalances: address: must be an EVM 0x address, a Solana base58 address or a Bitcoin compressed public key (66 hex characters starting 02 or 03); plain Bitcoin addresses are not accepted here (use getBTCBalances).',
    {
      issues: [
        {
          field: 'address',
          rule: 'address_format',
          message: 'address: must be an EVM address, a Solana address or a 66-hex compressed public key',
        },
      ],
      extra: { tool: 'getAllBalances' },
    },
  );
}

/**
 * The spec's routing rule: an EVM address fans out to the five EVM networks and hedera, a Solana address goes to solana,
 * a 02/03 compressed public key goes to bitcoin; every other network is a mismatch. An address of no known format is a
 * 400 (nothing would be read at all).
 */
export function targetsOfAddress(address: string): Record<BalanceNetwork, BalanceTarget | typeof MISMATCH> {
  const matching = networksOf(address);
  const target: BalanceTarget = { addresses: [address], resolvedFrom: 'address' };
  return Object.fromEntries(
    BALANCE_NETWORKS.map((network) => [network, matching.includes(network) ? target : MISMATCH]),
  ) as Record<BalanceNetwork, BalanceTarget | typeof MISMATCH>;
}

/** Without an address, every network reads the caller's vault: its EVM address (also its Hedera alias), Solana, and both Bitcoin addresses. */
export function targetsOfVault(vault: VaultAddresses): Record<BalanceNetwork, BalanceTarget> {
  const from = (...addresses: string[]): BalanceTarget => ({ addresses, resolvedFrom: 'vault' });
  return {
    ethereum: from(vault.evm),
    bsc: from(vault.evm),
    polygon: from(vault.evm),
    base: from(vault.evm),
    altchain: from(vault.evm),
    hedera: from(vault.hedera.evmAddress),
    solana: from(vault.solana),
    bitcoin: from(vault.bitcoin.segwit, vault.bitcoin.taproot),
  };
}
