import type { Handler } from '../../handler.js';
import { memejobVenueOf } from './memejob-trade.js';

/** The launchpad's tokens by market cap, age, last activity or nearness to promotion (most raised), paged from 0. */
export const hederaFindMemeCoins: Handler<'hederaFindMemeCoins'> = async (input, context) => {
  const venue = memejobVenueOf(context);
  const { coins, total } = await venue.findMemeCoins(input);
  return {
    launchpad: venue.contractId,
    page: input.page,
    limit: input.limit,
    orderBy: input.orderBy,
    orderDirection: input.orderDirection,
    total,
    coins,
    source: venue.source,
  };
};
