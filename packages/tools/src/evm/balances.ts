import { EVM_CHAINS, vaultAddressesOf } from '@svc/chains';
import { erc20Abi, getAddress } from 'viem';
import { assetBalance, type AssetBalance, type BalanceReader } from '../balances/chain-balances.js';
import { callerOf, type HandlerContext } from '../handler.js';
import { evmNetworkOf } from './evm-networks.js';

/**
 * The EVM BalanceReader of chain `chainId`: the native coin first, then every known ERC-20 (the chain's token list;
 * in the sandbox its seeded tokens) with a non-zero balance.
 */
export function evmBalanceReader(chainId: number): BalanceReader {
  return async (context, address) => {
    const network = await evmNetworkOf(context, chainId);
    const owner = getAddress(address);
    const balanceCalls = network.knownTokens.map((token) => ({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }) as const);
    // One eth_call for every token through Multicall3 where the chain has it (all five do): getAllBalances reads
    // five EVM chains at once, and a request per token made the fan-out CPU-bound.
    const [native, tokens] = await Promise.all([
      network.publicClient.getBalance({ address: owner }),
      network.publicClient.chain?.contracts?.multicall3
        ? network.publicClient.multicall({ contracts: balanceCalls, allowFailure: false })
        : Promise.all(balanceCalls.map((call) => network.publicClient.readContract(call))),
    ]);
    const assets: AssetBalance[] = [assetBalance(network.registry.nativeSymbol, null, native!, network.registry.nativeDecimals)];
    network.knownTokens.forEach((token, index) => {
      const atomic = tokens[index]!;
      if (atomic > 0n) assets.push(assetBalance(token.symbol, token.address, atomic, token.decimals));
    });
    return { network: network.registry.caip2, address: owner, assets };
  };
}

/** The BalanceReader of each EVM chain, by chain key (ethereum, bsc, polygon, base, altchain), for getAllBalances. */
export const EVM_BALANCE_READERS = Object.fromEntries(EVM_CHAINS.map((chain) => [chain.key, evmBalanceReader(chain.chainId)])) as Record<
  (typeof EVM_CHAINS)[number]['key'],
  BalanceReader
>;

/** The caller's vault address (the sender of every EVM send and swap). */
export async function vaultEvmAddress(context: HandlerContext): Promise<`0x${string}`> {
  const addresses = await vaultAddressesOf(context.db, context.masterKey, callerOf(context).accountId);
  return getAddress(addresses.evm);
}

/** Balance tool: the caller vault's balances on chain `chainId`. */
export const getBalances = (chainId: number) => async (_input: Record<string, never>, context: HandlerContext) => {
  const balances = await evmBalanceReader(chainId)(context, await vaultEvmAddress(context));
  return { chainId, ...balances };
};
