import { z } from 'zod';
import type { ToolOutputs } from './tool-outputs.js';

/**
 * The prediction-market tools' answers: Polymarket's own shapes (Gamma's Event, Market and Tag; the Data API's
 * Position; the CLOB's order answer), wrapped in an object where Polymarket answers a list, so both modes read alike.
 * Gamma sends `outcomes`, `outcomePrices` and `clobTokenIds` as JSON-encoded arrays in strings, and leaves many fields
 * out on old markets: only what every market carries is required. Objects stay open.
 */

const gammaTag = z.object({ id: z.string(), label: z.string(), slug: z.string() });

const gammaMarket = z.object({
  id: z.string(),
  question: z.string(),
  conditionId: z.string(),
  slug: z.string(),
  outcomes: z.string(),
  outcomePrices: z.string(),
  clobTokenIds: z.string().optional(),
  active: z.boolean(),
  closed: z.boolean(),
  negRisk: z.boolean().optional(),
});

const gammaEvent = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  active: z.boolean(),
  closed: z.boolean(),
  volume: z.number().optional(),
  liquidity: z.number().optional(),
  markets: z.array(gammaMarket),
  tags: z.array(gammaTag).optional(),
});

const position = z.object({
  proxyWallet: z.string(),
  asset: z.string(),
  conditionId: z.string(),
  size: z.number(),
  avgPrice: z.number(),
  initialValue: z.number(),
  currentValue: z.number(),
  cashPnl: z.number(),
  curPrice: z.number(),
  redeemable: z.boolean(),
  outcome: z.string(),
});

export const PREDICT_OUTPUTS: ToolOutputs = {
  getPredictEvents: z.object({ events: z.array(gammaEvent) }),
  getPredictTags: z.object({ tags: z.array(gammaTag) }),
  getPredictEventsByTag: z.object({ tagId: z.number(), events: z.array(gammaEvent) }),
  searchPredictEvents: z.object({
    events: z.array(gammaEvent).nullable().optional(),
    pagination: z.object({ hasMore: z.boolean(), totalResults: z.number() }).optional(),
  }),
  getPredictEvent: gammaEvent,
  getPredictUserPositions: z.object({ user: z.string(), positions: z.array(position) }),
  placePredictOrder: z.object({
    success: z.boolean(),
    orderID: z.string().optional(),
    side: z.enum(['BUY', 'SELL']),
    tokenID: z.string(),
  }),
  redeemPredictPosition: z.object({
    conditionId: z.string(),
    txHash: z.string(),
    collateral: z.string(),
    payout: z.number(),
  }),
};
