import { invalidField } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import type { Handler } from '../../handler.js';
import { evmNetworkOf } from '../../evm/evm-networks.js';
import { BSC_CHAIN_ID, bondingVenueOf, curveTokenInfo, requiredTokenAddress } from './bonding-venue.js';

/** Registered on the launchpad and still on its curve (TokenManagerHelper3.getTokenInfo), with its curve progress. */
export const isBondingToken: Handler<'isBondingToken'> = async (input, context) => {
  const token = requiredTokenAddress(input.tokenAddress);
  const venue = bondingVenueOf(context);
  const info = await curveTokenInfo(await evmNetworkOf(context, BSC_CHAIN_ID), venue, token);
  return {
    chainId: BSC_CHAIN_ID,
    tokenAddress: token,
    isBondingToken: info.onCurve,
    registered: info.registered,
    graduated: info.registered && info.liquidityAdded,
    ...(info.registered
      ? {
          tokenManager: info.manager,
          progress: info.maxFunds === 0n ? 0 : Number((info.funds * 10_000n) / info.maxFunds) / 10_000,
          raisedBnb: formatUnits(info.funds, 18),
          targetBnb: formatUnits(info.maxFunds, 18),
          priceBnb: formatUnits(info.lastPrice, 18),
          tokensLeftOnCurve: formatUnits(info.offers, 18),
          tradingFeePercent: Number(info.tradingFeeRate) / 100,
          launchTime: new Date(Number(info.launchTime) * 1000).toISOString(),
        }
      : {}),
    advice: info.onCurve
      ? 'Trade it with bscBuyBondingToken and bscSellBondingToken.'
      : info.registered
        ? 'It has graduated to the DEX: trade it with bscSwap.'
        : 'Not a launchpad token: trade it with bscSwap if it has a pool.',
    source: venue.source,
  };
};

/** The most tokens one page lists. */
const MAX_PAGE_SIZE = 100;

export const findBondingTokens: Handler<'bscfindMemeCoinsViaBonding'> = async (input, context) => {
  if (!Number.isInteger(input.pageIndex) || input.pageIndex < 1)
    throw invalidField('pageIndex', 'range', 'pageIndex is a whole number from 1');
  if (!Number.isInteger(input.pageSize) || input.pageSize < 1 || input.pageSize > MAX_PAGE_SIZE)
    throw invalidField('pageSize', 'range', `pageSize is a whole number from 1 to ${MAX_PAGE_SIZE}`);
  const venue = bondingVenueOf(context);
  const page = await venue.findTokens(input);
  return {
    chainId: BSC_CHAIN_ID,
    orderBy: input.orderBy,
    pageIndex: input.pageIndex,
    pageSize: input.pageSize,
    total: page.total,
    tokens: page.tokens,
    source: venue.source,
  };
};
