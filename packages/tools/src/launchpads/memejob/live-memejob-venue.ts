import { HBAR_DECIMALS, longZeroAddressOf } from '@svc/chains';
import {
  isMemejobRefusal,
  type LiveHederaSettings,
  type LiveMemejob,
  liveMemejob,
  MEMEJOB_CONTRACT_ABI,
  MEMEJOB_TRADE_GAS,
  type MemejobEvent,
  type MemejobRefusal,
  type MirrorToken,
} from '@svc/providers';
import { encodeFunctionData, formatUnits, hexToBytes, toHex, zeroAddress } from 'viem';
import type { MemeBuyQuote, MemeCoinListing, MemeCoinQuery, MemejobVenue } from '../../ports/launchpad-venues.js';

const SOURCE = 'memejob (Hedera mirror node)';
/**
 * How many of the launchpad's latest events discovery reads (three pages of the mirror node's logs). The tokens they
 * name are the ones ranked; the launchpad publishes no list of its own, and its getAllMemeJobs view outgrows a
 * mirror node call's gas.
 */
const DISCOVERY_LOGS = 300;
/**
 * The most getAmountOut calls one buy quote makes. Its first guess (what the offer buys, BuyInHbar) is usually within a
 * unit or two, and the answer is two or three calls away; a poor guess is bisected.
 */
const BUY_QUOTE_PROBES = 24;
/** memejob's curve closes at promotion: a closed curve refuses quotes with this error. */
const CURVE_CLOSED = 'FundingGoalAlreadyReached';

/** memejob on HEDERA_NETWORK as the Hedera launchpad tools use it; undefined without the network (503 naming it). */
export function liveMemejobVenue(settings: LiveHederaSettings): MemejobVenue | undefined {
  const memejob = liveMemejob(settings);
  return memejob && memejobVenue(memejob);
}

export function memejobVenue(memejob: LiveMemejob): MemejobVenue {
  return {
    contractId: memejob.contractId,
    source: SOURCE,
    gas: MEMEJOB_TRADE_GAS,
    takesMinimumOut: false,
    saleNeedsAllowance: true,
    findMemeCoins: (query) => findMemeCoins(memejob, query),
    async curve(tokenId) {
      const state = await memejob.tokenState(tokenId);
      const token = state && (await memejob.token(tokenId));
      if (!token) return undefined;
      const oneToken = 10n ** BigInt(token.decimals);
      const price = await memejob.amountOut(tokenId, oneToken, 'buy');
      const closed = isMemejobRefusal(price) && price.refused === CURVE_CLOSED;
      return {
        tokenId,
        symbol: token.symbol,
        decimals: token.decimals,
        trading: !closed,
        quoteBuy: async (tinybars) =>
          closed
            ? { units: 0n, tinybars: 0n }
            : buyQuote(memejob, tokenId, tinybars, guessOf(price, oneToken, tinybars)),
        async quoteSell(units) {
          const paid = await memejob.amountOut(tokenId, units, 'sell');
          return isMemejobRefusal(paid) ? 0n : paid;
        },
      };
    },
    isAssociated: (accountId, tokenId) => memejob.isAssociated(accountId, tokenId),
    simulate: (from, call) => memejob.simulate(from, toHex(call.data), call.payableTinybars),
    // buyJob buys exactly `quote.units` and is paid exactly what getAmountOut asked: a price moved up reverts it.
    buyCall: (token, quote) => ({
      data: hexToBytes(
        encodeFunctionData({
          abi: MEMEJOB_CONTRACT_ABI,
          functionName: 'buyJob',
          args: [token, quote.units, zeroAddress],
        }),
      ),
      payableTinybars: quote.tinybars,
    }),
    sellCall: (token, units) => ({
      data: hexToBytes(
        encodeFunctionData({ abi: MEMEJOB_CONTRACT_ABI, functionName: 'sellJob', args: [token, units] }),
      ),
      payableTinybars: 0n,
    }),
  };
}

/** Where the buy search starts when BuyInHbar gives no guess: the offer at the price of one whole token. */
function guessOf(pricePerToken: bigint | MemejobRefusal, oneToken: bigint, offered: bigint): bigint {
  return isMemejobRefusal(pricePerToken) || pricePerToken === 0n ? oneToken : (offered * oneToken) / pricePerToken;
}

/**
 * The largest amount the offered tinybars buy now, and what it costs (never above the offer, never free); 0 units when
 * none. memejob prices an exact amount (getAmountOut BuyInTokens), so the amount is searched: from what the offer buys
 * (BuyInHbar), or `fallbackGuess`, up in growing steps while it fits, then bisected to a thousandth.
 */
