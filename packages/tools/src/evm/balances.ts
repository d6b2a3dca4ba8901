import { EVM_CHAINS, vaultAddressesOf } from '@svc/chains';
import { type Address, getAddress, parseAbi } from 'viem';
import { assetBalance, type AssetBalance, type BalanceReader } from '../balances/chain-balances.js';
import { callerOf, type HandlerContext } from '../handler.js';
import { discoveredBalances } from './discovered-tokens.js';
import { evmNetworkOf } from './evm-networks.js';

/** ERC-20 balanceOf, and Multicall3's getEthBalance (the native coin of an address, readable inside a multicall). */
const BALANCE_ABI = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function getEthBalance(address addr) view returns (uint256)',
]);

type BalanceCall = {
  readonly address: Address;
  readonly abi: typeof BALANCE_ABI;
  readonly functionName: 'balanceOf' | 'getEthBalance';
  readonly args: readonly [Address];
};

/**
 * The EVM BalanceReader of chain `chainId`: the native coin first, then every known ERC-20 (the chain's token list;
 * in the sandbox its seeded tokens) with a non-zero balance, then every other ERC-20 the chain's token discovery
 * finds with a non-zero balance, priced or marked. A failed discovery still answers the known tokens, saying why.
 */
export function evmBalanceReader(chainId: number): BalanceReader {
  return async (context, address) => {
    const network = await evmNetworkOf(context, chainId);
    const owner = getAddress(address);
    const discovery = network.discoverTokens(owner).then(
      (candidates): { candidates: readonly Address[]; error?: string } => ({ candidates }),
      (error: unknown) => ({ candidates: [], error: error instanceof Error ? error.message : String(error) }),
    );
    const balanceCalls = network.knownTokens.map(
      (token) => ({ address: token.address, abi: BALANCE_ABI, functionName: 'balanceOf', args: [owner] }) as const,
    );
    const multicall3 = network.publicClient.chain?.contracts?.multicall3;
    // One eth_call for the native coin and every token through Multicall3 (getEthBalance beside the balanceOf calls)
    // where the chain has it (all five do): getAllBalances reads five EVM chains at once, and its fan-out is bound by
    // the gateway's CPU per JSON-RPC request.
    const [native, tokens] = multicall3
      ? await network.publicClient
          .multicall({
            contracts: [
              { address: multicall3.address, abi: BALANCE_ABI, functionName: 'getEthBalance', args: [owner] },
              ...balanceCalls,
            ] as BalanceCall[],
            allowFailure: false,
          })
          .then(([coin, ...held]) => [coin!, held] as const)
      : await Promise.all([
          network.publicClient.getBalance({ address: owner }),
          Promise.all(balanceCalls.map((call) => network.publicClient.readContract(call))),
        ]);
    const assets: AssetBalance[] = [
      assetBalance(network.registry.nativeSymbol, null, native, network.registry.nativeDecimals),
    ];
    network.knownTokens.forEach((token, index) => {
      const atomic = tokens[index]!;
      if (atomic > 0n) assets.push(assetBalance(token.symbol, token.address, atomic, token.decimals));
    });
    const { candidates, error } = await discovery;
    assets.push(...(await discoveredBalances(network, owner, candidates)));
    return { network: network.registry.caip2, address: owner, assets, ...(error ? { discoveryError: error } : {}) };
  };
}

/** The BalanceReader of each EVM chain, by chain key (ethereum, bsc, polygon, base, altchain), for getAllBalances. */
export const EVM_BALANCE_READERS = Object.fromEntries(
  EVM_CHAINS.map((chain) => [chain.key, evmBalanceReader(chain.chainId)]),
) as Record<(typeof EVM_CHAINS)[number]['key'], BalanceReader>;

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
