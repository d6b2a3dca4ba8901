import { ServiceError } from '@svc/contracts';
import type { HandlerContext } from '../handler.js';
import { vaultEvmAddress } from '../evm/balances.js';
import { predictMarketsOf } from './predict-venue.js';

/**
 * The prediction-market reads. Gamma's and the Data API's answers are lists; each tool wraps its list in an object
 * (`events`, `tags`, `positions`) and keeps every item as the venue sent it.
 */

export const getPredictEvents = async (
  input: {
    limit: number;
    offset: number;
    order: 'volume' | 'liquidity' | 'startDate' | 'endDate' | 'volume24hr';
    ascending?: boolean | undefined;
    tag_id?: number | undefined;
    featured?: boolean | undefined;
  },
  context: HandlerContext,
) => ({
  events: await predictMarketsOf(context, 'getPredictEvents').events({
    limit: input.limit,
    offset: input.offset,
    order: input.order,
    ascending: input.ascending ?? false,
    tagId: input.tag_id,
    featured: input.featured,
  }),
});

export const getPredictTags = async (_input: Record<string, never>, context: HandlerContext) => ({
  tags: await predictMarketsOf(context, 'getPredictTags').tags(),
});

/** The open events of one tag, the most traded first. */
export const getPredictEventsByTag = async (input: { tagId: number; limit: number }, context: HandlerContext) => ({
  tagId: input.tagId,
  events: await predictMarketsOf(context, 'getPredictEventsByTag').events({
    limit: input.limit,
    offset: 0,
    order: 'volume',
    ascending: false,
    tagId: input.tagId,
  }),
});

export const searchPredictEvents = async (
  input: { q: string; page: number; events_status: 'active' | 'inactive' | 'all' },
  context: HandlerContext,
) =>
  predictMarketsOf(context, 'searchPredictEvents').search({
    q: input.q,
    page: input.page,
    eventsStatus: input.events_status,
  });

export const getPredictEvent = async (input: { slug: string }, context: HandlerContext) => {
  const event = await predictMarketsOf(context, 'getPredictEvent').event(input.slug);
  if (!event) throw new ServiceError('not_found', `no prediction-market event has the slug "${input.slug}"`);
  return event;
};

/**
 * The vault's positions. The vault trades on Polymarket as an EOA (signature type 0): its EVM address is both the
 * order maker and the holder of its outcome tokens, so it is the `user` the Data API is asked about.
 */
export const getPredictUserPositions = async (
  input: {
    limit: number;
    offset: number;
    sortBy: 'CURRENT' | 'INITIAL' | 'TOKENS' | 'CASHPNL' | 'PERCENTPNL' | 'TITLE' | 'RESOLVING' | 'PRICE' | 'AVGPRICE';
    sortOrder: 'asc' | 'desc';
  },
  context: HandlerContext,
) => {
  const user = await vaultEvmAddress(context);
  const positions = await predictMarketsOf(context, 'getPredictUserPositions').positions(user, input);
  return { user, positions };
};
