import { type Address, getAddress, type Hex, pad, type PublicClient, toHex } from 'viem';

/**
 * The ERC-20 contracts an address may hold beyond a chain's known tokens: candidates only (a balance may be zero by
 * now, or the contract may not be an ERC-20 at all); the balance reader checks each with balanceOf.
 */
export type TokenDiscovery = (owner: Address) => Promise<readonly Address[]>;

/** keccak256("Transfer(address,address,uint256)"): ERC-20 and ERC-721 share it (ERC-721 indexes a third topic). */
const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The most candidates one discovery returns: a wallet sprayed with spam airdrops must not fan out without bound. */
const MAX_DISCOVERED_TOKENS = 200;

export interface TransferLogWindow {
  /** How many blocks back from the latest one the scan reaches. */
  readonly windowBlocks: number;
  /**
   * Blocks per eth_getLogs request: halved (down to `minChunkBlocks`) when the provider refuses a range, doubled back
   * (up to this) after each range it answers, since only dense stretches of the chain exceed its result caps.
   */
  readonly chunkBlocks: number;
  readonly minChunkBlocks: number;
  /** Time after which the scan stops and answers what it found (newest blocks first). */
  readonly budgetMs: number;
}

/**
 * Live default: ~100k blocks (two weeks on Ethereum, a few days on the 2-second chains) in 10k-block requests, the
 * range most RPC providers accept with an address-and-topic filter; free tiers that allow fewer get halved chunks.
 */
export const LIVE_TRANSFER_LOG_WINDOW: TransferLogWindow = {
  windowBlocks: 100_000,
  chunkBlocks: 10_000,
  minChunkBlocks: 500,
  budgetMs: 8_000,
};

/**
 * Candidates from the ERC-20 `Transfer` logs that name `owner` as the recipient, over the last `windowBlocks` blocks,
 * newest first: eth_getLogs on topics [Transfer, any, owner] in chunks. A chunk the provider refuses (range or result
 * too large) is retried at half the size; once the chunk cannot shrink (then a scan that found nothing fails) or the
 * time budget is spent, the scan answers what it has. ERC-721 transfers (four topics) are skipped.
 */
export function transferLogDiscovery(client: PublicClient, window: TransferLogWindow): TokenDiscovery {
  return async (owner) => {
    const started = Date.now();
    const found = new Set<Address>();
    const latest = await client.getBlockNumber();
    const oldest = latest - BigInt(window.windowBlocks) + 1n > 0n ? latest - BigInt(window.windowBlocks) + 1n : 0n;
    const recipient = pad(owner.toLowerCase() as Hex, { size: 32 });
    let chunk = BigInt(window.chunkBlocks);
    let toBlock = latest;
    while (toBlock >= oldest && found.size < MAX_DISCOVERED_TOKENS && Date.now() - started < window.budgetMs) {
      const fromBlock = toBlock - chunk + 1n > oldest ? toBlock - chunk + 1n : oldest;
      let logs: readonly { address: Hex; topics: readonly Hex[] }[];
      try {
        logs = await client.request({
          method: 'eth_getLogs',
          params: [{ fromBlock: toHex(fromBlock), toBlock: toHex(toBlock), topics: [TRANSFER_TOPIC, null, recipient] }],
        });
      } catch (error) {
        if (chunk / 2n < BigInt(window.minChunkBlocks)) {
          if (found.size > 0) break;
          throw error;
        }
        chunk /= 2n;
        continue;
      }
      for (const log of logs) if (log.topics.length === 3) found.add(getAddress(log.address));
      toBlock = fromBlock - 1n;
      chunk = chunk * 2n > BigInt(window.chunkBlocks) ? BigInt(window.chunkBlocks) : chunk * 2n;
    }
    return [...found].slice(0, MAX_DISCOVERED_TOKENS);
  };
}

/** Alchemy node URLs (https://<network>.g.alchemy.com/v2/<key>) answer alchemy_getTokenBalances. */
export function isAlchemyUrl(url: string): boolean {
  try {
    return new URL(url).hostname.endsWith('.alchemy.com');
  } catch {
    return false;
  }
}

interface AlchemyTokenBalances {
  readonly tokenBalances: readonly { contractAddress: string; tokenBalance: string | null }[];
  readonly pageKey?: string | null;
}

/** Pages of 100 (Alchemy's maxCount limit) up to MAX_DISCOVERED_TOKENS. */
const ALCHEMY_PAGE = 100;

/**
 * Candidates from Alchemy's token API: every ERC-20 the address has ever transacted in
 * (alchemy_getTokenBalances(owner, "erc20", { pageKey, maxCount })), those with a non-zero balance, paged.
 */
export function alchemyTokenDiscovery(client: PublicClient): TokenDiscovery {
  return async (owner) => {
    const found: Address[] = [];
    let pageKey: string | undefined;
    do {
      const options = pageKey ? { pageKey, maxCount: ALCHEMY_PAGE } : { maxCount: ALCHEMY_PAGE };
      const page = (await client.request({
        method: 'alchemy_getTokenBalances',
        params: [owner, 'erc20', options],
      } as never)) as AlchemyTokenBalances;
      for (const { contractAddress, tokenBalance } of page.tokenBalances)
        if (tokenBalance && BigInt(tokenBalance) > 0n) found.push(getAddress(contractAddress));
      pageKey = page.pageKey ?? undefined;
    } while (pageKey && found.length < MAX_DISCOVERED_TOKENS);
    return found.slice(0, MAX_DISCOVERED_TOKENS);
  };
}
