/**
 * The market index of the sandbox Solana chain. It follows the ledger's landed transactions (by slot, a cursor:
 * every landed transaction has a slot of its own) rather than a hook in the venue, because the venue only quotes and
 * co-signs: the swap lands whenever and however its signer submits it (the JSON-RPC facade, a paid tool, the
 * simulator), and only the ledger sees that. A landed transaction that moves a venue pool's reserves is a trade:
 * - its legs are the pools' net reserve changes (the hop asset of a two-pool route nets to zero), the trader its fee
 *   payer, its value the sold asset at the pools' price just before it;
 * - price points come from the USDC pools' reserves after each trade, and from any re-pricing (the venue's price
 *   control writes reserves without a transaction) noticed at the next read;
 * - holders are the ledger's token accounts (mintState), native SOL the lamports of the wallets the index knows.
 * Native SOL and wrapped SOL are one token here, at the wrapped-SOL mint (as the market tools name the native coin).
 * The ledger keeps the last 10,000 landed transactions; the simulator's background sync keeps the index well within.
 */
import type { LandedTransaction } from '../solana/ledger.js';
import type { SandboxSolana } from '../solana/sandbox-solana.js';
import type { VenuePool } from '../solana/swap-venue.js';
import {
  assetIdOf,
  type SandboxSolanaToken,
  type SolanaAssetId,
  SOLANA_USDC_MINT,
  SOLANA_WSOL_MINT,
} from '../solana/tokens.js';
import { CoalescedSync } from './coalesced-sync.js';
import {
  type ChainIndex,
  type IndexedHolder,
  type IndexedLeg,
  type IndexedToken,
  type IndexedTrade,
  MARKET_RETENTION_MS,
} from './indexed.js';
import { PriceHistory } from './price-history.js';

/** SOL and WSOL are one market token, priced by the SOL/USDC pool. */
const marketAsset = (asset: SolanaAssetId): SolanaAssetId => (asset === SOLANA_WSOL_MINT ? 'SOL' : asset);
const publicAddress = (asset: SolanaAssetId): string => (asset === 'SOL' ? SOLANA_WSOL_MINT : asset);
const whole = (atomic: bigint, token: SandboxSolanaToken) => Number(atomic) / 10 ** token.decimals;

interface Reserves {
  readonly base: bigint;
  readonly quote: bigint;
}

export class SolanaChainIndex implements ChainIndex {
  readonly #gate = new CoalescedSync(() => this.#sync());
  #lastSlot = -1n;
  #trades: IndexedTrade[] = [];
  readonly #prices = new PriceHistory();
  readonly #traders = new Set<string>();

  constructor(
    private readonly solana: SandboxSolana,
    private readonly knownWallets: () => readonly string[],
  ) {}

  reset(): void {
    this.#lastSlot = -1n;
    this.#trades = [];
    this.#prices.clear();
    this.#traders.clear();
  }

