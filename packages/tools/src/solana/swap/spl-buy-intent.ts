import { invalidField, type ToolByName, type ToolInput } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import { slippageOf } from '@svc/store';
import { callerOf, type Handler, type HandlerContext, withCommitPoint } from '../../handler.js';
import { atomicAmount } from '../amounts.js';
import {
  NATIVE_SOL,
  routeView,
  type SolanaSwapQuote,
  type SolanaTokenInfo,
  SwapUnavailable,
  WSOL_MINT,
} from '@svc/providers';
import { solanaChainOf } from '../solana-chain.js';
import { type AmountText, parseAmountText } from './amount-text.js';
import { minimumOut, slippageBpsOf, swapExactIn, swapRefusal } from './execute-swap.js';
import { resolveSolanaToken } from './resolve-token.js';

/** Conditional-order fields name native SOL by the SOL_NATIVE constant (the WSOL mint). */
const handoffMint = (token: SolanaTokenInfo) => (token.asset === NATIVE_SOL ? WSOL_MINT : token.asset);

/** Exact input (atomic units of spend_token) that amount_text asks for, and how it was found. */
async function exactInput(
  text: AmountText,
  buy: SolanaTokenInfo,
  spend: SolanaTokenInfo,
  spendPriceUsd: number | undefined,
  quoteExactOut: (atomic: bigint) => Promise<SolanaSwapQuote>,
): Promise<bigint> {
  switch (text.kind) {
    case 'receive':
      return (await quoteExactOut(atomicAmount(text.quantity, buy.decimals, 'amount_text'))).inAmount;
    case 'spendUsd': {
      if (spendPriceUsd === undefined)
        throw invalidField(
          'amount_text',
          'no_price',
          `no USD price for ${spend.symbol}, so a dollar amount cannot be converted; give a quantity instead`,
        );
      const quantity = (Number(text.usd) / spendPriceUsd).toFixed(spend.decimals);
      return atomicAmount(quantity, spend.decimals, 'amount_text');
    }
    case 'spend': {
      const named = text.symbol.toLowerCase();
      if (named !== spend.symbol.toLowerCase() && named !== spend.asset.toLowerCase()) {
        throw invalidField(
          'amount_text',
          'symbol_mismatch',
          `spends "${text.symbol}" but spend_token is ${spend.symbol}; the symbol must match spend_token`,
        );
      }
      return atomicAmount(text.quantity, spend.decimals, 'amount_text');
    }
  }
}

/** What a buy asks for, quoted and priced: the tokens, the exact-input quote, both USD prices and the slippage. */
export async function quoteBuy(input: ToolInput<ToolByName<'splBuyIntent'>>, context: HandlerContext) {
  const { accountId } = callerOf(context);
  const chain = solanaChainOf(context);
  const market = chain.market();
  const text = parseAmountText(input.amount_text);
  const [buy, spend] = await Promise.all([
    resolveSolanaToken(market, input.token, 'token'),
    resolveSolanaToken(market, input.spend_token, 'spend_token'),
  ]);
  if (buy.asset === spend.asset)
    throw invalidField('token', 'same_token', `token and spend_token are both ${buy.symbol}`);
  const { swapSlippage } = await slippageOf(context.db, accountId);
  const slippageBps = slippageBpsOf(swapSlippage);
  const prices = await market.pricesUsd([buy.asset, spend.asset]);
  const [buyPrice, spendPrice] = [prices.get(buy.asset)?.priceUsd, prices.get(spend.asset)?.priceUsd];
  try {
    const sellAmount = await exactInput(text, buy, spend, spendPrice, (atomic) =>
      market.quote({
        inputAsset: spend.asset,
        outputAsset: buy.asset,
        amount: atomic,
        swapMode: 'ExactOut',
        slippageBps,
      }),
    );
    const quote = await market.quote({
      inputAsset: spend.asset,
      outputAsset: buy.asset,
      amount: sellAmount,
      swapMode: 'ExactIn',
      slippageBps,
    });
    return { accountId, chain, buy, spend, buyPrice, spendPrice, swapSlippage, slippageBps, quote };
  } catch (error) {
    if (error instanceof SwapUnavailable) throw swapRefusal(error, 'amount_text');
    throw error;
  }
}

/**
 * Buys `token` with `spend_token` (default native SOL) on the deployment's market: the sandbox swap venue, or Jupiter
 * live. amount_text follows the spec grammar (amount-text.ts). Every trade is exact-input: a quantity to receive is
 * turned into the input that buys it (exact-output quote), then sold exactly. Slippage is the account's swapSlippage.
 *
 * mode quote moves nothing and returns `{mode, quote}`: the tokens, in/out amounts (decimal and atomic), the minimum
 * fill after slippage, the route, `outputUsdPrice` (the market's USD price of the bought token, never derived from
 * the in/out ratio), and `conditionalOrderHandoff {receiveToken, spendToken, spendQuantity, receiveTokenPriceUsd,
 * spendTokenPriceUsd}` to copy into conditional orders (native SOL appears there as So111…112, SOL_NATIVE).
 * mode swap also executes it from the vault and adds `{signature, sold, bought}` read from the chain.
 */
export const splBuyIntent: Handler<'splBuyIntent'> = withCommitPoint(async (input, context) => {
  const { accountId, chain, buy, spend, buyPrice, spendPrice, swapSlippage, slippageBps, quote } = await quoteBuy(
    input,
    context,
  );
  const description = {
    inputToken: { mint: spend.asset, symbol: spend.symbol, decimals: spend.decimals },
    outputToken: { mint: buy.asset, symbol: buy.symbol, decimals: buy.decimals },
    inAmount: formatUnits(quote.inAmount, spend.decimals),
    outAmount: formatUnits(quote.outAmount, buy.decimals),
    inAmountAtomic: quote.inAmount.toString(),
    outAmountAtomic: quote.outAmount.toString(),
    slippagePercent: swapSlippage,
    minimumOutAmount: formatUnits(minimumOut(quote.outAmount, slippageBps), buy.decimals),
    route: routeView(quote.route),
    outputUsdPrice: buyPrice ?? null,
    inputUsdPrice: spendPrice ?? null,
    conditionalOrderHandoff: {
      receiveToken: handoffMint(buy),
      spendToken: handoffMint(spend),
      spendQuantity: Number(formatUnits(quote.inAmount, spend.decimals)),
      receiveTokenPriceUsd: buyPrice ?? null,
      spendTokenPriceUsd: spendPrice ?? null,
    },
  };
  if (input.mode === 'quote') return { mode: 'quote', network: chain.network, quote: description };

  const result = await swapExactIn(
    { db: context.db, masterKey: context.masterKey, solana: chain },
    {
      accountId,
      sellAsset: spend.asset,
      buyAsset: buy.asset,
      sellAmount: quote.inAmount,
      slippagePercent: swapSlippage,
      quote,
      amountField: 'amount_text',
      onSigned: () => context.commit?.(),
    },
  );
  return {
    mode: 'swap',
    network: chain.network,
    signature: result.signature,
    sold: {
      mint: spend.asset,
      symbol: spend.symbol,
      amount: formatUnits(result.soldAtomic, spend.decimals),
      atomic: result.soldAtomic.toString(),
    },
    bought: {
      mint: buy.asset,
      symbol: buy.symbol,
      amount: formatUnits(result.boughtAtomic, buy.decimals),
      atomic: result.boughtAtomic.toString(),
    },
    quote: description,
  };
});
