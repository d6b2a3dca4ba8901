import { type EvmChain, evmChainById } from '@svc/chains';
import { notConfigured, ServiceError } from '@svc/contracts';
import { createPublicClient, http, parseUnits, type Address, type Chain } from 'viem';
import { base, bsc, mainnet, polygon, robinhood } from 'viem/chains';
import { lifiSwapVenue, type SwapToken, type SwapVenue, zeroExSwapVenue } from '../evm-swap/index.js';
import { jsonRpcFetch, upstreamClient, type UpstreamProviderKey } from '../upstream/index.js';
import type { EvmNetwork, EvmNetworks, KnownToken } from './evm-network.js';
import { resolveToken } from './evm-token.js';
import {
  alchemyTokenDiscovery,
  isAlchemyUrl,
  LIVE_TRANSFER_LOG_WINDOW,
  transferLogDiscovery,
} from './token-discovery.js';

/** viem chain definitions (multicall3 and native currency); 4663 (altchain) is viem's Robinhood Chain. */
const VIEM_CHAINS: Record<number, Chain> = {
  1: mainnet,
  56: bsc,
  137: polygon,
  8453: base,
  4663: robinhood,
};

/** Each chain's RPC endpoint is a provider of its own: its breaker and rate cap are not shared with another chain's. */
const RPC_PROVIDERS: Record<EvmChain['key'], UpstreamProviderKey> = {
  ethereum: 'rpcEthereum',
  bsc: 'rpcBsc',
  polygon: 'rpcPolygon',
  base: 'rpcBase',
  altchain: 'rpcAltchain',
};

/** The JSON-RPC methods that broadcast a transaction: sent once, never retried (the lost answer may hide a landing). */
const EVM_WRITES: ReadonlySet<string> = new Set(['eth_sendRawTransaction', 'eth_sendTransaction']);

/**
 * The ERC-20s the live balance tools always read per chain (the rest of a wallet is discovered: see
 * liveEvmNetworks). The entry marked usdReference is the chain's USD stablecoin, the quote side of its USD prices.
 */
