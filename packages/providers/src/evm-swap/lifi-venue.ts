import { ServiceError } from '@svc/contracts';
import { upstreamClient } from '../upstream/registry.js';
import { upstreamError } from '../upstream/upstream-client.js';
import { getAddress, type Address, type Hex } from 'viem';
import type { SwapRoute, SwapToken, SwapVenue } from './swap-venue.js';

/** LI.FI names the native coin with the zero address. */
const LIFI_NATIVE = '0x0000000000000000000000000000000000000000';
export const LIFI_API_URL = 'https://li.quest';

/** The parts of a LI.FI /v1/quote answer we use. */
interface LifiQuote {
  tool?: string;
  estimate?: { toAmount: string; toAmountMin: string; approvalAddress?: string };
  transactionRequest?: { to: string; data: string; value?: string; gasLimit?: string };
}

const tokenParam = (token: SwapToken) => token.address ?? LIFI_NATIVE;

/**
 * LI.FI same-chain quotes (chain 4663, where 0x has no liquidity): GET /v1/quote with fromChain = toChain, slippage
 * as a fraction, and the optional `x-lifi-api-key` header. The taker approves `estimate.approvalAddress`, then sends
 * `transactionRequest`.
 */
export function lifiSwapVenue(options: { chainId: number; apiKey?: string | undefined; baseUrl?: string }): SwapVenue {
  const headers: Record<string, string> = options.apiKey ? { 'x-lifi-api-key': options.apiKey } : {};
  return {
    async route({ sell, buy, sellAtomic, taker, slippageBps }): Promise<SwapRoute> {
      const url = new URL('/v1/quote', options.baseUrl ?? LIFI_API_URL);
      url.search = new URLSearchParams({
        fromChain: String(options.chainId),
        toChain: String(options.chainId),
        fromToken: tokenParam(sell),
        toToken: tokenParam(buy),
        fromAmount: sellAtomic.toString(),
        fromAddress: taker,
        slippage: String(slippageBps / 10_000),
      }).toString();
      // Quotes are priced for this moment and this taker, so they are never reused (identical ones in flight are shared).
      const quote = (await upstreamClient('lifi').getJson(url, { headers })) as LifiQuote | undefined;
      if (!quote || !quote.estimate || !quote.transactionRequest) {
        throw new ServiceError('invalid_input', `LI.FI has no route from ${sell.symbol} to ${buy.symbol}`, {
          issues: [
            {
              field: 'buyTokenAddress',
              rule: 'no_route',
              message: `buyTokenAddress: LI.FI has no route from ${sell.symbol} to ${buy.symbol}`,
            },
          ],
        });
      }
      const { estimate, transactionRequest: tx } = quote;
      if (sell.address !== null && !estimate.approvalAddress)
        throw upstreamError('LI.FI', 'quoted an ERC-20 sale without an approvalAddress');
      return {
        buyAmount: BigInt(estimate.toAmount),
        minBuyAmount: BigInt(estimate.toAmountMin),
        allowanceTarget: sell.address === null ? null : (getAddress(estimate.approvalAddress!) as Address),
        transaction: {
          to: getAddress(tx.to),
          data: tx.data as Hex,
          value: BigInt(tx.value ?? '0'),
          ...(tx.gasLimit ? { gas: BigInt(tx.gasLimit) } : {}),
        },
        source: `lifi${quote.tool ? `:${quote.tool}` : ''}`,
      };
    },
  };
}
