import { formatUnits } from '@svc/payments';
import { callerOf, type Handler, withCommitPoint } from '../../handler.js';
import { minimumOut } from '../../solana/swap/execute-swap.js';
import {
  callerVault,
  launchpadsOf,
  lamportsOf,
  launchpadToken,
  pumpSlippageOf,
  requireSol,
  SOL_DECIMALS,
  signCommitSend,
  tokenAtomic,
} from '../solana/launchpad-calls.js';

const sol = (lamports: bigint) => formatUnits(lamports, SOL_DECIMALS);

/**
 * Quotes a buy (amount: SOL to spend) or a sale (amount: tokens) on the token's pump-style curve, with the least
 * fill the account's pump slippage allows. A graduated token answers venue 'jupiter' (spec rule 5): it trades
 * through splBuyIntent now.
 */
export const curveTradeQuote: Handler<'curveTradeQuote'> = async (input, context) => {
  const { accountId } = callerOf(context);
  const launchpads = launchpadsOf(context);
  const token = await launchpadToken(launchpads, input.tokenAddress, 'pump');
  if (token.graduated)
    return {
      venue: 'jupiter',
      graduated: true,
      tokenAddress: token.mint,
      symbol: token.symbol,
      priceUsd: token.priceUsd,
      message: `${token.symbol} graduated from its bonding curve; buy or sell it with splBuyIntent (token ${token.mint}).`,
    };
  const slippage = await pumpSlippageOf(context, accountId);
  const common = { venue: 'pump', graduated: false, tokenAddress: token.mint, symbol: token.symbol, side: input.side };
  if (input.side === 'buy') {
    const quote = await launchpads.quoteBuy(token.mint, lamportsOf(input.amount, 'amount'));
    return {
      ...common,
      solIn: sol(quote.lamportsIn),
      tokensOut: formatUnits(quote.tokensOut, token.decimals),
      minimumTokensOut: formatUnits(minimumOut(quote.tokensOut, slippage.bps), token.decimals),
      protocolFeeSol: sol(quote.protocolFee),
      creatorFeeSol: sol(quote.creatorFee),
      completesCurve: quote.completes,
      slippagePercent: slippage.percent,
      curvePercent: token.curvePercent,
      priceSol: token.priceSol,
    };
  }
  const quote = await launchpads.quoteSell(token.mint, tokenAtomic(input.amount, token));
  return {
    ...common,
    tokensIn: formatUnits(quote.tokensIn, token.decimals),
    solOut: sol(quote.lamportsOut),
    minimumSolOut: sol(minimumOut(quote.lamportsOut, slippage.bps)),
    protocolFeeSol: sol(quote.protocolFee),
    creatorFeeSol: sol(quote.creatorFee),
    slippagePercent: slippage.percent,
    curvePercent: token.curvePercent,
    priceSol: token.priceSol,
  };
};

/**
 * Buys the token on its curve for `amount` SOL from the vault, filling at no less than the quote less the account's
 * pump slippage. Refused before payment: a graduated token (409, use splBuyIntent), too little SOL (400).
 * The buy that takes the curve's last tokens graduates the token to the swap venue.
 */
export const curveBuyToken: Handler<'curveBuyToken'> = withCommitPoint(async (input, context) => {
  const launchpads = launchpadsOf(context);
  const token = await launchpadToken(launchpads, input.tokenAddress, 'pump');
  const lamports = lamportsOf(input.amount, 'amount');
  const vault = await callerVault(context);
  const slippage = await pumpSlippageOf(context, vault.accountId);
  const quoted = await launchpads.quoteBuy(token.mint, lamports);
  requireSol(vault.lamports, quoted.lamportsIn, 'amount', 'The buy');
  const { transaction, quote } = await launchpads.buyTransaction(
    token.mint,
    vault.signer.address,
    lamports,
    minimumOut(quoted.tokensOut, slippage.bps),
  );
  const signature = await signCommitSend(context, launchpads, vault.signer, transaction);
  return {
    signature,
    tokenAddress: token.mint,
    symbol: token.symbol,
    solSpent: sol(quote.lamportsIn),
    tokensReceived: formatUnits(quote.tokensOut, token.decimals),
    graduated: quote.completes,
    slippagePercent: slippage.percent,
    source: launchpads.source,
  };
});

/**
 * Sells `amount` tokens back into the curve from the vault, for no less SOL than the quote less the account's pump
 * slippage. Refused before payment: more than the vault holds (400), a graduated token (409).
 */
export const curveSellToken: Handler<'curveSellToken'> = withCommitPoint(async (input, context) => {
  const launchpads = launchpadsOf(context);
  const token = await launchpadToken(launchpads, input.tokenAddress, 'pump');
  const tokens = tokenAtomic(input.amount, token);
  const vault = await callerVault(context);
  const slippage = await pumpSlippageOf(context, vault.accountId);
  const quoted = await launchpads.quoteSell(token.mint, tokens);
  requireSol(vault.lamports, 0n, 'amount', 'The sale', false);
  const { transaction, quote } = await launchpads.sellTransaction(
    token.mint,
    vault.signer.address,
    tokens,
    minimumOut(quoted.lamportsOut, slippage.bps),
  );
  const signature = await signCommitSend(context, launchpads, vault.signer, transaction);
  return {
    signature,
    tokenAddress: token.mint,
    symbol: token.symbol,
    tokensSold: formatUnits(quote.tokensIn, token.decimals),
    solReceived: sol(quote.lamportsOut),
    slippagePercent: slippage.percent,
    source: launchpads.source,
  };
});
