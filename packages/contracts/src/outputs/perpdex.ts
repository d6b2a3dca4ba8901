import { z } from 'zod';
import { DECIMAL } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

/*
 * The perpdex tools pass Hyperliquid's info API answers through (live) or the sandbox perp exchange's answers in the
 * same shapes (sandbox): amounts and prices are Hyperliquid's decimal strings, times epoch milliseconds. The fields
 * both give are required; the ones only one of them gives (newer API fields, the sandbox's extras) are optional, and
 * objects stay open, so a field Hyperliquid adds later passes.
 */

/** A decimal string that may be negative (PnL, funding, premium, a short's size). */
const SIGNED_DECIMAL = z.string().regex(/^-?\d+(\.\d+)?$/);
/** Epoch milliseconds. */
const MS = z.number().int();
const user = z.string();
const unknownCoins = z.array(z.string());

const marginSummary = z.object({
  accountValue: SIGNED_DECIMAL,
  totalNtlPos: DECIMAL,
  totalRawUsd: SIGNED_DECIMAL,
  totalMarginUsed: DECIMAL,
});

/** clearinghouseState: the perp account (margin summaries and positions). */
const clearinghouseState = {
  marginSummary,
  crossMarginSummary: marginSummary,
  crossMaintenanceMarginUsed: DECIMAL.optional(),
  withdrawable: DECIMAL,
  assetPositions: z.array(
    z.object({
      type: z.string(),
      position: z.object({
        coin: z.string(),
        szi: SIGNED_DECIMAL,
        leverage: z.object({ type: z.string(), value: z.number() }),
        entryPx: DECIMAL.nullable(),
        positionValue: DECIMAL,
        unrealizedPnl: SIGNED_DECIMAL,
        returnOnEquity: SIGNED_DECIMAL,
        liquidationPx: DECIMAL.nullable(),
        marginUsed: DECIMAL,
        maxLeverage: z.number().optional(),
        cumFunding: z
          .object({ allTime: SIGNED_DECIMAL, sinceOpen: SIGNED_DECIMAL, sinceChange: SIGNED_DECIMAL })
          .optional(),
      }),
    }),
  ),
  time: MS.optional(),
};

const delegatorSummary = z.object({
  delegated: DECIMAL,
  undelegated: DECIMAL,
  totalPendingWithdrawal: DECIMAL,
  nPendingWithdrawals: z.number().int(),
});
const delegations = z.array(z.object({ validator: z.string(), amount: DECIMAL, lockedUntilTimestamp: MS }));
const vaultEquities = z.array(z.object({ vaultAddress: z.string(), equity: DECIMAL, lockedUntilTimestamp: MS }));

/** An order as frontendOpenOrders and historicalOrders give it. */
const order = z.object({
  coin: z.string(),
  side: z.enum(['B', 'A']),
  limitPx: DECIMAL,
  sz: DECIMAL,
  oid: z.number().int(),
  timestamp: MS,
  origSz: DECIMAL,
  triggerCondition: z.string(),
  isTrigger: z.boolean(),
  triggerPx: DECIMAL,
  children: z.array(z.unknown()),
  isPositionTpsl: z.boolean(),
  reduceOnly: z.boolean(),
  orderType: z.string(),
  tif: z.string().nullable(),
  cloid: z.string().nullable().optional(),
});

const fill = z.object({
  coin: z.string(),
  px: DECIMAL,
  sz: DECIMAL,
  side: z.enum(['B', 'A']),
  time: MS,
  startPosition: SIGNED_DECIMAL,
  dir: z.string(),
  closedPnl: SIGNED_DECIMAL,
  hash: z.string(),
  oid: z.number().int(),
  crossed: z.boolean(),
  fee: SIGNED_DECIMAL,
  tid: z.number().int().optional(),
  feeToken: z.string().optional(),
});

