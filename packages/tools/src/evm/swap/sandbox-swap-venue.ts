import type { SandboxEvmMarket } from '@svc/sandbox';
import { ServiceError } from '@svc/contracts';
import { encodeFunctionData, parseAbi, type Address } from 'viem';
import { recordRead, type SwapVenue } from '@svc/providers';

const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
]);

/** Seconds a routed transaction stays valid. */
const DEADLINE_SECONDS = 600n;

/**
 * The sandbox's aggregator: SandboxV2Router. The native coin trades as the wrapped coin; a pair without its own pool
 * routes through USDC or the wrapped coin, whichever gives more.
 */
export function sandboxSwapVenue(market: SandboxEvmMarket): SwapVenue {
  const wrapped = market.wrappedNative.address!;
  const hasPool = (a: Address, b: Address) => {
    const [sa, sb] = [market.token(a)?.symbol, market.token(b)?.symbol];
    return market.pools.some(
      (pool) => sa !== undefined && sb !== undefined && pool.tokens.includes(sa) && pool.tokens.includes(sb),
    );
  };
  const candidatePaths = (sell: Address, buy: Address): Address[][] => {
    if (hasPool(sell, buy)) return [[sell, buy]];
    const hubs = [market.token('USDC')!.address!, wrapped].filter(
      (hub) => hub !== sell && hub !== buy && hasPool(sell, hub) && hasPool(hub, buy),
    );
    return hubs.map((hub) => [sell, hub, buy]);
  };
  return {
    async route({ sell, buy, sellAtomic, taker, slippageBps }) {
      recordRead('Sandbox EVM router');
      const sellIn = sell.address ?? wrapped;
      const buyOut = buy.address ?? wrapped;
      const paths = sellIn === buyOut ? [] : candidatePaths(sellIn, buyOut);
      if (paths.length === 0) {
        throw new ServiceError('invalid_input', `no sandbox pool route from ${sell.symbol} to ${buy.symbol}`, {
          issues: [
            {
              field: 'buyTokenAddress',
              rule: 'no_route',
              message: `buyTokenAddress: no sandbox pool route from ${sell.symbol} to ${buy.symbol}`,
            },
          ],
        });
      }
      const quotes = await Promise.all(
        paths.map(async (path) => {
          const amounts = await market.chain.publicClient.readContract({
            address: market.router,
            abi: ROUTER_ABI,
            functionName: 'getAmountsOut',
            args: [sellAtomic, path],
          });
          return { path, out: amounts[amounts.length - 1]! };
        }),
      );
      const best = quotes.reduce((a, b) => (b.out > a.out ? b : a));
      const minBuyAmount = (best.out * BigInt(10_000 - slippageBps)) / 10_000n;
      const deadline = BigInt(Math.floor(Date.now() / 1000)) + DEADLINE_SECONDS;
      const data =
        sell.address === null
          ? encodeFunctionData({
              abi: ROUTER_ABI,
              functionName: 'swapExactETHForTokens',
              args: [minBuyAmount, best.path, taker, deadline],
            })
          : buy.address === null
            ? encodeFunctionData({
                abi: ROUTER_ABI,
                functionName: 'swapExactTokensForETH',
                args: [sellAtomic, minBuyAmount, best.path, taker, deadline],
              })
            : encodeFunctionData({
                abi: ROUTER_ABI,
                functionName: 'swapExactTokensForTokens',
                args: [sellAtomic, minBuyAmount, best.path, taker, deadline],
              });
      return {
        buyAmount: best.out,
        minBuyAmount,
        allowanceTarget: sell.address === null ? null : market.router,
        transaction: { to: market.router, data, value: sell.address === null ? sellAtomic : 0n },
        source: 'sandbox-v2',
      };
    },
  };
}