export const LIVE_KNOWN_TOKENS: Record<number, readonly KnownToken[]> = {
  1: [
    { symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6, usdReference: true },
    { symbol: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
    { symbol: 'WETH', address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', decimals: 18 },
  ],
  56: [
    { symbol: 'USDC', address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18, usdReference: true },
    { symbol: 'USDT', address: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
    { symbol: 'WBNB', address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', decimals: 18 },
  ],
  137: [
    { symbol: 'USDC', address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', decimals: 6, usdReference: true },
    { symbol: 'USDT', address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', decimals: 6 },
    { symbol: 'WPOL', address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', decimals: 18 },
  ],
  8453: [
    { symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6, usdReference: true },
    { symbol: 'WETH', address: '0x4200000000000000000000000000000000000006', decimals: 18 },
  ],
  // altchain is Robinhood Chain (Arbitrum Orbit, ETH gas). Its day-one stablecoin is Paxos' USDG (no Circle USDC);
  // WETH and USDG from Robinhood's token contracts page (https://docs.robinhood.com/chain/contracts/), LINK from
  // Chainlink's CCIP directory (https://docs.chain.link/ccip/directory/mainnet/chain/robinhood-mainnet); USDG's 6
  // decimals as Paxos issues it on every chain (and as wallet token lists give it on 4663).
  4663: [
    { symbol: 'USDG', address: '0x5fc5360D0400a0Fd4f2af552ADD042D716F1d168', decimals: 6, usdReference: true },
    { symbol: 'WETH', address: '0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73', decimals: 18 },
    { symbol: 'LINK', address: '0x492641F648a4986844848E0beFE66D14817bCE34', decimals: 18 },
  ],
};

/** Settings the live EVM chains read. */
export interface LiveEvmSettings {
  /** RPC_URL_ETHEREUM, RPC_URL_BSC, RPC_URL_POLYGON, RPC_URL_BASE, RPC_URL_ALTCHAIN (the registry's rpcSetting). */
  readonly [setting: string]: string | undefined;
}

/**
 * Live EVM chains: a viem HTTP transport per chain from its RPC URL setting, its requests sent through the shared
 * upstream client of that chain's RPC (viem's own retries off, its timeout above the client's budget); swaps through
 * the 0x Swap API v2 (ZEROX_API_KEY) on 1, 56, 137 and 8453 and through LI.FI (LIFI_API_KEY optional) on 4663; USD
 * prices by quoting one token unit into the chain's USD stablecoin (USDC; USDG on 4663) through the same venue. A
 * missing setting is a 503 naming it, at the first use that needs it (balances and sends need only the RPC URL).
 * Tokens beyond the known list are discovered through Alchemy's alchemy_getTokenBalances when the chain's RPC URL is
 * an Alchemy node, otherwise from the address's incoming ERC-20 Transfer logs over a bounded window of recent blocks.
 */
export function liveEvmNetworks(settings: LiveEvmSettings): EvmNetworks {
  const networks = new Map<number, EvmNetwork>();
  return {
    async network(chainId) {
      const registry = evmChainById(chainId);
      if (!registry) throw new ServiceError('internal', `chain ${chainId} is not an EVM chain of the registry`);
      const existing = networks.get(chainId);
      if (existing) return existing;
      const rpcUrl = settings[registry.rpcSetting];
      if (!rpcUrl) throw notConfigured(registry.rpcSetting, registry.name);
      const chain = VIEM_CHAINS[chainId]!;
      const transport = http(rpcUrl, {
        fetchFn: jsonRpcFetch(upstreamClient(RPC_PROVIDERS[registry.key]), EVM_WRITES),
        retryCount: 0,
        timeout: 60_000,
      });
      const publicClient = createPublicClient({ chain, transport });
      const knownTokens = LIVE_KNOWN_TOKENS[chainId] ?? [];
      const swaps: SwapVenue = {
        async route(request) {
          if (chainId === 4663) return lifiSwapVenue({ chainId, apiKey: settings.LIFI_API_KEY }).route(request);
          if (!settings.ZEROX_API_KEY) throw notConfigured('ZEROX_API_KEY', 'The 0x Swap API');
          return zeroExSwapVenue({ chainId, apiKey: settings.ZEROX_API_KEY }).route(request);
        },
      };
      const usd = knownTokens.find((token) => token.usdReference);
      // A token's symbol and decimals never change, and the trigger engine prices the same tokens every interval.
      const resolved = new Map<string, Promise<SwapToken>>();
      const tokenOf = (token: Address | null) => {
        const key = token?.toLowerCase() ?? 'native';
        let found = resolved.get(key);
        if (!found) {
          found = resolveToken(network, token ?? undefined, 'token');
          resolved.set(key, found);
          found.catch(() => resolved.delete(key));
        }
        return found;
      };
      const network: EvmNetwork = {
        registry,
        chain,
        publicClient,
        knownTokens,
        discoverTokens: isAlchemyUrl(rpcUrl)
          ? alchemyTokenDiscovery(publicClient)
          : transferLogDiscovery(publicClient, LIVE_TRANSFER_LOG_WINDOW),
        swaps,
        async priceUsd(token: Address | null) {
          if (!usd)
            throw new ServiceError('upstream_error', `no USD reference token is known on ${registry.name}`, {
              extra: { chainId },
            });
          if (token?.toLowerCase() === usd.address.toLowerCase()) return 1;
          const sell = await tokenOf(token);
          // Any taker works for a price; the quote is never sent.
          const route = await swaps.route({
            sell,
            buy: { address: usd.address, symbol: usd.symbol, decimals: usd.decimals },
            sellAtomic: parseUnits('1', sell.decimals),
            taker: '0x0000000000000000000000000000000000000001',
            slippageBps: 100,
          });
          return Number(route.buyAmount) / 10 ** usd.decimals;
        },
      };
      networks.set(chainId, network);
      return network;
    },
  };
}
