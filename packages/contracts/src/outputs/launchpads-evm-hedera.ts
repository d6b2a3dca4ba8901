import { z } from 'zod';
import { ATOMIC, TIMESTAMP } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

const EVM_ADDRESS = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const TX_HASH = z.string().regex(/^0x[0-9a-f]{64}$/);
const ENTITY_ID = z.string().regex(/^\d+\.\d+\.\d+$/);
/** A decimal amount as a string (BNB, HBAR or tokens, in whole units). */
const DECIMAL = z.string().regex(/^\d+(\.\d+)?$/);
/** Share of the raise target reached, 0 to 1. */
const PROGRESS = z.number().min(0).max(1);

const bondingToken = z.object({
  tokenAddress: z.string(),
  name: z.string(),
  symbol: z.string(),
  label: z.string().nullable(),
  creator: z.string().nullable(),
  launchTime: TIMESTAMP,
  progress: PROGRESS,
  raisedBnb: z.string().nullable(),
  priceBnb: z.string().nullable(),
  marketCapBnb: z.string().nullable(),
  listedDex: z.boolean(),
  volume24hBnb: z.string().nullable(),
});

const factoryToken = z.object({
  tokenAddress: z.string(),
  name: z.string(),
  symbol: z.string(),
  imageUrl: z.string().nullable(),
  pool: z.string().nullable(),
  createdAt: TIMESTAMP,
  // With includeMarket, and with includeUser.
  market: z.object({ priceUsd: z.number().nullable(), marketCapUsd: z.number().nullable() }).optional(),
  creator: z.object({ address: z.string().nullable() }).optional(),
});

const memeCoin = z.object({
  tokenId: ENTITY_ID,
  evmAddress: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  creator: z.string().nullable(),
  createdAt: TIMESTAMP,
  lastActivityAt: TIMESTAMP.nullable(),
  // Null where the launchpad publishes no promotion target (live memejob, before promotion).
  progress: PROGRESS.nullable(),
  priceHbar: z.string().nullable(),
  marketCapHbar: z.string().nullable(),
  promoted: z.boolean(),
});

const hederaTrade = {
  network: z.string(),
  launchpad: ENTITY_ID,
  tokenId: ENTITY_ID,
  symbol: z.string(),
  transactionId: z.string(),
  status: z.string(),
  slippagePercent: z.number(),
  feeTinybars: ATOMIC.nullable(),
};

/** The EVM and Hedera launchpads' answers (docs/families/launchpads-evm-hedera.md). */
export const LAUNCHPADS_EVM_HEDERA_OUTPUTS: ToolOutputs = {
  bscfindMemeCoinsViaBonding: z.object({
    chainId: z.literal(56),
    orderBy: z.string(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().nullable(),
    tokens: z.array(bondingToken),
    source: z.string(),
  }),
  isBondingToken: z.object({
    chainId: z.literal(56),
    tokenAddress: EVM_ADDRESS,
    isBondingToken: z.boolean(),
    registered: z.boolean(),
    graduated: z.boolean(),
    // The curve's state, for a registered token.
    progress: PROGRESS.optional(),
    raisedBnb: DECIMAL.optional(),
    targetBnb: DECIMAL.optional(),
    priceBnb: DECIMAL.optional(),
    advice: z.string(),
    source: z.string(),
  }),
  bscBuyBondingToken: z.object({
    chainId: z.literal(56),
    txHash: TX_HASH,
    tokenAddress: EVM_ADDRESS,
    tokenManager: EVM_ADDRESS,
    bnbSpent: DECIMAL,
    tokensReceived: DECIMAL,
    estimatedTokens: DECIMAL,
    minTokens: DECIMAL,
    slippagePercent: z.number(),
    feeWei: ATOMIC,
  }),
  bscSellBondingToken: z.object({
    chainId: z.literal(56),
    txHash: TX_HASH,
    approvalTxHash: TX_HASH.nullable(),
    tokenAddress: EVM_ADDRESS,
    tokenManager: EVM_ADDRESS,
    tokensSold: DECIMAL,
    bnbReceived: DECIMAL,
    estimatedBnb: DECIMAL,
    minBnb: DECIMAL,
    slippagePercent: z.number(),
    feeWei: ATOMIC,
  }),
  baseFindFactoryTokens: z.object({
    chainId: z.literal(8453),
    sortBy: z.string(),
    sort: z.string(),
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().nullable(),
    tokens: z.array(factoryToken),
    source: z.string(),
  }),
  hederaFindMemeCoins: z.object({
    launchpad: ENTITY_ID,
    page: z.number().int(),
    limit: z.number().int(),
    orderBy: z.string(),
    orderDirection: z.string(),
    total: z.number().int().nullable(),
    coins: z.array(memeCoin),
    source: z.string(),
  }),
  hederaLaunchBuyToken: z.object({
    ...hederaTrade,
    // Null when the vault had already associated the token.
    associationTransactionId: z.string().nullable(),
    hbarSpent: DECIMAL.nullable(),
    quotedAmount: DECIMAL,
    minAmount: DECIMAL,
    amountReceived: DECIMAL.nullable(),
    amountReceivedUnits: ATOMIC.nullable(),
  }),
  hederaLaunchSellToken: z.object({
    ...hederaTrade,
    amountSold: DECIMAL,
    quotedHbar: DECIMAL,
    minHbar: DECIMAL,
    hbarReceived: DECIMAL.nullable(),
  }),
};
