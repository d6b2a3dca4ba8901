import type { VaultAddresses } from '@svc/chains';
import { notConfigured, type VaultDepositChain } from '@svc/contracts';
import type { StoredVault } from '@svc/store';
import { formatUnits } from '@svc/payments';
import type { HandlerContext } from '../handler.js';
import { chainsOfVault, depositAddressOn } from './deposit-addresses.js';
import type { EvmBalanceSource } from './vault-chains.js';

const ERC20_BALANCE_ABI = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
] as const;

/** The setting a live deployment needs to read balances on each chain. */
const RPC_SETTING: Record<VaultDepositChain, string> = {
  ethereum: 'ETH_RPC_URL',
  bsc: 'BSC_RPC_URL',
  polygon: 'POLYGON_RPC_URL',
  base: 'BASE_RPC_URL',
  altchain: 'ALTCHAIN_RPC_URL',
  solana: 'SOLANA_RPC_URL',
  bitcoin: 'BITCOIN_RPC_URL',
  hedera: 'HEDERA_MIRROR_URL',
};

export const CHAIN_NOT_IN_SANDBOX = 'chain not available in sandbox';

interface TokenBalance {
  readonly symbol: string;
  readonly atomic: string;
  readonly decimals: number;
  readonly amount: string;
}

export type ChainBalances =
  | { readonly address: string; readonly native: TokenBalance; readonly usdc: TokenBalance }
  | { readonly address: string; readonly error: string };

const tokenBalance = (symbol: string, atomic: bigint, decimals: number): TokenBalance => ({ symbol, atomic: atomic.toString(), decimals, amount: formatUnits(atomic, decimals) });

async function evmBalances(source: EvmBalanceSource, address: `0x${string}`): Promise<ChainBalances> {
  const { publicClient, usdc } = source;
  const [native, usdcAtomic, usdcDecimals] = await Promise.all([
    publicClient.getBalance({ address }),
    publicClient.readContract({ address: usdc, abi: ERC20_BALANCE_ABI, functionName: 'balanceOf', args: [address] }),
    publicClient.readContract({ address: usdc, abi: ERC20_BALANCE_ABI, functionName: 'decimals' }),
  ]);
  const { symbol, decimals } = publicClient.chain.nativeCurrency;
  return { address, native: tokenBalance(symbol, native, decimals), usdc: tokenBalance('USDC', usdcAtomic, usdcDecimals) };
}

export type VaultBalances = Partial<Record<VaultDepositChain, ChainBalances>>;

/**
 * Reads the vault's balances on each of its chains, from the chains the deployment reaches. A chain it does not reach is
 * never guessed: in sandbox mode it answers `{ error: 'chain not available in sandbox' }`, in live mode the whole scan
 * is refused with a 503 naming the missing setting (a partial live answer would read as "empty" elsewhere).
 */
export async function scanBalances(context: HandlerContext, vault: StoredVault): Promise<VaultBalances> {
  const sources = context.vaultChains?.balances ?? {};
  const chains = chainsOfVault(vault);
  const addresses = vault.addresses as VaultAddresses;
  const missing = chains.find((chain) => !sources[chain]);
  if (context.mode === 'live' && missing) throw notConfigured(RPC_SETTING[missing], `Reading vault balances on ${missing}`);
  const entries = await Promise.all(
    chains.map(async (chain): Promise<[VaultDepositChain, ChainBalances]> => {
      const { address } = depositAddressOn(addresses, chain);
      const source = sources[chain];
      return [chain, source ? await evmBalances(source, address as `0x${string}`) : { address, error: CHAIN_NOT_IN_SANDBOX }];
    }),
  );
  return Object.fromEntries(entries) as VaultBalances;
}

/** The chains where a scan found something: any known balance that is not zero. */
export const nonZeroChains = (balances: VaultBalances): VaultDepositChain[] =>
  (Object.entries(balances) as [VaultDepositChain, ChainBalances][])
    .filter(([, found]) => 'native' in found && (found.native.atomic !== '0' || found.usdc.atomic !== '0'))
    .map(([chain]) => chain);
