import type { Handler } from '../../handler.js';
import { NATIVE_SOL, WSOL_MINT } from '@svc/providers';
import { solanaChainOf } from '../solana-chain.js';

/** Tools that take a token list at most this many candidates. */
const MAX_RESULTS = 20;

/**
 * Tokens whose symbol or name matches `tokenName`, exact symbol matches first: `{tokens: [{mint, symbol, name,
 * decimals}]}` (empty when nothing matches). Native SOL is listed with the WSOL mint, as aggregators name it; to
 * trade native SOL pass 'SOL', to trade Wrapped SOL pass 'WSOL' or its mint.
 */
export const findSolanaSwapToken: Handler<'findSolanaSwapToken'> = async (input, context) => {
  const found = await solanaChainOf(context).market().findTokens(input.tokenName);
  return {
    tokens: found.slice(0, MAX_RESULTS).map((token) => ({
      mint: token.asset === NATIVE_SOL ? WSOL_MINT : token.asset,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
    })),
  };
};
