import { ETH_NATIVE, invalidField } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import { parseUnits, type Address } from 'viem';
import { type EvmNetwork, resolveToken, type SwapRoute, type SwapToken } from '@svc/providers';
import { atomicAmount, balanceOf, insufficientFunds } from '../evm-tokens.js';
import { NATIVE_GAS_RESERVE } from '../native-send.js';
import { UINT256, withinAtomicLimit } from '../../atomic-limits.js';

/** How much to sell: atomic units, or 'max' (the taker's balance; native keeps NATIVE_GAS_RESERVE). */
export type SellAmount = bigint | 'max';

const USD_BUDGET = /^\$?(\d+(?:\.\d+)?)\s*(usd)?$/i;

/**
 * The catalog's sellAmount string as a SellAmount: 'max'; '$5' or '5 usd' converted with the sell token's USD price
 * (rounded down to the token's decimals); otherwise token units.
 */
export async function parseSellAmount(network: EvmNetwork, sell: SwapToken, sellAmount: string): Promise<SellAmount> {
  if (sellAmount === 'max') return 'max';
  const match = USD_BUDGET.exec(sellAmount.trim());
  if (match && (sellAmount.trim().startsWith('$') || match[2])) {
    const price = await network.priceUsd(sell.address);
    if (!(price > 0)) throw invalidField('sellAmount', 'no_price', `no USD price for ${sell.symbol}`);
    // budget / price in atomic units, in integers and rounded down, so the sale never exceeds the budget.
    const [whole = '0', fraction = ''] = match[1]!.split('.');
    const budget = BigInt(whole + fraction);
    const priceScaled = parseUnits(price.toFixed(18), 18);
    const atomic =
      (budget * 10n ** BigInt(sell.decimals) * 10n ** 18n) / (priceScaled * 10n ** BigInt(fraction.length));
    if (atomic === 0n)
      throw invalidField('sellAmount', 'too_small', `the budget buys less than one atomic unit of ${sell.symbol}`);
    return withinAtomicLimit(atomic, UINT256, 'sellAmount');
  }
  return atomicAmount(sellAmount, sell.decimals, 'sellAmount');
}

export interface SwapPlan {
  readonly sell: SwapToken;
  readonly buy: SwapToken;
  readonly sellAtomic: bigint;
  readonly route: SwapRoute;
}

/**
 * Resolves both sides (null/omitted/ETH_NATIVE = native), the exact sell amount ('max' needs `taker`), checks the
 * taker's balance when there is one, and routes. Everything a swap or a quote needs; nothing is sent.
 */
export async function planSwap(
  network: EvmNetwork,
  request: {
    sellToken: string | undefined;
    buyToken: string | undefined;
    sellAmount: string | SellAmount;
    taker: Address | undefined;
    slippagePercent: number;
  },
): Promise<SwapPlan> {
  const [sell, buy] = await Promise.all([
    resolveToken(network, request.sellToken, 'sellTokenAddress'),
    resolveToken(network, request.buyToken, 'buyTokenAddress'),
  ]);
  if (sell.address === buy.address)
    throw invalidField('buyTokenAddress', 'same_token', `both sides of the swap are ${sell.symbol}`);
  const amount =
    typeof request.sellAmount === 'string'
      ? await parseSellAmount(network, sell, request.sellAmount)
      : request.sellAmount;
  let sellAtomic: bigint;
  if (request.taker) {
    const balance = await balanceOf(network, sell, request.taker);
    const spendable = sell.address === null ? balance - (NATIVE_GAS_RESERVE[network.registry.chainId] ?? 0n) : balance;
    sellAtomic = amount === 'max' ? spendable : amount;
    if (sellAtomic <= 0n || sellAtomic > spendable) {
      throw insufficientFunds(
        'sellAmount',
        sell,
        amount === 'max' ? 'more than 0' : formatUnits(sellAtomic, sell.decimals),
        formatUnits(balance, sell.decimals),
      );
    }
  } else {
    if (amount === 'max')
      throw invalidField(
        'sellAmount',
        'max_needs_wallet',
        "'max' needs a signed-in caller whose vault balance is read",
      );
    sellAtomic = amount;
  }
  const slippageBps = Math.round(request.slippagePercent * 100);
  const route = await network.swaps.route({
    sell,
    buy,
    sellAtomic,
    taker: request.taker ?? ETH_NATIVE_TAKER,
    slippageBps,
  });
  return { sell, buy, sellAtomic, route };
}

/** Quotes without a caller name no taker; routes are then built for this placeholder (never sent). */
const ETH_NATIVE_TAKER = '0x0000000000000000000000000000000000000001' as Address;

/** The token as conditional-order fields name it: the contract, or ETH_NATIVE for the native coin. */
export function orderTokenAddress(token: SwapToken): string {
  return token.address ?? ETH_NATIVE;
}
