import { z } from 'zod';
import { BYTES32, body, emptyBody } from '../formats.js';
import { defineTool, MOVES_FUNDS } from '../types.js';

/**
 * Prediction-market tools (spec: "Prediction-market tools"). Prices are not shown, so the `prediction` family default
 * applies. Discovery reads are open; positions, orders and redemption are identity-gated; placing an order and
 * redeeming move funds (write).
 */

/** A required identifier or query; an empty value names nothing. */
const nonEmpty = z.string().min(1);

export const predictionTools = [
  defineTool({
    name: 'getPredictEvents',
    group: 'Prediction Markets',
    summary: 'List prediction-market events with their markets, sorted by volume, liquidity or date.',
    description:
      'limit: number 1-50, default 20. offset: number >= 0, default 0. order: volume (default), liquidity, startDate, endDate or volume24hr; ascending flips the order. tag_id filters by tag (see getPredictTags); featured limits to featured events.',
    input: body({
      limit: z.number().min(1).max(50).default(20),
      offset: z.number().min(0).default(0),
      order: z.enum(['volume', 'liquidity', 'startDate', 'endDate', 'volume24hr']).default('volume'),
      ascending: z.boolean().optional(),
      tag_id: z.number().optional(),
      featured: z.boolean().optional(),
    }),
    price: 'prediction',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getPredictTags',
    group: 'Prediction Markets',
    summary: 'List the tags (categories) of prediction-market events; use a tag id with getPredictEventsByTag.',
    input: emptyBody(),
    price: 'prediction',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getPredictEventsByTag',
    group: 'Prediction Markets',
    summary: 'List prediction-market events carrying one tag.',
    description: 'tagId: a tag id from getPredictTags, required. limit: number 1-50, default 20.',
    input: body({
      tagId: z.number(),
      limit: z.number().min(1).max(50).default(20),
    }),
    price: 'prediction',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'searchPredictEvents',
    group: 'Prediction Markets',
    summary: 'Search prediction-market events by text.',
    description:
      'q: search text, required (non-empty). page: number, default 0. events_status: active (default), inactive or all.',
    input: body({
      q: nonEmpty,
      page: z.number().default(0),
      events_status: z.enum(['active', 'inactive', 'all']).default('active'),
    }),
    price: 'prediction',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getPredictEvent',
    group: 'Prediction Markets',
    summary: 'One prediction-market event by slug, with its markets, outcomes and outcome token ids.',
    description: 'slug: the event slug, required (non-empty).',
    input: body({ slug: nonEmpty }),
    price: 'prediction',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getPredictUserPositions',
    group: 'Prediction Markets',
    summary: "The connected wallet's prediction-market positions with value and PnL.",
    description:
      'limit: number, default 50. offset: number, default 0. sortBy: CURRENT (default), INITIAL, TOKENS, CASHPNL, PERCENTPNL, TITLE, RESOLVING, PRICE or AVGPRICE. sortOrder: asc or desc (default desc).',
    input: body({
      limit: z.number().default(50),
      offset: z.number().default(0),
      sortBy: z
        .enum(['CURRENT', 'INITIAL', 'TOKENS', 'CASHPNL', 'PERCENTPNL', 'TITLE', 'RESOLVING', 'PRICE', 'AVGPRICE'])
        .default('CURRENT'),
      sortOrder: z.enum(['asc', 'desc']).default('desc'),
    }),
    price: 'prediction',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'placePredictOrder',
    group: 'Prediction Markets',
    summary: 'Place a market order to buy or sell shares of one outcome of a prediction market.',
    description:
      "tokenID: the outcome token id, taken from the market's clob token ids at the index of the chosen outcome (required, non-empty). side: BUY or SELL. amount: USD to spend for BUY, number of shares for SELL. Moves funds; requires explicit approval.",
    input: body({
      tokenID: nonEmpty,
      side: z.enum(['BUY', 'SELL']),
      amount: z.number(),
    }),
    price: 'prediction',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'redeemPredictPosition',
    group: 'Prediction Markets',
    summary: 'Redeem the outcome tokens of a resolved market for USDC.e on Polygon.',
    description:
      'conditionId: the market condition id, 0x followed by 64 hex digits. Valid only after the market is resolved; converts the outcome tokens to USDC.e on Polygon. Moves funds; requires explicit approval.',
    input: body({ conditionId: BYTES32 }),
    price: 'prediction',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
];
