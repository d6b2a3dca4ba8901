import { longZeroAddressOf } from '@svc/chains';
import { recordRead } from '@svc/providers';
import {
  type HederaSandboxLedger,
  MEME_DECIMALS,
  MEME_PROMOTION_TINYBARS,
  MEME_SUPPLY,
  type MemeCurve,
  MEMEJOB_ABI,
  MEMEJOB_GAS,
  memePriceTinybars,
  quoteMemeBuy,
  quoteMemeSell,
  SANDBOX_MEMEJOB_ID,
} from '@svc/sandbox';
import { encodeFunctionData, formatUnits, hexToBytes } from 'viem';
import type { MemeCoinListing, MemeCoinQuery, MemejobVenue } from '../../ports/launchpad-venues.js';

const SOURCE = 'Sandbox Hedera launchpad';
const iso = (ns: bigint) => new Date(Number(ns / 1_000_000n)).toISOString();

/** The memejob-style launchpad of the sandbox Hedera ledger: its launches and curves read from the ledger's state. */
export function sandboxMemejobVenue(ledger: () => Promise<HederaSandboxLedger>): MemejobVenue {
  return {
    contractId: SANDBOX_MEMEJOB_ID,
    source: SOURCE,
    gas: MEMEJOB_GAS,
    takesMinimumOut: true,
    saleNeedsAllowance: false,
    async findMemeCoins(query) {
      recordRead(SOURCE);
      const curves = (await ledger()).memeCurves().sort(order(query));
      const start = query.page * query.limit;
      return { coins: curves.slice(start, start + query.limit).map(listing), total: curves.length };
    },
    async curve(tokenId) {
      recordRead(SOURCE);
      const curve = (await ledger()).memeCurves().find((candidate) => candidate.tokenId === tokenId);
      if (!curve) return undefined;
      return {
        tokenId,
        symbol: curve.symbol,
        decimals: MEME_DECIMALS,
        trading: !curve.promoted,
        quoteBuy: async (tinybars) => ({ units: quoteMemeBuy(curve, tinybars).out, tinybars }),
        quoteSell: async (units) => {
          const { gross, fee } = quoteMemeSell(curve, units);
          return gross - fee;
        },
      };
    },
    isAssociated: async (accountId, tokenId) => (await ledger()).isAssociated(accountId, tokenId),
    // The sandbox launchpad spends all the HBAR offered and takes a minimum out on both sides.
    buyCall: (token, quote, minUnitsOut) => ({
      data: hexToBytes(encodeFunctionData({ abi: MEMEJOB_ABI, functionName: 'buy', args: [token, minUnitsOut] })),
      payableTinybars: quote.tinybars,
    }),
    sellCall: (token, units, minTinybarsOut) => ({
      data: hexToBytes(
        encodeFunctionData({ abi: MEMEJOB_ABI, functionName: 'sell', args: [token, units, minTinybarsOut] }),
      ),
      payableTinybars: 0n,
    }),
  };
}

const marketCapTinybars = (curve: MemeCurve) => (memePriceTinybars(curve) * MEME_SUPPLY) / 10n ** BigInt(MEME_DECIMALS);

function listing(curve: MemeCurve): MemeCoinListing {
  return {
    tokenId: curve.tokenId,
    evmAddress: longZeroAddressOf(curve.tokenId) ?? '',
    name: curve.name,
    symbol: curve.symbol,
    decimals: MEME_DECIMALS,
    creator: curve.creator,
    createdAt: iso(curve.createdNs),
    lastActivityAt: iso(curve.lastActivityNs),
    progress: curve.promoted ? 1 : Number((curve.raised * 10_000n) / MEME_PROMOTION_TINYBARS) / 10_000,
    priceHbar: formatUnits(memePriceTinybars(curve), 8),
    marketCapHbar: formatUnits(marketCapTinybars(curve), 8),
    promoted: curve.promoted,
  };
}

/** market-cap, creation-time, last-activity, or nearest-promoted (most raised), in the asked direction. */
function order(query: MemeCoinQuery): (a: MemeCurve, b: MemeCurve) => number {
  const key: (curve: MemeCurve) => bigint =
    query.orderBy === 'creation-time'
      ? (curve) => curve.createdNs
      : query.orderBy === 'last-activity'
        ? (curve) => curve.lastActivityNs
        : query.orderBy === 'nearest-promoted'
          ? (curve) => curve.raised
          : marketCapTinybars;
  const sign = query.orderDirection === 'asc' ? 1 : -1;
  return (a, b) => {
    const [x, y] = [key(a), key(b)];
    return x === y ? a.tokenId.localeCompare(b.tokenId) : x > y ? sign : -sign;
  };
}
