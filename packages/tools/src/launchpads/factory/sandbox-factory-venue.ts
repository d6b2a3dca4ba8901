import { recordRead } from '@svc/providers';
import type { SandboxEvmMarket } from '@svc/sandbox';
import { SANDBOX_TOKEN_FACTORY_ADDRESS } from '@svc/sandbox';
import { type Address, formatUnits, parseAbi, type PublicClient } from 'viem';
import type { FactoryTokenListing, FactoryVenue } from '../../ports/launchpad-venues.js';

const SOURCE = 'Sandbox Base token factory';
/** SandboxTokenFactory's launch event (Clanker's TokenCreated, reduced to what a V2 pool has). */
const FACTORY_ABI = parseAbi([
  'event TokenCreated(address indexed tokenAddress, address indexed tokenAdmin, string tokenImage, string tokenName, string tokenSymbol, address pool, uint256 pairedAmount, uint16 creatorRewardBps)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
]);
/** Every factory token's fixed supply, whole tokens (Clanker's 100 billion). */
const SUPPLY_TOKENS = 100_000_000_000;

interface Deployed {
  readonly listing: FactoryTokenListing;
  readonly createdAt: number;
  readonly marketCapUsd: number;
}

/**
 * The sandbox Base token factory (SandboxTokenFactory): its launches from its TokenCreated events, each token's price
 * from its pool against the wrapped coin (in USD through the market's WETH/USDC pool), market cap over the fixed supply.
 */
export function sandboxFactoryVenue(evm: (chainId: number) => Promise<SandboxEvmMarket>): FactoryVenue {
  return {
    source: SOURCE,
    async findTokens(query) {
      recordRead(SOURCE);
      const market = await evm(8453);
      const client = market.chain.publicClient as PublicClient;
      const [events, ethUsd] = await Promise.all([
        client.getContractEvents({
          address: SANDBOX_TOKEN_FACTORY_ADDRESS,
          abi: FACTORY_ABI,
          eventName: 'TokenCreated',
          fromBlock: 0n,
        }),
        market.tokenPriceUsd(market.wrappedNative.symbol),
      ]);
      const wrapped = market.wrappedNative.address!.toLowerCase();
      const deployed = await Promise.all(
        events.map(async (event): Promise<Deployed> => {
          const { tokenAddress, tokenAdmin, tokenImage, tokenName, tokenSymbol, pool } = event.args as {
            tokenAddress: Address;
            tokenAdmin: Address;
            tokenImage: string;
            tokenName: string;
            tokenSymbol: string;
            pool: Address;
          };
          const [[reserve0, reserve1], token0, block] = await Promise.all([
            client.readContract({ address: pool, abi: FACTORY_ABI, functionName: 'getReserves' }),
            client.readContract({ address: pool, abi: FACTORY_ABI, functionName: 'token0' }),
            client.getBlock({ blockHash: event.blockHash }),
          ]);
          const [wrappedReserve, tokenReserve] =
            token0.toLowerCase() === wrapped ? [reserve0, reserve1] : [reserve1, reserve0];
          const priceUsd =
            tokenReserve === 0n
              ? 0
              : (Number(formatUnits(wrappedReserve, 18)) / Number(formatUnits(tokenReserve, 18))) * ethUsd;
          const createdAt = Number(block.timestamp) * 1000;
          const listing: FactoryTokenListing = {
            tokenAddress,
            name: tokenName,
            symbol: tokenSymbol,
            imageUrl: tokenImage || null,
            pool,
            createdAt: new Date(createdAt).toISOString(),
            ...(query.includeMarket ? { market: { priceUsd, marketCapUsd: priceUsd * SUPPLY_TOKENS } } : {}),
            ...(query.includeUser ? { creator: { address: tokenAdmin } } : {}),
          };
          return { listing, createdAt, marketCapUsd: priceUsd * SUPPLY_TOKENS };
        }),
      );
      const wanted = query.q?.toLowerCase();
      const matching = deployed
        .filter(
          ({ listing }) =>
            wanted === undefined ||
            [listing.name, listing.symbol, listing.tokenAddress].some((field) => field.toLowerCase().includes(wanted)),
        )
        .sort((a, b) => {
          const [x, y] = query.sort === 'asc' ? [a, b] : [b, a];
          return query.sortBy === 'created-at' ? x.createdAt - y.createdAt : x.marketCapUsd - y.marketCapUsd;
        });
      return {
        tokens: matching.slice(query.offset, query.offset + query.limit).map(({ listing }) => listing),
        total: matching.length,
      };
    },
  };
}