/** One portfolio period: [ms, usd] points and the traded volume. */
const portfolioPeriod = z.object({
  accountValueHistory: z.array(z.tuple([MS, SIGNED_DECIMAL])),
  pnlHistory: z.array(z.tuple([MS, SIGNED_DECIMAL])),
  vlm: DECIMAL,
});

/** A perp market: its meta (universe entry) joined with its asset context. */
const perpMarket = z.object({
  coin: z.string(),
  name: z.string(),
  szDecimals: z.number().int().min(0),
  maxLeverage: z.number(),
  markPx: DECIMAL,
  midPx: DECIMAL.nullable(),
  oraclePx: DECIMAL,
  funding: SIGNED_DECIMAL,
  openInterest: DECIMAL,
  premium: SIGNED_DECIMAL.nullable(),
  prevDayPx: DECIMAL,
  dayNtlVlm: DECIMAL,
  dayBaseVlm: DECIMAL.optional(),
  impactPxs: z.array(DECIMAL).nullable().optional(),
});

const bookLevel = z.object({ px: DECIMAL, sz: DECIMAL, n: z.number().int() });

const candle = z.object({
  t: MS,
  T: MS,
  s: z.string(),
  i: z.string(),
  o: DECIMAL,
  c: DECIMAL,
  h: DECIMAL,
  l: DECIMAL,
  v: DECIMAL,
  n: z.number().int(),
});

/** The perpetuals-exchange reads' answers (Hyperliquid's info API in live mode, the sandbox perp exchange). */
export const PERPDEX_OUTPUTS: ToolOutputs = {
  perpdexPerpAccount: z.object({ user, ...clearinghouseState }),
  perpdexHoldings: z.object({
    user,
    totalValueUsd: z.number(),
    breakdown: z.object({
      perpsUsd: z.number(),
      spotUsd: z.number(),
      evmWalletUsd: z.number(),
      stakingUsd: z.number(),
      vaultsUsd: z.number(),
    }),
    perps: z.object(clearinghouseState),
    spotBalances: z.array(
      z.object({
        coin: z.string(),
        token: z.number().int(),
        total: DECIMAL,
        hold: DECIMAL,
        entryNtl: DECIMAL,
        priceUsd: z.number().nullable(),
        valueUsd: z.number().nullable(),
      }),
    ),
    perpEvmWallet: z.object({ address: z.string(), hype: DECIMAL, valueUsd: z.number() }).nullable(),
    staking: z.object({ summary: delegatorSummary, delegations }),
    vaults: vaultEquities,
  }),
  perpdexStaking: z.object({ user, summary: delegatorSummary, delegations }),
  perpdexVaults: z.object({ user, vaults: vaultEquities, totalEquityUsd: z.number() }),
  perpdexPortfolio: z.object({ user, portfolio: z.record(z.string(), portfolioPeriod) }),
  perpdexOpenOrders: z.object({ user, orders: z.array(order) }),
  perpdexOrderHistory: z.object({
    user,
    orders: z.array(z.object({ order, status: z.string(), statusTimestamp: MS })),
  }),
  perpdexFills: z.object({ user, fills: z.array(fill) }),
  perpdexPerpMarkets: z.object({ markets: z.array(perpMarket), unknownCoins }),
  perpdexPrice: z.object({ mids: z.record(z.string(), DECIMAL), unknownCoins }),
  perpdexOrderBook: z.object({ coin: z.string(), time: MS, bids: z.array(bookLevel), asks: z.array(bookLevel) }),
  perpdexCandles: z.object({
    coin: z.string(),
    interval: z.string(),
    startTime: MS,
    endTime: MS,
    candles: z.array(candle),
  }),
  perpdexFundingHistory: z.object({
    coin: z.string(),
    startTime: MS,
    endTime: MS,
    funding: z.array(z.object({ coin: z.string(), fundingRate: SIGNED_DECIMAL, premium: SIGNED_DECIMAL, time: MS })),
  }),
};
