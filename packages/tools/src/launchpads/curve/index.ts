// The pump-style bonding-curve launchpad on Solana (pump.fun live; the sandbox chain's pump curve in sandbox mode).
import { defineFamily } from '../../family.js';
import { movesNothing } from '../../valuation.js';
import { burnOn } from '../solana/burn.js';
import { launchValue, solSpentValue, tokenAmountValue } from '../solana/valuations.js';
import { claimCurveFees } from './claim-curve-fees.js';
import { curveLaunchToken } from './curve-launch-token.js';
import { curveBuyToken, curveSellToken, curveTradeQuote } from './curve-trade.js';
import { getCurveTokens } from './get-curve-tokens.js';

export const curveFamily = defineFamily({
  handlers: {
    getCurveTokens,
    curveLaunchToken,
    curveTradeQuote,
    curveBuyToken,
    curveSellToken,
    burnCurveToken: burnOn('pump'),
    claimCurveFees,
  },
  valuations: {
    curveLaunchToken: (input, context) => launchValue(context, 'pump', input.devBuySol),
    curveBuyToken: (input, context) => solSpentValue(context, input.amount),
    curveSellToken: (input, context) => tokenAmountValue(context, input.tokenAddress, input.amount, 'pump'),
    burnCurveToken: (input, context) => tokenAmountValue(context, input.tokenAddress, input.amount, 'pump'),
    claimCurveFees: movesNothing, // fees come into the vault; nothing leaves it
  },
});
