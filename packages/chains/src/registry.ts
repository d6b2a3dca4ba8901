/** The chains the service works on, with the facts every adapter needs. */

export interface EvmChain {
  readonly kind: 'evm';
  readonly key: 'ethereum' | 'bsc' | 'polygon' | 'base' | 'altchain';
  readonly chainId: 1 | 56 | 137 | 8453 | 4663;
  readonly name: string;
  readonly caip2: `eip155:${number}`;
  readonly nativeSymbol: string;
  readonly nativeDecimals: 18;
  /** Environment variable holding the live RPC URL. */
  readonly rpcSetting: string;
}

export const EVM_CHAINS: readonly EvmChain[] = [
  {
    kind: 'evm',
    key: 'ethereum',
    chainId: 1,
    name: 'Ethereum',
    caip2: 'eip155:1',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
    rpcSetting: 'RPC_URL_ETHEREUM',
  },
  {
    kind: 'evm',
    key: 'bsc',
    chainId: 56,
    name: 'BNB Smart Chain',
    caip2: 'eip155:56',
    nativeSymbol: 'BNB',
    nativeDecimals: 18,
    rpcSetting: 'RPC_URL_BSC',
  },
  {
    kind: 'evm',
    key: 'polygon',
    chainId: 137,
    name: 'Polygon',
    caip2: 'eip155:137',
    nativeSymbol: 'POL',
    nativeDecimals: 18,
    rpcSetting: 'RPC_URL_POLYGON',
  },
  {
    kind: 'evm',
    key: 'base',
    chainId: 8453,
    name: 'Base',
    caip2: 'eip155:8453',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
    rpcSetting: 'RPC_URL_BASE',
  },
  {
    kind: 'evm',
    key: 'altchain',
    chainId: 4663,
    name: 'altchain',
    caip2: 'eip155:4663',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
    rpcSetting: 'RPC_URL_ALTCHAIN',
  },
];

export function evmChainById(chainId: number): EvmChain | undefined {
  return EVM_CHAINS.find((chain) => chain.chainId === chainId);
}

export function evmChainByKey(key: string): EvmChain | undefined {
  return EVM_CHAINS.find((chain) => chain.key === key);
}
