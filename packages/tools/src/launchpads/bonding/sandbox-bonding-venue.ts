import { formatUnits } from '@svc/payments';
import { recordRead } from '@svc/providers';
import type { SandboxEvmMarket } from '@svc/sandbox';
import { SANDBOX_BONDING_MANAGER_ADDRESS } from '@svc/sandbox';
import { type Address, parseAbi, type PublicClient } from 'viem';
import type { BondingTokenListing, BondingTokenQuery, BondingVenue } from '../../ports/launchpad-venues.js';
import { BONDING_LABELS, FOUR_MEME_ABI } from './four-meme-abi.js';

const SOURCE = 'Sandbox BSC bonding launchpad';
const DAY_SECONDS = 86_400n;
/** The sandbox manager's own record of a launch (creator, launch time, label index), beside four.meme's interface. */
const INFOS_ABI = parseAbi([
  'function infos(address token) view returns (address creator, uint64 launchTime, uint8 label, uint8 status, uint256 offers, uint256 funds, address pair)',
]);
const TOTAL_SUPPLY_TOKENS = 1_000_000_000n;

interface Launch {
  readonly listing: BondingTokenListing;
  readonly requestId: bigint;
  readonly funds: bigint;
  readonly volume24h: bigint;
}

/**
 * The sandbox BSC launchpad (SandboxBondingManager): its list read from the chain, the manager's TokenCreate events
 * for the launches and their curve state (getTokenInfo), its TokenPurchase and TokenSale events for 24-hour volume.
 */
export function sandboxBondingVenue(evm: (chainId: number) => Promise<SandboxEvmMarket>): BondingVenue {
  /** Block timestamps by block hash (a reset chain reuses numbers, never hashes). */
  const blockTimes = new Map<string, bigint>();
  const timeOf = async (client: PublicClient, blockHash: `0x${string}`) => {
    let time = blockTimes.get(blockHash);
    if (time === undefined) {
      time = (await client.getBlock({ blockHash })).timestamp;
      blockTimes.set(blockHash, time);
    }
    return time;
  };
  return {
    manager: SANDBOX_BONDING_MANAGER_ADDRESS,
    helper: SANDBOX_BONDING_MANAGER_ADDRESS,
    source: SOURCE,
    async findTokens(query) {
      recordRead(SOURCE);
      const client = (await evm(56)).chain.publicClient as PublicClient;
      const launches = await readLaunches(client, timeOf);
      const matching = launches.filter((launch) => matches(launch.listing, query)).sort(order(query.orderBy));
      const start = (query.pageIndex - 1) * query.pageSize;
      return {
        tokens: matching.slice(start, start + query.pageSize).map((launch) => launch.listing),
        total: matching.length,
      };
    },
  };
}

async function readLaunches(
  client: PublicClient,
  timeOf: (client: PublicClient, blockHash: `0x${string}`) => Promise<bigint>,
): Promise<Launch[]> {
  const manager = SANDBOX_BONDING_MANAGER_ADDRESS;
  const [events, head] = await Promise.all([
    client.getContractEvents({ address: manager, abi: FOUR_MEME_ABI, fromBlock: 0n }),
    client.getBlock(),
  ]);
  const created = events.filter((event) => event.eventName === 'TokenCreate');
  const trades = events.filter((event) => event.eventName === 'TokenPurchase' || event.eventName === 'TokenSale');
  const since = head.timestamp - DAY_SECONDS;
  const volume = new Map<string, bigint>();
  for (const trade of trades) {
    if ((await timeOf(client, trade.blockHash)) < since) continue;
    const { token, cost } = trade.args as { token: Address; cost: bigint };
    volume.set(token.toLowerCase(), (volume.get(token.toLowerCase()) ?? 0n) + cost);
  }
  return Promise.all(
    created.map(async (event) => {
      const { token, name, symbol, creator, requestId } = event.args as {
        token: Address;
        name: string;
        symbol: string;
        creator: Address;
        requestId: bigint;
      };
      const [info, record] = await Promise.all([
        client.readContract({ address: manager, abi: FOUR_MEME_ABI, functionName: 'getTokenInfo', args: [token] }),
        client.readContract({ address: manager, abi: INFOS_ABI, functionName: 'infos', args: [token] }),
      ]);
      const [, , , lastPrice, , , launchTime, , , funds, maxFunds, liquidityAdded] = info;
      const volume24h = volume.get(token.toLowerCase()) ?? 0n;
      const listing: BondingTokenListing = {
        tokenAddress: token,
        name,
        symbol,
        label: BONDING_LABELS[record[2]] ?? null,
        creator,
        launchTime: new Date(Number(launchTime) * 1000).toISOString(),
        progress: liquidityAdded ? 1 : Number((funds * 10_000n) / maxFunds) / 10_000,
        raisedBnb: formatUnits(funds, 18),
        priceBnb: formatUnits(lastPrice, 18),
        marketCapBnb: formatUnits(lastPrice * TOTAL_SUPPLY_TOKENS, 18),
        listedDex: liquidityAdded,
        volume24hBnb: formatUnits(volume24h, 18),
      };
      return { listing, requestId, funds, volume24h };
    }),
  );
}

const contains = (value: string, wanted: string | undefined) =>
  wanted === undefined || value.toLowerCase().includes(wanted.toLowerCase());

function matches(listing: BondingTokenListing, query: BondingTokenQuery): boolean {
  return (
    contains(listing.name, query.tokenName) &&
    contains(listing.symbol, query.symbol) &&
    (query.listedDex === undefined || listing.listedDex === query.listedDex) &&
    (query.labels === undefined || listing.label === query.labels)
  );
}

const newestFirst = (a: Launch, b: Launch) => (b.requestId > a.requestId ? 1 : b.requestId < a.requestId ? -1 : 0);
const larger = (a: bigint, b: bigint) => (b > a ? 1 : b < a ? -1 : 0);

/** TimeDesc: newest launch first; ProgressDesc: most raised first; Hot: most BNB traded in 24 hours first. */
function order(orderBy: BondingTokenQuery['orderBy']): (a: Launch, b: Launch) => number {
  if (orderBy === 'TimeDesc') return newestFirst;
  if (orderBy === 'ProgressDesc') return (a, b) => larger(a.funds, b.funds) || newestFirst(a, b);
  return (a, b) => larger(a.volume24h, b.volume24h) || newestFirst(a, b);
}
