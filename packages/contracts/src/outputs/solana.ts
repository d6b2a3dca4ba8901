import { z } from 'zod';
import type { ToolOutputs } from './tool-outputs.js';

/** Whole-token amounts are decimal strings; atomic amounts are whole numbers as strings (no precision lost). */
const decimalAmount = z.string().regex(/^\d+(\.\d+)?$/);
const atomic = z.string().regex(/^\d+$/);
/** A USD price the market gives, or null when it has none (never invented). */
const usdPrice = z.number().nullable();

/** One hop of a swap route (the sandbox venue's pool, or Jupiter's AMM). */
const route = z.array(
  z.object({
    venue: z.string(),
    poolAddress: z.string(),
    inputMint: z.string(),
    outputMint: z.string(),
    inAmountAtomic: atomic,
    outAmountAtomic: atomic,
  }),
);

/** A token a quote names: native SOL's mint is 'SOL'. */
const quotedToken = z.object({ mint: z.string(), symbol: z.string(), decimals: z.number().int() });

/** What splBuyIntent quotes, in both modes. */
const buyQuote = z.object({
  inputToken: quotedToken,
  outputToken: quotedToken,
  inAmount: decimalAmount,
  outAmount: decimalAmount,
  inAmountAtomic: atomic,
  outAmountAtomic: atomic,
  slippagePercent: z.number(),
  minimumOutAmount: decimalAmount,
  route,
  outputUsdPrice: usdPrice,
  inputUsdPrice: usdPrice,
  conditionalOrderHandoff: z.object({
    receiveToken: z.string(),
    spendToken: z.string(),
    spendQuantity: z.number(),
    receiveTokenPriceUsd: usdPrice,
    spendTokenPriceUsd: usdPrice,
  }),
});

/** An amount that moved in a swap, read from the chain. */
const moved = z.object({ mint: z.string(), symbol: z.string(), amount: decimalAmount, atomic });

/** The Solana tools: balances, transfers, buys (quote and swap), prices and token search. */
export const SOLANA_OUTPUTS: ToolOutputs = {
  solanaBalances: z.object({
    network: z.string(),
    address: z.string(),
    // Native SOL first (address null), then every SPL token held, WSOL on its own.
    assets: z.array(
      z.object({
        symbol: z.string(),
        address: z.string().nullable(),
        decimals: z.number().int(),
        balance: decimalAmount,
        humanReadableBalance: decimalAmount,
      }),
    ),
  }),
  solanaTransfer: z.object({
    network: z.string(),
    signature: z.string(),
    from: z.string(),
    to: z.string(),
    tokenAddress: z.string(),
    amount: decimalAmount,
    atomic,
  }),
  splBuyIntent: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('quote'), network: z.string(), quote: buyQuote }),
    z.object({
      mode: z.literal('swap'),
      network: z.string(),
      signature: z.string(),
      sold: moved,
      bought: moved,
      quote: buyQuote,
    }),
  ]),
  solanaGetTokenPairPrice: z.object({
    inputMint: z.string(),
    outputMint: z.string(),
    inputSymbol: z.string(),
    outputSymbol: z.string(),
    rate: z.number(),
    route,
  }),
  solanaGetTokenPrices: z.object({
    prices: z.array(
      z.object({
        mint: z.string(),
        priceUsd: usdPrice,
        confidence: z.enum(['high', 'medium', 'low']).nullable(),
      }),
    ),
  }),
  findSolanaSwapToken: z.object({
    tokens: z.array(z.object({ mint: z.string(), symbol: z.string(), name: z.string(), decimals: z.number().int() })),
  }),
};
