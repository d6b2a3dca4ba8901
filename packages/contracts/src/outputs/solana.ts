import { z } from 'zod';
import { ATOMIC, DECIMAL, solanaChainBalances } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

/** A USD price the market gives, or null when it has none (never invented). */
const usdPrice = z.number().nullable();

/** One hop of a swap route (the sandbox venue's pool, or Jupiter's AMM). */
const route = z.array(
  z.object({
    venue: z.string(),
    poolAddress: z.string(),
    inputMint: z.string(),
    outputMint: z.string(),
    inAmountAtomic: ATOMIC,
    outAmountAtomic: ATOMIC,
  }),
);

/** A token a quote names: native SOL's mint is 'SOL'. */
const quotedToken = z.object({ mint: z.string(), symbol: z.string(), decimals: z.number().int() });

/** What splBuyIntent quotes, in both modes. */
const buyQuote = z.object({
  inputToken: quotedToken,
  outputToken: quotedToken,
  inAmount: DECIMAL,
  outAmount: DECIMAL,
  inAmountAtomic: ATOMIC,
  outAmountAtomic: ATOMIC,
  slippagePercent: z.number(),
  minimumOutAmount: DECIMAL,
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
const moved = z.object({ mint: z.string(), symbol: z.string(), amount: DECIMAL, atomic: ATOMIC });

/** The Solana tools: balances, transfers, buys (quote and swap), prices and token search. */
export const SOLANA_OUTPUTS: ToolOutputs = {
  // Native SOL first (address null), then every SPL token held (classic and Token-2022), WSOL on its own.
  solanaBalances: solanaChainBalances,
  solanaTransfer: z.object({
    network: z.string(),
    signature: z.string(),
    from: z.string(),
    to: z.string(),
    tokenAddress: z.string(),
    amount: DECIMAL,
    atomic: ATOMIC,
    // SPL tokens: the program that moved them.
    tokenProgram: z.enum(['spl-token', 'spl-token-2022']).optional(),
    // Token-2022 mints with a transfer fee: the fee withheld on the recipient's account, and what the recipient got.
    transferFee: DECIMAL.optional(),
    transferFeeAtomic: ATOMIC.optional(),
    received: DECIMAL.optional(),
    receivedAtomic: ATOMIC.optional(),
    // A memo went with the transfer because the recipient's Token-2022 account requires one (memo-transfer extension).
    memo: z.string().optional(),
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
