import { invalidField, ServiceError } from '@svc/contracts';
import type { Handler, HandlerContext } from '../../handler.js';
import type { ClankerToken } from '@svc/providers';
import type { FactoryTokenListing, FactoryTokenQuery, FactoryVenue } from '../../ports/launchpad-venues.js';

const BASE_CHAIN_ID = 8453;
/** The most tokens one call lists. */
const MAX_LIMIT = 100;

/** The Base token factory of this deployment: the sandbox's, or Clanker's public token list. */
function factoryVenueOf(context: HandlerContext): FactoryVenue {
  const venue = context.launchpadVenues?.factory;
  if (venue) return venue;
  const clanker = context.providers.clanker;
  if (!clanker)
    throw new ServiceError('not_implemented', 'The Base token factory has no sandbox here: start the sandbox chains.');
  return {
    source: 'Clanker',
    async findTokens(query) {
      const page = await clanker.findTokens(query);
      return { tokens: page.tokens.map((token) => clankerListing(token, query)), total: page.total };
    },
  };
}

/** A token of Clanker's list as the factory discovery tool lists it. */
function clankerListing(token: ClankerToken, query: FactoryTokenQuery): FactoryTokenListing {
  const market = token.related?.market;
  return {
    tokenAddress: token.contract_address,
    name: token.name,
    symbol: token.symbol,
    imageUrl: token.img_url ?? null,
    pool: token.pool_address ?? null,
    createdAt: new Date(token.created_at).toISOString(),
    ...(query.includeMarket
      ? { market: { priceUsd: market?.priceUsd ?? null, marketCapUsd: market?.marketCap ?? null } }
      : {}),
    ...(query.includeUser ? { creator: { address: token.related?.user?.address ?? token.admin ?? null } } : {}),
  };
}

/**
 * Tokens the Base token factory deployed, by market cap or creation time, with an optional search (`q` in name,
 * symbol or address). Its tokens are plain ERC-20s with a pool: they trade with baseSwap.
 */
export const baseFindFactoryTokens: Handler<'baseFindFactoryTokens'> = async (input, context) => {
  if (input.chainId !== BASE_CHAIN_ID)
    throw invalidField('chainId', 'unsupported', `the token factory lists Base tokens only (chainId ${BASE_CHAIN_ID})`);
  if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > MAX_LIMIT)
    throw invalidField('limit', 'range', `limit is a whole number from 1 to ${MAX_LIMIT}`);
  if (!Number.isInteger(input.offset) || input.offset < 0)
    throw invalidField('offset', 'range', 'offset is a whole number from 0');
  const venue = factoryVenueOf(context);
  const page = await venue.findTokens(input);
  return {
    chainId: BASE_CHAIN_ID,
    sortBy: input.sortBy,
    sort: input.sort,
    offset: input.offset,
    limit: input.limit,
    total: page.total,
    tokens: page.tokens,
    source: venue.source,
  };
};
