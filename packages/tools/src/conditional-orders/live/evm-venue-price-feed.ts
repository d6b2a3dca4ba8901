import { evmChainByKey } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import type { OrderNetwork } from '@svc/store';
import type { Address } from 'viem';
import type { PriceFeed, PriceTick } from '../engine/price-feed.js';
import { type EvmNetworks, isNative } from '@svc/providers';

/** Quotes in flight per network: the aggregators count requests per second. */
const QUOTES_AT_ONCE = 4;

export interface PriceFeedLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * EVM prices for the trigger engine from the network's own swap venue: the executable price of selling one whole
 * token for the chain's USDC (EvmNetwork.priceUsd: the 0x Swap API v2 allowance-holder quote on Ethereum, BNB Chain,
 * Polygon and Base, with ZEROX_API_KEY), i.e. what the order's swap would get, not an index price. The aggregators
 * price one pair per request, so a poll asks once per watched token, at most four at a time. A token the venue cannot
 * route (no liquidity: a 400 from the venue) is left out and logged; any other failure (unreachable, 5xx, 429) fails
 * the network's read, so the caller (livePriceFeed) skips it for this poll. A quote worth less than one USDC atomic
 * unit reads as 0 and is left out: it is no price.
 */
export function evmVenuePriceFeed(networks: EvmNetworks, log?: PriceFeedLog): PriceFeed {
  return {
    async prices(tokens) {
      const byNetwork = new Map<OrderNetwork, Set<string>>();
      for (const { network, token } of tokens) {
        if (network === 'solana') continue;
        byNetwork.set(network, (byNetwork.get(network) ?? new Set<string>()).add(token));
      }
      const ticks: PriceTick[] = [];
      for (const [network, list] of byNetwork) {
        const evm = await networks.network((evmChainByKey(network) as { chainId: number }).chainId);
        const queue = [...list];
        const worker = async () => {
          for (let token = queue.shift(); token !== undefined; token = queue.shift()) {
            try {
              const priceUsd = await evm.priceUsd(isNative(token) ? null : (token as Address)); // the venue prices the native coin as null
              if (Number.isFinite(priceUsd) && priceUsd > 0) ticks.push({ network, token, priceUsd });
            } catch (error) {
              if (!(error instanceof ServiceError && error.code === 'invalid_input')) {
                queue.length = 0; // the network is failing: ask nothing more of it this poll
                throw error;
              }
              log?.warn(
                { network, token, reason: error.message },
                'conditional orders: the swap venue cannot price this token; its orders wait',
              );
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(QUOTES_AT_ONCE, list.size) }, worker));
      }
      return ticks;
    },
  };
}
