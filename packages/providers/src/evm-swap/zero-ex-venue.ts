import { ServiceError } from '@svc/contracts';
import { upstreamClient } from '../upstream/registry.js';
import { upstreamError } from '../upstream/upstream-client.js';
import { getAddress, type Address, type Hex } from 'viem';
import type { SwapRoute, SwapToken, SwapVenue } from './swap-venue.js';

/** 0x names the native coin with this address. */
const ZEROX_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
export const ZEROX_API_URL = 'https://api.0x.org';

/** The parts of a 0x Swap API v2 allowance-holder quote we use. */
interface ZeroExQuote {
  liquidityAvailable: boolean;
  buyAmount?: string;
  minBuyAmount?: string;
  allowanceTarget?: string | null;
  issues?: { allowance?: { spender: string } | null };
  transaction?: { to: string; data: string; value: string; gas?: string | null };
}

const tokenParam = (token: SwapToken) => token.address ?? ZEROX_NATIVE;

/**
 * 0x Swap API v2, allowance-holder flow (chains 1, 56, 137, 8453): GET /swap/allowance-holder/quote with the
 * `0x-api-key` and `0x-version: v2` headers. The taker approves the AllowanceHolder (the quote's allowance spender,
 * which is also the transaction target) for the sell amount, then sends the quote's transaction.
 */
export function zeroExSwapVenue(options: { apiKey: string; chainId: number; baseUrl?: string }): SwapVenue {
  const headers = { '0x-api-key': options.apiKey, '0x-version': 'v2' };
  return {
    async route({ sell, buy, sellAtomic, taker, slippageBps }): Promise<SwapRoute> {
      const url = new URL('/swap/allowance-holder/quote', options.baseUrl ?? ZEROX_API_URL);
      url.search = new URLSearchParams({
        chainId: String(options.chainId),
        sellToken: tokenParam(sell),
        buyToken: tokenParam(buy),
        sellAmount: sellAtomic.toString(),
        taker,
        slippageBps: String(slippageBps),
      }).toString();
      // Quotes are priced for this moment and this taker, so they are never reused (identical ones in flight are shared).
      const quote = (await upstreamClient('zeroEx').getJson(url, { headers })) as ZeroExQuote | undefined;
      if (!quote) throw upstreamError('0x', 'answered 404 for the quote route');
      if (!quote.liquidityAvailable || !quote.transaction || !quote.buyAmount || !quote.minBuyAmount) {
        throw new ServiceError('invalid_input', `0x has no liquidity from ${sell.symbol} to ${buy.symbol}`, {
          issues: [
            {
              field: 'buyTokenAddress',
              rule: 'no_route',
              message: `buyTokenAddress: 0x has no liquidity from ${sell.symbol} to ${buy.symbol}`,
            },
          ],
        });
      }
      const spender = quote.issues?.allowance?.spender ?? quote.allowanceTarget ?? quote.transaction.to;
      return {
        buyAmount: BigInt(quote.buyAmount),
        minBuyAmount: BigInt(quote.minBuyAmount),
        allowanceTarget: sell.address === null ? null : (getAddress(spender) as Address),
        transaction: {
          to: getAddress(quote.transaction.to),
          data: quote.transaction.data as Hex,
          value: BigInt(quote.transaction.value),
          ...(quote.transaction.gas ? { gas: BigInt(quote.transaction.gas) } : {}),
        },
        source: '0x',
      };
    },
  };
}
