import { invalidField, ServiceError } from '@svc/contracts';
import type { EvmNetwork, FourMemeToken } from '@svc/providers';
import { type Address, getAddress, zeroAddress } from 'viem';
import type { HandlerContext } from '../../handler.js';
import type { BondingTokenListing, BondingVenue } from '../../ports/launchpad-venues.js';
import { evmNetworkOf } from '../../evm/evm-networks.js';
import { FOUR_MEME_ABI, FOUR_MEME_HELPER, FOUR_MEME_TOKEN_MANAGER } from './four-meme-abi.js';

export const BSC_CHAIN_ID = 56;

/**
 * The bonding launchpad of this deployment: the sandbox's (context.launchpadVenues) or four.meme on BSC, whose
 * contracts are public and whose list comes from its query API (providers.fourMeme; undefined in sandbox mode).
 */
export function bondingVenueOf(context: HandlerContext): BondingVenue {
  const venue = context.launchpadVenues?.bonding;
  if (venue) return venue;
  const api = context.providers.fourMeme;
  if (!api)
    throw new ServiceError(
      'not_implemented',
      'The BSC bonding launchpad has no sandbox here: start the sandbox chains.',
    );
  return {
    manager: FOUR_MEME_TOKEN_MANAGER,
    helper: FOUR_MEME_HELPER,
    source: 'four.meme',
    findTokens: async (query) => ({ tokens: (await api.findTokens(query)).map(fourMemeListing), total: null }),
  };
}

/** A token of four.meme's list as the bonding discovery tool lists it (its progress is a 0-1 fraction already). */
function fourMemeListing(token: FourMemeToken): BondingTokenListing {
  const price = token.tokenPrice;
  const listed = token.status === 'TRADE';
  return {
    tokenAddress: token.address,
    name: token.name,
    symbol: token.shortName,
    label: token.label ?? null,
    creator: token.userAddress ?? null,
    launchTime: new Date(token.launchTime).toISOString(),
    progress: listed ? 1 : Number(price?.progress ?? 0),
    raisedBnb: price?.raisedAmount ?? null,
    priceBnb: price?.price ?? null,
    marketCapBnb: price?.marketCap ?? null,
    listedDex: listed,
    volume24hBnb: price?.dayTrading ?? null,
  };
}

/** tokenAddress, which the schema leaves optional, or the 400 "tokenAddress is required" the catalog promises. */
export function requiredTokenAddress(tokenAddress: string | undefined): Address {
  if (tokenAddress === undefined) throw invalidField('tokenAddress', 'required', 'tokenAddress is required');
  return getAddress(tokenAddress);
}

/** A token's state on the launchpad (TokenManagerHelper3.getTokenInfo); version 0: not a launchpad token. */
export interface CurveTokenInfo {
  readonly registered: boolean;
  /** Registered and still trading on its curve. */
  readonly onCurve: boolean;
  readonly manager: Address;
  /** The token the curve is priced in: the zero address for BNB. */
  readonly quote: Address;
  /** Wei per whole token. */
  readonly lastPrice: bigint;
  readonly tradingFeeRate: bigint;
  readonly launchTime: bigint;
  readonly offers: bigint;
  readonly maxOffers: bigint;
  readonly funds: bigint;
  readonly maxFunds: bigint;
  readonly liquidityAdded: boolean;
}

export async function curveTokenInfo(
  network: EvmNetwork,
  venue: BondingVenue,
  token: Address,
): Promise<CurveTokenInfo> {
  const info = await network.publicClient.readContract({
    address: venue.helper,
    abi: FOUR_MEME_ABI,
    functionName: 'getTokenInfo',
    args: [token],
  });
  const [
    version,
    manager,
    quote,
    lastPrice,
    tradingFeeRate,
    ,
    launchTime,
    offers,
    maxOffers,
    funds,
    maxFunds,
    liquidityAdded,
  ] = info;
  const registered = version > 0n;
  return {
    registered,
    onCurve: registered && !liquidityAdded,
    manager,
    quote,
    lastPrice,
    tradingFeeRate,
    launchTime,
    offers,
    maxOffers,
    funds,
    maxFunds,
    liquidityAdded,
  };
}

/** The token on its curve, or the 400 telling where it trades instead. */
export async function tokenOnCurve(context: HandlerContext, token: Address) {
  const venue = bondingVenueOf(context);
  const network = await evmNetworkOf(context, BSC_CHAIN_ID);
  const info = await curveTokenInfo(network, venue, token);
  if (!info.registered)
    throw invalidField('tokenAddress', 'not_bonding_token', `${token} is not a token of the BSC bonding launchpad`);
  if (!info.onCurve)
    throw invalidField(
      'tokenAddress',
      'graduated',
      `${token} has left its bonding curve and trades on the DEX: use bscSwap`,
    );
  // The trade tools call the venue's manager (TokenManager2) with BNB: a token of another manager (four.meme's V1)
  // or one priced in an ERC-20 would pass every estimate and then revert on chain after the payment.
  if (getAddress(info.manager) !== getAddress(venue.manager))
    throw invalidField(
      'tokenAddress',
      'unsupported_manager',
      `${token} trades on the token manager ${info.manager}, not ${venue.manager} that this tool trades on`,
    );
  if (info.quote !== zeroAddress)
    throw invalidField(
      'tokenAddress',
      'unsupported_quote',
      `${token} is priced in the token ${info.quote}, not BNB: this tool trades BNB-priced curve tokens only`,
    );
  return { venue, network, info };
}