  #token(asset: SolanaAssetId): SandboxSolanaToken {
    return this.solana.tokens.find((token) => assetIdOf(token) === asset)!;
  }

  async #sync(): Promise<void> {
    for (const landed of this.solana.landedAfter(this.#lastSlot)) {
      this.#lastSlot = landed.slot;
      if (landed.err === null) await this.#read(landed);
    }
    // Re-pricing writes reserves without a transaction: a price that moved since the last point is a new point.
    const now = Date.now();
    for (const token of this.solana.tokens) {
      const asset = assetIdOf(token);
      if (asset === SOLANA_USDC_MINT || asset === SOLANA_WSOL_MINT) continue;
      this.#prices.add(asset, now, await this.solana.tokenPriceUsd(asset));
    }
    const cutoff = now - MARKET_RETENTION_MS;
    const stale = this.#trades.findIndex((trade) => trade.timestamp >= cutoff);
    if (stale !== 0) this.#trades.splice(0, stale === -1 ? this.#trades.length : stale);
    this.#prices.prune(cutoff);
  }

  /** A pool's reserves before and after `landed` (SOL: the pool key's lamports above the rent-exempt minimum). */
  #reservesAround(landed: LandedTransaction, pool: VenuePool): { pre: Reserves; post: Reserves } {
    const rent = this.solana.rentExemptMinimum(0n);
    const index = landed.accountKeys.indexOf(pool.address);
    const side = (token: SandboxSolanaToken, when: 'pre' | 'post'): bigint => {
      if (token.mint === null) {
        const lamports = (when === 'pre' ? landed.preBalances : landed.postBalances)[index] ?? 0n;
        return lamports > rent ? lamports - rent : 0n;
      }
      const balances = when === 'pre' ? landed.preTokenBalances : landed.postTokenBalances;
      return balances.find((entry) => entry.owner === pool.address && entry.mint === token.mint)?.amount ?? 0n;
    };
    return {
      pre: { base: side(pool.base, 'pre'), quote: side(pool.quote, 'pre') },
      post: { base: side(pool.base, 'post'), quote: side(pool.quote, 'post') },
    };
  }

  async #read(landed: LandedTransaction): Promise<void> {
    const touched = this.solana.venue.pools.filter((pool) => landed.accountKeys.includes(pool.address));
    if (touched.length === 0) return;
    const around = new Map(touched.map((pool) => [pool, this.#reservesAround(landed, pool)]));
    // What the pools took in (positive) and paid out (negative), per asset; a hop asset nets to zero.
    const net = new Map<SolanaAssetId, bigint>();
    for (const [pool, { pre, post }] of around) {
      const base = assetIdOf(pool.base);
      const quote = assetIdOf(pool.quote);
      net.set(base, (net.get(base) ?? 0n) + post.base - pre.base);
      net.set(quote, (net.get(quote) ?? 0n) + post.quote - pre.quote);
    }
    const soldAsset = [...net].find(([, change]) => change > 0n);
    const boughtAsset = [...net].find(([, change]) => change < 0n);
    if (!soldAsset || !boughtAsset) return;
    const at = landed.blockTime * 1000;
    const leg = ([asset, atomic]: [SolanaAssetId, bigint]): IndexedLeg => {
      const token = this.#token(asset);
      return {
        address: publicAddress(marketAsset(asset)),
        symbol: this.#token(marketAsset(asset)).symbol,
        amount: whole(atomic < 0n ? -atomic : atomic, token),
      };
    };
    const sold = leg(soldAsset);
    const trader = landed.accountKeys[0]!;
    this.#traders.add(trader);
    this.#trades.push({
      transactionHash: landed.signature,
      blockNumber: Number(landed.slot),
      timestamp: at,
      trader,
      pool: (
        touched.find((pool) => [assetIdOf(pool.base), assetIdOf(pool.quote)].includes(soldAsset[0])) ?? touched[0]!
      ).address,
      sold,
      bought: leg(boughtAsset),
      valueUsd: sold.amount * (await this.#priceBefore(soldAsset[0], around)),
    });
    for (const [pool, { post }] of around) {
      if (assetIdOf(pool.quote) !== SOLANA_USDC_MINT || assetIdOf(pool.base) === SOLANA_WSOL_MINT) continue;
      this.#prices.add(assetIdOf(pool.base), at, whole(post.quote, pool.quote) / whole(post.base, pool.base));
    }
  }

  /** The USD price of `asset` just before the trade whose pools moved as `around` says. */
  async #priceBefore(asset: SolanaAssetId, around: ReadonlyMap<VenuePool, { pre: Reserves }>): Promise<number> {
    if (asset === SOLANA_USDC_MINT) return 1;
    for (const [pool, { pre }] of around) {
      if (assetIdOf(pool.base) === asset && assetIdOf(pool.quote) === SOLANA_USDC_MINT && pre.base > 0n)
        return whole(pre.quote, pool.quote) / whole(pre.base, pool.base);
    }
    const priced = marketAsset(asset);
    return this.#prices.latest(priced) ?? this.solana.tokenPriceUsd(priced);
  }

  async tokens(): Promise<readonly IndexedToken[]> {
    await this.#gate.sync();
    const { solana } = this;
    const prices = new Map<SolanaAssetId, number>();
    for (const token of solana.tokens) prices.set(assetIdOf(token), await solana.tokenPriceUsd(assetIdOf(token)));
    const liquidity = new Map<SolanaAssetId, number>();
    for (const pool of solana.venue.pools) {
      const reserves = await solana.venue.reserves(pool);
      const usd =
        whole(reserves.base, pool.base) * prices.get(assetIdOf(pool.base))! +
        whole(reserves.quote, pool.quote) * prices.get(assetIdOf(pool.quote))!;
      for (const asset of new Set([marketAsset(assetIdOf(pool.base)), marketAsset(assetIdOf(pool.quote))]))
        liquidity.set(asset, (liquidity.get(asset) ?? 0) + usd);
    }
    const tokens: IndexedToken[] = [];
    for (const token of solana.tokens) {
      const asset = assetIdOf(token);
      if (asset === SOLANA_WSOL_MINT) continue;
      const state = token.mint === null ? undefined : await solana.mintState(token.mint);
      tokens.push({
        address: publicAddress(asset),
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        priceUsd: prices.get(asset)!,
        liquidityUsd: liquidity.get(asset) ?? 0,
        supply: state ? whole(state.supply, token) : null,
      });
    }
    return tokens;
  }

  async trades(): Promise<readonly IndexedTrade[]> {
    await this.#gate.sync();
    return this.#trades;
  }

  async holders(tokenAddress: string): Promise<readonly IndexedHolder[]> {
    await this.#gate.sync();
    const token = this.solana.tokens.find((candidate) => candidate.mint === tokenAddress);
    if (!token) return [];
    const held = new Map<string, bigint>();
    const add = (owner: string, atomic: bigint) => held.set(owner, (held.get(owner) ?? 0n) + atomic);
    for (const holder of (await this.solana.mintState(tokenAddress))?.holders ?? []) add(holder.owner, holder.amount);
    if (token.mint === SOLANA_WSOL_MINT) {
      const rent = this.solana.rentExemptMinimum(0n);
      const owners = new Set([
        ...this.#traders,
        ...this.knownWallets(),
        ...this.solana.venue.pools.map((pool) => pool.address),
      ]);
      for (const owner of owners) {
        const lamports = await this.solana.solBalance(owner);
        if (lamports > rent) add(owner, lamports - rent);
      }
    }
    return [...held]
      .filter(([, atomic]) => atomic > 0n)
      .sort(([, a], [, b]) => (a === b ? 0 : a > b ? -1 : 1))
      .map(([address, atomic]) => ({ address, balance: whole(atomic, token) }));
  }

  async priceUsdAt(tokenAddress: string, at: number): Promise<number | undefined> {
    await this.#gate.sync();
    const token = this.solana.tokens.find((candidate) => candidate.mint === tokenAddress);
    if (!token) return undefined;
    if (token.mint === SOLANA_USDC_MINT) return 1;
    const asset = marketAsset(assetIdOf(token));
    return this.#prices.at(asset, at) ?? this.solana.tokenPriceUsd(asset);
  }

  async balances(wallet: string): Promise<readonly { token: IndexedToken; balance: number }[]> {
    const tokens = await this.tokens();
    const held: { token: IndexedToken; balance: number }[] = [];
    for (const token of tokens) {
      const seeded = this.solana.tokens.find((candidate) => candidate.mint === token.address)!;
      let atomic = await this.solana.tokenBalance(wallet, token.address);
      if (token.address === SOLANA_WSOL_MINT) atomic += await this.solana.solBalance(wallet);
      if (atomic > 0n) held.push({ token, balance: whole(atomic, seeded) });
    }
    return held;
  }
}
