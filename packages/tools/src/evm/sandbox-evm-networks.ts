import { evmChainById } from '@svc/chains';
import type { SandboxEvmMarket } from '@svc/sandbox';
import { ServiceError } from '@svc/contracts';
import { sandboxSwapVenue } from './swap/sandbox-swap-venue.js';
import {
  type EvmNetwork,
  type EvmNetworks,
  type KnownToken,
  transferLogDiscovery,
  type TransferLogWindow,
} from '@svc/providers';

/** A sandbox chain is young and local: its Transfer logs are read from the genesis block in one request. */
const SANDBOX_TRANSFER_LOG_WINDOW: TransferLogWindow = {
  windowBlocks: 10_000_000,
  chunkBlocks: 10_000_000,
  minChunkBlocks: 10_000_000,
  budgetMs: 10_000,
};

/**
 * The sandbox EVM chains for the tools: each chain's anvil (started on first use), its seeded ERC-20s as the known
 * tokens, any other token from the address's Transfer logs (as live RPCs without a token API), its V2-style router as the swap venue and its USDC pools as the USD price source.
 */
export function sandboxEvmNetworks(evm: (chainId: number) => Promise<SandboxEvmMarket>): EvmNetworks {
  return {
    async network(chainId) {
      const registry = evmChainById(chainId);
      if (!registry) throw new ServiceError('internal', `chain ${chainId} is not an EVM chain of the registry`);
      const market = await evm(chainId);
      const knownTokens: KnownToken[] = market.tokens.flatMap((token) =>
        token.address ? [{ symbol: token.symbol, address: token.address, decimals: token.decimals }] : [],
      );
      const network: EvmNetwork = {
        registry,
        chain: market.chain.chain,
        publicClient: market.chain.publicClient,
        knownTokens,
        discoverTokens: transferLogDiscovery(market.chain.publicClient, SANDBOX_TRANSFER_LOG_WINDOW),
        swaps: sandboxSwapVenue(market),
        async priceUsd(token) {
          const known = market.token(token ?? market.tokens[0]!.symbol);
          if (!known)
            throw new ServiceError(
              'invalid_input',
              `no USD price for token ${token} on sandbox chain ${registry.key}: it has no USDC pool`,
              {
                issues: [
                  {
                    field: 'sellTokenAddress',
                    rule: 'unknown_token',
                    message: `token ${token} has no sandbox USDC pool`,
                  },
                ],
              },
            );
          return market.tokenPriceUsd(known.symbol);
        },
      };
      return network;
    },
  };
}
