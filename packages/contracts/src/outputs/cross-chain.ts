import { z } from 'zod';
import { DECIMAL } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

/** Where the answer came from: 'sandbox' (the sandbox operator or solver) or the live provider's name. */
const source = z.string();
const nullableDecimal = DECIMAL.nullable();

/** A bridge currency: `ticker` names it on its network alone (what getBridgeSwapQuote takes), `currency` on any. */
const bridgeCurrency = z.object({
  ticker: z.string(),
  currency: z.string(),
  name: z.string(),
  network: z.string(),
  tokenContract: z.string().nullable(),
});

/** The router currency descriptor (spec Resources item 8), passed on unchanged. */
const routerCurrency = z.object({
  ticker: z.string(),
  name: z.string(),
  network: z.string(),
  chainId: z.number(),
  address: z.string(),
  decimals: z.number().int().min(0),
  tokenContract: z.string().nullable(),
});

const routerFee = z.object({
  kind: z.string(),
  amount: z.string(),
  currency: z.string(),
  amountUsd: z.string().nullable(),
});

const routerQuoteFacts = {
  fromCurrency: routerCurrency,
  toCurrency: routerCurrency,
  fromAmount: DECIMAL,
  toAmount: DECIMAL,
  minimumToAmount: nullableDecimal,
  fees: z.array(routerFee),
  estimatedSeconds: z.number().nullable(),
};

const bridgeStatus = z.enum([
  'new',
  'waiting',
  'confirming',
  'exchanging',
  'sending',
  'finished',
  'failed',
  'refunded',
  'verifying',
  'expired',
]);

/** The cross-chain swap families' answers: the bridge (ChangeNOW's flow) and the router (Relay's). */
export const CROSS_CHAIN_OUTPUTS: ToolOutputs = {
  getBridgeSupportedCurrencies: z.object({ source, count: z.number().int(), currencies: z.array(bridgeCurrency) }),
  getBridgeSwapQuote: z.object({
    source,
    from: bridgeCurrency,
    to: bridgeCurrency,
    fromAmount: DECIMAL,
    toAmount: DECIMAL,
    fee: nullableDecimal,
    minAmount: DECIMAL,
    maxAmount: nullableDecimal,
    validUntil: z.string().nullable(),
    estimatedSeconds: z.number().nullable(),
    belowMinimum: z.boolean(),
  }),
  swapUsingBridge: z.object({
    source,
    transactionId: z.string(),
    payinAddress: z.string(),
    payinHash: z.string(),
    fromCurrency: z.string(),
    fromNetwork: z.string(),
    toCurrency: z.string(),
    toNetwork: z.string(),
    fromAmount: DECIMAL,
    expectedAmountTo: DECIMAL,
    payoutAddress: z.string(),
    refundAddress: z.string(),
    validUntil: z.string().nullable(),
    estimatedSeconds: z.number().nullable(),
  }),
  getBridgeTransactionStatus: z.object({
    source,
    id: z.string(),
    status: bridgeStatus,
    fromCurrency: z.string(),
    fromNetwork: z.string(),
    toCurrency: z.string(),
    toNetwork: z.string(),
    expectedAmountFrom: nullableDecimal,
    expectedAmountTo: nullableDecimal,
    amountFrom: nullableDecimal,
    amountTo: nullableDecimal,
    payinAddress: z.string(),
    payoutAddress: z.string(),
    refundAddress: z.string().nullable(),
    payinHash: z.string().nullable(),
    payoutHash: z.string().nullable(),
    refundHash: z.string().nullable(),
    createdAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
    validUntil: z.string().nullable(),
  }),
  getRouterSupportedCurrencies: z.object({ source, count: z.number().int(), currencies: z.array(routerCurrency) }),
  getRouterSwapQuote: z.object({
    source,
    ...routerQuoteFacts,
    steps: z.array(
      z.object({ id: z.string(), action: z.string(), description: z.string(), transactions: z.number().int() }),
    ),
  }),
  swapUsingRouter: z.object({
    source,
    requestId: z.string(),
    status: z.literal('waiting'),
    ...routerQuoteFacts,
    recipient: z.string(),
    transactions: z.array(z.object({ step: z.string(), chainId: z.number(), txHash: z.string() })),
  }),
  getRouterTransactionStatus: z.object({
    source,
    requestId: z.string(),
    status: z.enum(['waiting', 'pending', 'success', 'failure', 'refund']),
    inTxHashes: z.array(z.string()),
    txHashes: z.array(z.string()),
    originChainId: z.number().nullable(),
    destinationChainId: z.number().nullable(),
    updatedAt: z.string().nullable(),
    details: z.string().nullable(),
  }),
};
