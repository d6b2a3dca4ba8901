import { invalidField } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import type { Handler } from '../handler.js';
import { unitsOf } from './amounts.js';
import { hederaOf } from './network-of.js';
import { exactInput, exactOutput, routeIds, routeOf } from './route.js';
import { swapAssetOf } from './tokens.js';

/** The venue: SaucerSwap V1's constant-product pools (the sandbox seeds its own), 0.3 % to liquidity per hop. */
export const SWAP_VENUE = { name: 'SaucerSwap V1', poolFeePercent: 0.3 } as const;

/**
 * Quotes at the pools' current reserves. Amounts are decimal strings in whole-token units; the decimals the caller
 * passes must be the tokens' own (400 naming the field otherwise), so a caller never misreads a quote by 10^n.
 */
export const hederaTokensSwapQuote: Handler<'hederaTokensSwapQuote'> = async (input, context) => {
  const network = await hederaOf(context);
  const [from, to] = await Promise.all([
    swapAssetOf(network, 'fromTokenId', input.fromTokenId),
    swapAssetOf(network, 'toTokenId', input.toTokenId),
  ]);
  for (const [field, given, actual] of [
    ['fromTokenDecimals', input.fromTokenDecimals, from.decimals],
    ['toTokenDecimals', input.toTokenDecimals, to.decimals],
  ] as const) {
    if (given !== actual)
      throw invalidField(
        field,
        'mismatch',
        `${field === 'fromTokenDecimals' ? input.fromTokenId : input.toTokenId} has ${actual} decimals, not ${given}`,
        { decimals: actual },
      );
  }
  const route = await routeOf(network, from.asset, to.asset);
  let units: { in: bigint; out: bigint };
  if (input.isExactOutput) {
    const out = unitsOf('exactOutputAmount', input.exactOutputAmount as string, to.decimals);
    const needed = exactOutput(route, out);
    if (needed === undefined)
      throw invalidField(
        'exactOutputAmount',
        'too_big',
        `the pools cannot pay ${input.exactOutputAmount} ${to.symbol}`,
      );
    units = { in: needed, out };
  } else {
    const given = unitsOf('amount', input.amount as string, from.decimals);
    units = { in: given, out: exactInput(route, given) };
  }
  return {
    network: network.caip2,
    venue: SWAP_VENUE.name,
    poolFeePercent: SWAP_VENUE.poolFeePercent,
    fromTokenId: input.fromTokenId,
    toTokenId: input.toTokenId,
    fromSymbol: from.symbol,
    toSymbol: to.symbol,
    isExactOutput: input.isExactOutput,
    route: routeIds(route),
    amountIn: formatUnits(units.in, from.decimals),
    amountOut: formatUnits(units.out, to.decimals),
    amountInUnits: units.in.toString(),
    amountOutUnits: units.out.toString(),
  };
};