async function buyQuote(
  memejob: LiveMemejob,
  tokenId: string,
  offered: bigint,
  fallbackGuess: bigint,
): Promise<MemeBuyQuote> {
  let best: MemeBuyQuote = { units: 0n, tinybars: 0n };
  let tooMuch: bigint | undefined;
  let probes = 0;
  const fits = async (units: bigint) => {
    probes++;
    const cost = await memejob.amountOut(tokenId, units, 'buy');
    if (!isMemejobRefusal(cost) && cost > 0n && cost <= offered) {
      if (units > best.units) best = { units, tinybars: cost };
      return true;
    }
    if (tooMuch === undefined || units < tooMuch) tooMuch = units;
    return false;
  };
  const guessed = await memejob.amountOut(tokenId, offered, 'buyWithHbar');
  const start = !isMemejobRefusal(guessed) && guessed > 0n ? guessed : fallbackGuess;
  if (start <= 0n) return best;
  if (await fits(start))
    for (let step = start / 1000n + 1n; tooMuch === undefined && probes < BUY_QUOTE_PROBES; step *= 2n)
      await fits(best.units + step);
  while (tooMuch !== undefined && tooMuch - best.units > best.units / 1000n + 1n && probes < BUY_QUOTE_PROBES)
    await fits((best.units + tooMuch) / 2n);
  return best;
}

interface Activity {
  lastActivityAt: string | null;
  promoted: boolean;
}

/** What the scanned events say of each token they name, in the order first named. */
function activityOf(events: readonly MemejobEvent[]): Map<string, Activity> {
  const tokens = new Map<string, Activity>();
  for (const event of events) {
    const activity = tokens.get(event.tokenId) ?? { lastActivityAt: null, promoted: false };
    if (event.kind === 'migrated') activity.promoted = true;
    if ((event.kind === 'bought' || event.kind === 'sold') && (activity.lastActivityAt ?? '') < event.at)
      activity.lastActivityAt = event.at;
    tokens.set(event.tokenId, activity);
  }
  return tokens;
}

/**
 * The launchpad's tokens named by its latest events (its first ones for creation-time ascending), ordered as asked:
 * by creation time (the token's own), last trade, tokens sold (market cap rises with them along the curve every
 * memejob token shares) or HBAR raised (nearest promotion). The total is unknown (null).
 */
async function findMemeCoins(memejob: LiveMemejob, query: MemeCoinQuery) {
  const oldestFirst = query.orderBy === 'creation-time' && query.orderDirection === 'asc';
  const activity = activityOf(await memejob.events(oldestFirst ? 'asc' : 'desc', DISCOVERY_LOGS));
  const tokenIds = [...activity.keys()];
  const states = new Map(
    query.orderBy === 'market-cap' || query.orderBy === 'nearest-promoted'
      ? await Promise.all(tokenIds.map(async (id) => [id, await memejob.tokenState(id)] as const))
      : [],
  );
  const tokens = new Map(
    query.orderBy === 'creation-time'
      ? await Promise.all(tokenIds.map(async (id) => [id, await memejob.token(id)] as const))
      : [],
  );
  const key = (id: string): string | bigint => {
    switch (query.orderBy) {
      case 'creation-time':
        return tokens.get(id)?.createdAt ?? '';
      case 'last-activity':
        return activity.get(id)?.lastActivityAt ?? '';
      case 'market-cap':
        return states.get(id)?.tokensSold ?? -1n;
      case 'nearest-promoted':
        return states.get(id)?.fundsRaised ?? -1n;
    }
  };
  const sign = query.orderDirection === 'asc' ? 1 : -1;
  const ranked = tokenIds
    .filter((id) => query.orderBy === 'creation-time' || query.orderBy === 'last-activity' || states.get(id))
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x === y ? a.localeCompare(b) : x > y ? sign : -sign;
    });
  const start = query.page * query.limit;
  const page = ranked.slice(start, start + query.limit);
  const coins = await Promise.all(page.map((id) => listingOf(memejob, id, activity.get(id)!, tokens.get(id))));
  return { coins: coins.filter((coin): coin is MemeCoinListing => coin !== undefined), total: null };
}

async function listingOf(
  memejob: LiveMemejob,
  tokenId: string,
  activity: Activity,
  known: MirrorToken | undefined,
): Promise<MemeCoinListing | undefined> {
  const [token, state] = await Promise.all([known ?? memejob.token(tokenId), memejob.tokenState(tokenId)]);
  if (!token || !state) return undefined;
  const oneToken = 10n ** BigInt(token.decimals);
  const price = await memejob.amountOut(tokenId, oneToken, 'buy');
  const promoted = activity.promoted || (isMemejobRefusal(price) && price.refused === CURVE_CLOSED);
  const priced = isMemejobRefusal(price) ? null : price;
  return {
    tokenId,
    evmAddress: longZeroAddressOf(tokenId) ?? '',
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    creator: state.creator,
    createdAt: token.createdAt,
    lastActivityAt: activity.lastActivityAt,
    // memejob publishes no promotion target: only a promoted token's progress is known.
    progress: promoted ? 1 : null,
    priceHbar: priced === null ? null : formatUnits(priced, HBAR_DECIMALS),
    marketCapHbar: priced === null ? null : formatUnits((priced * token.totalSupply) / oneToken, HBAR_DECIMALS),
    promoted,
  };
}
