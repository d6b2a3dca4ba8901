/**
 * The market index of one sandbox EVM chain, built from its logs: `eth_getLogs` from the last indexed block to the
 * head for the pools' `Swap` and `Sync` events and the market tokens' `Transfer` events.
 * - a trade per `Swap` (the trader is the transaction's `from`), valued at the sold token's price just before it;
 * - price points per token from its USDC pool's `Sync` (swaps and the market maker's re-pricing alike);
 * - token balances and supply from `Transfer` (mints and burns included); native balances are read on demand.
 * Trades and price points older than MARKET_RETENTION_MS are dropped.
 */
import {
  type Address,
  createPublicClient,
  formatUnits,
  getAddress,
  http,
  parseAbi,
  parseAbiItem,
  type PublicClient,
} from 'viem';
import { NATIVE_TOKEN_SENTINEL, type SandboxEvmMarket, type SandboxToken } from '../evm/sandbox-market.js';
import { CoalescedSync } from './coalesced-sync.js';
import {
  type ChainIndex,
  type IndexedHolder,
  type IndexedToken,
  type IndexedTrade,
  MARKET_RETENTION_MS,
} from './indexed.js';
import { PriceHistory } from './price-history.js';

const SWAP = parseAbiItem(
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
);
const SYNC = parseAbiItem('event Sync(uint112 reserve0, uint112 reserve1)');
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const READ_ABI = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function getEthBalance(address addr) view returns (uint256)',
]);
const ZERO = '0x0000000000000000000000000000000000000000';
/** Blocks per `eth_getLogs` request (bounds one answer's size when a long history is indexed at once). */
const LOG_RANGE = 5_000n;

interface PoolState {
  readonly address: Address;
  /** Sorted by address, as the pool stores them. */
  readonly token0: SandboxToken;
  readonly token1: SandboxToken;
  reserve0: bigint;
  reserve1: bigint;
}

const lower = (address: string) => address.toLowerCase();

export class EvmChainIndex implements ChainIndex {
  readonly #gate = new CoalescedSync(() => this.#sync());
  #generation = 0;
  #state = this.#emptyState();

  /**
   * @param market the chain's market (started and seeded on first use)
   * @param knownWallets addresses whose native balance `holders` reads besides every address the logs name
   */
  constructor(
    private readonly market: () => Promise<SandboxEvmMarket>,
    private readonly knownWallets: () => readonly string[],
  ) {}

