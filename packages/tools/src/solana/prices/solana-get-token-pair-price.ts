import { invalidField } from '@svc/contracts';
import type { Handler } from '../../handler.js';
import { routeView, SwapUnavailable } from '@svc/providers';
import { solanaChainOf } from '../solana-chain.js';
import { swapRefusal } from '../swap/execute-swap.js';

/**
 * How many `outputMint` one whole `inputMint` buys on the market right now, and the route: `{inputMint, outputMint,
 * rate, route: [{venue, poolAddress, inputMint, outputMint, inAmountAtomic, outAmountAtomic}]}`. The rate is the
 * output of an exact-input quote for one input token (fees and that amount's price impact included).
 */
export const solanaGetTokenPairPrice: Handler<'solanaGetTokenPairPrice'> = async (input, context) => {
  if (input.inputMint === input.outputMint)
    throw invalidField('outputMint', 'same_token', 'must differ from inputMint');
  const market = solanaChainOf(context).market();
  const tokens = await market.tokensByMint([input.inputMint, input.outputMint]);
  const [source, target] = [tokens.get(input.inputMint), tokens.get(input.outputMint)];
  if (!source) throw invalidField('inputMint', 'unknown_token', `no tradable token with mint ${input.inputMint}`);
  if (!target) throw invalidField('outputMint', 'unknown_token', `no tradable token with mint ${input.outputMint}`);
  try {
    const quote = await market.quote({
      inputAsset: source.asset,
      outputAsset: target.asset,
      amount: 10n ** BigInt(source.decimals),
      swapMode: 'ExactIn',
      slippageBps: 0,
    });
    return {
      inputMint: input.inputMint,
      outputMint: input.outputMint,
      inputSymbol: source.symbol,
      outputSymbol: target.symbol,
      rate: Number(quote.outAmount) / 10 ** target.decimals,
      route: routeView(quote.route),
    };
  } catch (error) {
    if (error instanceof SwapUnavailable) throw swapRefusal(error, 'outputMint');
    throw error;
  }
};
