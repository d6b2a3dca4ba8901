import { formatUnits } from '@svc/payments';
import { DEFAULT_SLIPPAGE, slippageOf } from '@svc/store';
import { callerOf, type HandlerContext, withCommitPoint } from '../../handler.js';
import { vaultEvmAddress } from '../balances.js';
import { evmNetworkOf } from '../evm-networks.js';
import { executeSwap } from './execute-swap.js';
import { orderTokenAddress, planSwap } from './plan-swap.js';

export interface SwapInput {
  sellTokenAddress?: string | undefined;
  buyTokenAddress?: string | undefined;
  sellAmount: string;
}

/** The slippage a quote assumes: the caller's swapSlippage when known, else the service default. */
async function slippagePercentOf(context: HandlerContext): Promise<number> {
  return context.caller
    ? (await slippageOf(context.db, context.caller.accountId)).swapSlippage
    : DEFAULT_SLIPPAGE.swapSlippage;
}

/**
 * Swap quote (open tool): the route's expected output and the normalised conditionalOrderHandoff {receiveToken,
 * spendToken (contract or ETH_NATIVE), spendQuantity (exact sell amount in token units), receiveTokenPriceUsd,
 * spendTokenPriceUsd}. 'max' reads the signed-in caller's vault balance.
 */
export const swapQuote = (chainId: number) => async (input: SwapInput, context: HandlerContext) => {
  const network = await evmNetworkOf(context, chainId);
  const taker = context.caller ? await vaultEvmAddress(context) : undefined;
  const slippagePercent = await slippagePercentOf(context);
  const { sell, buy, sellAtomic, route } = await planSwap(network, {
    sellToken: input.sellTokenAddress,
    buyToken: input.buyTokenAddress,
    sellAmount: input.sellAmount,
    // 'max' needs the vault; other amounts are quoted without a balance check so anyone can price a trade.
    taker: input.sellAmount === 'max' ? taker : undefined,
    slippagePercent,
  });
  const [spendTokenPriceUsd, receiveTokenPriceUsd] = await Promise.all([
    network.priceUsd(sell.address),
    network.priceUsd(buy.address),
  ]);
  return {
    chainId,
    sellToken: { address: orderTokenAddress(sell), symbol: sell.symbol, decimals: sell.decimals },
    buyToken: { address: orderTokenAddress(buy), symbol: buy.symbol, decimals: buy.decimals },
    sellAmount: formatUnits(sellAtomic, sell.decimals),
    buyAmount: formatUnits(route.buyAmount, buy.decimals),
    minBuyAmount: formatUnits(route.minBuyAmount, buy.decimals),
    slippagePercent,
    source: route.source,
    conditionalOrderHandoff: {
      receiveToken: orderTokenAddress(buy),
      spendToken: orderTokenAddress(sell),
      spendQuantity: Number(formatUnits(sellAtomic, sell.decimals)),
      receiveTokenPriceUsd,
      spendTokenPriceUsd,
    },
  };
};

/** Swap (identity tool): exact input from the caller's vault at the account's swapSlippage; approvals handled. */
export const swap = (chainId: number) =>
  withCommitPoint(async (input: SwapInput, context: HandlerContext) => {
    const { accountId } = callerOf(context);
    const slippagePercent = (await slippageOf(context.db, accountId)).swapSlippage;
    const result = await executeSwap(context, {
      accountId,
      chainId,
      sellToken: input.sellTokenAddress,
      buyToken: input.buyTokenAddress,
      sellAmount: input.sellAmount,
      slippagePercent,
      onSigned: () => context.commit?.(),
    });
    return {
      chainId,
      txHash: result.txHash,
      approvalTxHash: result.approvalTxHash,
      from: result.from,
      sellToken: { address: orderTokenAddress(result.sell), symbol: result.sell.symbol },
      buyToken: { address: orderTokenAddress(result.buy), symbol: result.buy.symbol },
      sellAmount: formatUnits(result.soldAtomic, result.sell.decimals),
      buyAmount: formatUnits(result.boughtAtomic, result.buy.decimals),
      quotedBuyAmount: formatUnits(result.quotedBuyAtomic, result.buy.decimals),
      minBuyAmount: formatUnits(result.minBuyAtomic, result.buy.decimals),
      slippagePercent,
      source: result.source,
    };
  });