  #emptyState() {
    return {
      lastBlock: -1n,
      pools: undefined as Map<string, PoolState> | undefined,
      /** token address → holder → atomic balance (both lower case). */
      balances: new Map<string, Map<string, bigint>>(),
      supply: new Map<string, bigint>(),
      traders: new Set<string>(),
      trades: [] as IndexedTrade[],
      prices: new PriceHistory(),
    };
  }

  reset(): void {
    this.#generation += 1;
    this.#state = this.#emptyState();
  }

  /** Read clients by RPC URL, batched: a sync reads one transaction and one block per new trade. */
  readonly #clients = new Map<string, PublicClient>();

  async #client(): Promise<{ market: SandboxEvmMarket; client: PublicClient }> {
    const market = await this.market();
    const { rpcUrl, chain } = market.chain;
    let client = this.#clients.get(rpcUrl);
    if (!client) {
      client = createPublicClient({ chain, transport: http(rpcUrl, { batch: true, retryCount: 0 }) }) as PublicClient;
      this.#clients.set(rpcUrl, client);
    }
    return { market, client };
  }

  async #sync(): Promise<void> {
    const generation = this.#generation;
    const state = this.#state;
    const { market, client } = await this.#client();
    const usdc = market.token('USDC')!;
    state.pools ??= new Map(
      market.pools.map((pool) => {
        const [a, b] = pool.tokens.map((symbol) => market.token(symbol)!) as [SandboxToken, SandboxToken];
        const [token0, token1] = lower(a.address!) < lower(b.address!) ? [a, b] : [b, a];
        return [lower(pool.address), { address: pool.address, token0, token1, reserve0: -1n, reserve1: -1n }];
      }),
    );
    const pools = state.pools;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    if (head < state.lastBlock) {
      // The chain went back (a reset this index was not told of): start over.
      this.reset();
      return this.#sync();
    }
    const tokens = market.tokens.filter((token) => token.address !== null);
    for (let from = state.lastBlock + 1n; from <= head; from += LOG_RANGE) {
      const to = from + LOG_RANGE - 1n < head ? from + LOG_RANGE - 1n : head;
      const logs = await client.getLogs({
        address: [...market.pools.map((pool) => pool.address), ...tokens.map((token) => token.address!)],
        events: [SWAP, SYNC, TRANSFER],
        fromBlock: from,
        toBlock: to,
        strict: true,
      });
      const timed = logs.filter((log) => log.eventName !== 'Transfer');
      const blocks = new Map<bigint, Promise<number>>();
      const senders = new Map<string, Promise<string>>();
      for (const log of timed) {
        if (!blocks.has(log.blockNumber))
          blocks.set(
            log.blockNumber,
            client.getBlock({ blockNumber: log.blockNumber }).then((block) => Number(block.timestamp) * 1000),
          );
        if (log.eventName === 'Swap' && !senders.has(log.transactionHash))
          senders.set(
            log.transactionHash,
            client.getTransaction({ hash: log.transactionHash }).then((transaction) => transaction.from),
          );
      }
      const times = new Map(await Promise.all([...blocks].map(async ([block, time]) => [block, await time] as const)));
      const senderOf = new Map(
        await Promise.all([...senders].map(async ([hash, sender]) => [hash, await sender] as const)),
      );
      if (generation !== this.#generation) return;
      /** Reserves of each pool before the Sync of the log being read (the Swap after it is priced on them). */
      const before = new Map<string, { reserve0: bigint; reserve1: bigint }>();
      for (const log of logs) {
        const at = lower(log.address);
        if (log.eventName === 'Transfer') {
          this.#transfer(at, lower(log.args.from), lower(log.args.to), log.args.value);
        } else if (log.eventName === 'Sync') {
          const pool = pools.get(at)!;
          before.set(at, { reserve0: pool.reserve0, reserve1: pool.reserve1 });
          pool.reserve0 = log.args.reserve0;
          pool.reserve1 = log.args.reserve1;
          const priced = pool.token0 === usdc ? pool.token1 : pool.token1 === usdc ? pool.token0 : undefined;
          if (priced)
            state.prices.add(lower(priced.address!), times.get(log.blockNumber)!, this.#poolPrice(pool, priced));
        } else {
          const pool = pools.get(at)!;
          const { amount0In, amount1In, amount0Out, amount1Out } = log.args;
          const soldFirst = amount0In > 0n && amount0Out === 0n;
          const [sold, bought] = soldFirst ? [pool.token0, pool.token1] : [pool.token1, pool.token0];
          const soldAtomic = soldFirst ? amount0In : amount1In;
          const boughtAtomic = soldFirst ? amount1Out : amount0Out;
          const trader = senderOf.get(log.transactionHash)!;
          state.traders.add(lower(trader));
          const soldAmount = Number(formatUnits(soldAtomic, sold.decimals));
          state.trades.push({
            transactionHash: log.transactionHash,
            blockNumber: Number(log.blockNumber),
            timestamp: times.get(log.blockNumber)!,
            trader: getAddress(trader),
            pool: pool.address,
            sold: { address: getAddress(sold.address!), symbol: sold.symbol, amount: soldAmount },
            bought: {
              address: getAddress(bought.address!),
              symbol: bought.symbol,
              amount: Number(formatUnits(boughtAtomic, bought.decimals)),
            },
            valueUsd: soldAmount * this.#priceBefore(sold, pool, before.get(at), usdc),
          });
        }
      }
      state.lastBlock = to;
    }
    // Pools no Sync named (a chain restored from a state file without its logs): read as they are now.
    const unknown = [...pools.values()].filter((pool) => pool.reserve0 < 0n);
    if (unknown.length > 0) {
      const reserves = await Promise.all(
        unknown.map((pool) =>
          client.readContract({ address: pool.address, abi: READ_ABI, functionName: 'getReserves' }),
        ),
      );
      if (generation !== this.#generation) return;
      unknown.forEach((pool, index) => {
        const [reserve0, reserve1] = reserves[index]!;
        Object.assign(pool, { reserve0, reserve1 });
      });
    }
    const cutoff = Date.now() - MARKET_RETENTION_MS;
    const stale = state.trades.findIndex((trade) => trade.timestamp >= cutoff);
    if (stale !== 0) state.trades.splice(0, stale === -1 ? state.trades.length : stale);
    state.prices.prune(cutoff);
  }

  #transfer(token: string, from: string, to: string, value: bigint): void {
    const { balances, supply } = this.#state;
    const holders = balances.get(token) ?? new Map<string, bigint>();
    balances.set(token, holders);
    if (from === ZERO) supply.set(token, (supply.get(token) ?? 0n) + value);
    else holders.set(from, (holders.get(from) ?? 0n) - value);
    if (to === ZERO) supply.set(token, (supply.get(token) ?? 0n) - value);
    else holders.set(to, (holders.get(to) ?? 0n) + value);
  }

  /** USD price of `token` in `pool` (a pool against USDC) at its reserves. */
  #poolPrice(pool: Pick<PoolState, 'token0' | 'token1' | 'reserve0' | 'reserve1'>, token: SandboxToken): number {
    const [own, other] = pool.token0 === token ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0];
    const otherToken = pool.token0 === token ? pool.token1 : pool.token0;
    if (own <= 0n) return 0;
    return Number(formatUnits(other, otherToken.decimals)) / Number(formatUnits(own, token.decimals));
  }

  /** `token`'s USD price before the swap in `pool` whose reserves were `before`. */
  #priceBefore(
    token: SandboxToken,
    pool: PoolState,
    before: { reserve0: bigint; reserve1: bigint } | undefined,
    usdc: SandboxToken,
  ): number {
    if (token === usdc) return 1;
    const inUsdcPool = pool.token0 === usdc || pool.token1 === usdc;
    if (inUsdcPool && before && before.reserve0 > 0n) return this.#poolPrice({ ...pool, ...before }, token);
    return this.#price(token, usdc);
  }

  /** `token`'s current USD price from its USDC pool (native: the wrapped coin's). */
  #price(token: SandboxToken, usdc: SandboxToken): number {
    if (token === usdc) return 1;
    const pool = [...(this.#state.pools?.values() ?? [])].find(
      (candidate) =>
        (candidate.token0 === token || candidate.token1 === token) &&
        (candidate.token0 === usdc || candidate.token1 === usdc),
    );
    return pool && pool.reserve0 >= 0n ? this.#poolPrice(pool, token) : token.seedPriceUsd;
  }

  async tokens(): Promise<readonly IndexedToken[]> {
    await this.#gate.sync();
    const market = await this.market();
    const usdc = market.token('USDC')!;
    const pools = [...(this.#state.pools?.values() ?? [])];
    const priceOf = (token: SandboxToken) => this.#price(token.kind === 'native' ? market.wrappedNative : token, usdc);
    return market.tokens.map((token) => {
      const priced = token.kind === 'native' ? market.wrappedNative : token;
      const liquidityUsd = pools
        .filter((pool) => pool.token0 === priced || pool.token1 === priced)
        .reduce(
          (sum, pool) =>
            sum +
            Number(formatUnits(pool.reserve0, pool.token0.decimals)) * priceOf(pool.token0) +
            Number(formatUnits(pool.reserve1, pool.token1.decimals)) * priceOf(pool.token1),
          0,
        );
      const supply = token.address ? this.#state.supply.get(lower(token.address)) : undefined;
      return {
        address: token.address ? getAddress(token.address) : NATIVE_TOKEN_SENTINEL,
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        priceUsd: priceOf(token),
        liquidityUsd,
        supply: token.address ? Number(formatUnits(supply ?? 0n, token.decimals)) : null,
      };
    });
  }

  async trades(): Promise<readonly IndexedTrade[]> {
    await this.#gate.sync();
    return this.#state.trades;
  }

  async holders(tokenAddress: string): Promise<readonly IndexedHolder[]> {
    await this.#gate.sync();
    const { market, client } = await this.#client();
    const token = market.token(tokenAddress);
    if (!token) return [];
    let held: [string, bigint][];
    if (token.kind === 'native') {
      const addresses = [
        ...new Set([
          ...[...this.#state.balances.values()].flatMap((holders) => [...holders.keys()]),
          ...this.#state.traders,
          ...this.knownWallets().map(lower),
        ]),
      ];
      const balances = await this.#nativeBalances(client, market, addresses);
      held = addresses.map((address, index) => [address, balances[index]!]);
    } else {
      held = [...(this.#state.balances.get(lower(token.address!)) ?? new Map<string, bigint>())];
    }
    return held
      .filter(([, atomic]) => atomic > 0n)
      .sort(([, a], [, b]) => (a === b ? 0 : a > b ? -1 : 1))
      .map(([address, atomic]) => ({
        address: getAddress(address),
        balance: Number(formatUnits(atomic, token.decimals)),
      }));
  }

  /** Native balances of `addresses` in one Multicall3 call. */
  async #nativeBalances(client: PublicClient, market: SandboxEvmMarket, addresses: readonly string[]) {
    const results = await client.multicall({
      multicallAddress: market.chain.multicall3,
      allowFailure: false,
      contracts: addresses.map((address) => ({
        address: market.chain.multicall3,
        abi: READ_ABI,
        functionName: 'getEthBalance' as const,
        args: [address as Address] as const,
      })),
    });
    return results as bigint[];
  }

  async priceUsdAt(tokenAddress: string, at: number): Promise<number | undefined> {
    await this.#gate.sync();
    const market = await this.market();
    const token = market.token(tokenAddress);
    if (!token) return undefined;
    if (token.kind === 'usdc') return 1;
    const priced = token.kind === 'native' ? market.wrappedNative : token;
    return this.#state.prices.at(lower(priced.address!), at) ?? this.#price(priced, market.token('USDC')!);
  }

  async balances(wallet: string): Promise<readonly { token: IndexedToken; balance: number }[]> {
    const tokens = await this.tokens();
    const { market, client } = await this.#client();
    const owner = lower(wallet);
    const [native] = await this.#nativeBalances(client, market, [owner]);
    return tokens.flatMap((token) => {
      const atomic =
        token.address === NATIVE_TOKEN_SENTINEL
          ? native!
          : (this.#state.balances.get(lower(token.address))?.get(owner) ?? 0n);
      return atomic > 0n ? [{ token, balance: Number(formatUnits(atomic, token.decimals)) }] : [];
    });
  }
}
