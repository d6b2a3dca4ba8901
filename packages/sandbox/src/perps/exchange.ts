/**
 * The sandbox perp exchange: Hyperliquid-like perpetual markets (markets.ts) whose oracle prices follow the sandbox
 * prices, an order book the simulated market makers re-quote around the oracle (plus a drifting premium) every
 * tick, simulated traders (and two vaults) sweeping it with market orders, hourly funding from the premiums of the
 * hour's trades (funding.ts), and the staking and vault holdings of simulated depositors (holders.ts).
 *
 * Time moves only by `tick` (one per market-simulator step): a tick happens at max(last event + 1 s, now), after
 * catching up a gap longer than two minutes with one-minute ticks (at most a day of them). Each tick's random
 * draws are seeded by the exchange's seed and the tick's time, so the same ticks make the same trades. A new
 * exchange starts a day back and catches up to now, so it opens with a day of trades, candles and funding.
 */
import { createHash } from 'node:crypto';
import { seededRandom } from '../market/prng.js';
import {
  ACCOUNT_HISTORY_MS,
  ACCOUNT_RECORDS,
  accountValue,
  applyFill,
  keepNewest,
  newAccount,
  type PerpAccount,
  type PerpOrderRecord,
} from './accounts.js';
import { type BookSides, matchMarketOrder, type RestingOrder, topOfBook } from './book.js';
import { HOUR_MS, hourlyFunding, premiumOf } from './funding.js';
import { type Holders, seedHolders, simulateHolders, type VaultState } from './holders.js';
import { PERP_MARKETS, type PerpMarketSpec, perpMarket, roundPx, roundSz } from './markets.js';

export interface PerpTrade {
  readonly coin: string;
  readonly px: number;
  readonly sz: number;
  /** The taker's side: B bought (lifted an ask), A sold (hit a bid). */
  readonly side: 'B' | 'A';
  readonly time: number;
  readonly tid: number;
  readonly hash: string;
  readonly buyer: string;
  readonly seller: string;
  /** The oracle price when it traded: the trade's premium sample is (px − oraclePx) / oraclePx. */
  readonly oraclePx: number;
}

export interface FundingRecord {
  readonly coin: string;
  /** The hour it settled (ms); it covers the hour before. */
  readonly time: number;
  readonly fundingRate: number;
  readonly premium: number;
}

interface MarketState {
  /** The last sandbox price given for the market (its seed price before any); the oracle wanders around it meanwhile. */
  reference: number;
  /** The oracle's deviation from the reference while no price is given, a mean-reverting walk. */
  wander: number;
  oraclePx: number;
  /** The makers' premium over the oracle, a mean-reverting walk. */
  drift: number;
  markPx: number;
  readonly book: BookSides;
  readonly trades: PerpTrade[];
  readonly funding: FundingRecord[];
}

export interface PerpExchangeState {
  readonly format: typeof STATE_FORMAT;
  readonly seed: string;
  clock: number;
  nextOid: number;
  nextTid: number;
  readonly markets: Record<string, MarketState>;
  /** By lower-case address. */
  readonly accounts: Record<string, PerpAccount>;
  readonly holders: Holders;
  /** Sandbox names (lower case) → address: the name source of the perpdex tools' `user` in sandbox mode. */
  readonly names: Record<string, string>;
}

/** A simulated participant: market makers quote the books, the others trade, stake and deposit in vaults. */
export interface PerpParticipant {
  readonly address: string;
  readonly role: 'maker' | 'trader';
  /** Its sandbox name (resolves to the address). */
  readonly name: string;
}

const STATE_FORMAT = 'svc-sandbox-perps-1';
/** Trades kept per market: a day for the 24h figures and the daily candle, and an hour's margin. */
export const TRADE_RETENTION_MS = 25 * HOUR_MS;
/** Funding records kept per market. */
const FUNDING_RETENTION_MS = 31 * 24 * HOUR_MS;
const MINUTE_MS = 60_000;
/** Levels a side each maker quotes (Hyperliquid's l2Book answers at most 20 a side). */
export const QUOTE_LEVELS = 20;
const HALF_SPREAD = 0.0002;
const LEVEL_STEP = 0.00025;
export const TAKER_FEE = 0.00045;
export const MAKER_FEE = 0.00015;
/** A trader above this notional in one market only trades to reduce it. */
const TRADER_MAX_NOTIONAL = 60_000;

export class SandboxPerpExchange {
  private constructor(
    private readonly state: PerpExchangeState,
    private readonly participants: readonly PerpParticipant[],
    private readonly now: () => number,
  ) {}

  /** A new exchange a day back, caught up to now; or the one `state` holds (a persisted exchange), as it was. */
  static open(options: {
    readonly seed: string;
    readonly participants: readonly PerpParticipant[];
    readonly now?: () => number;
    readonly state?: PerpExchangeState | undefined;
    /** A new exchange's reference prices (the sandbox prices now; coin → USD); the seed prices where missing. */
    readonly references?: ReadonlyMap<string, number> | undefined;
  }): SandboxPerpExchange {
    const now = options.now ?? Date.now;
    if (options.state) {
      if (options.state.format !== STATE_FORMAT) throw new Error(`not a sandbox perp exchange state`);
      return new SandboxPerpExchange(options.state, options.participants, now);
    }
    const genesis = Math.floor(now() / MINUTE_MS) * MINUTE_MS - 24 * HOUR_MS;
    const state: PerpExchangeState = {
      format: STATE_FORMAT,
      seed: options.seed,
      clock: genesis,
      nextOid: 1,
      nextTid: 1,
      markets: Object.fromEntries(
        PERP_MARKETS.map((spec) => {
          const reference = options.references?.get(spec.coin) ?? spec.seedPx;
          const market: MarketState = {
            reference,
            wander: 0,
            oraclePx: reference,
            drift: 0,
            markPx: reference,
            book: { bids: [], asks: [] },
            trades: [],
            funding: [],
          };
          return [spec.coin, market];
        }),
      ),
      accounts: {},
      holders: { vaults: [], validators: [] },
      names: {},
    };
    const exchange = new SandboxPerpExchange(state, options.participants, now);
    exchange.#seed(genesis);
    exchange.tick(new Map());
    return exchange;
  }

  /** The whole state (what its file holds). */
  snapshot(): PerpExchangeState {
    return this.state;
  }

  /** The exchange's time: its last event. */
  get clock(): number {
    return this.state.clock;
  }

  /**
   * One step of the exchange at max(last event + 1 s, now), after one-minute ticks over a gap of more than two minutes.
   * `oracle`: the sandbox prices of the markets that follow one (coin → USD); a market missing there wanders around
   * its last given price (HYPE, which has no sandbox token: around its seed price).
   */
  tick(oracle: ReadonlyMap<string, number>): void {
    const target = Math.max(this.state.clock + 1000, this.now());
    const gapStart = Math.max(this.state.clock, target - 24 * HOUR_MS);
    if (target - gapStart > 2 * MINUTE_MS) {
      for (let time = gapStart + MINUTE_MS; time < target - MINUTE_MS; time += MINUTE_MS) this.#tickAt(time, oracle);
    }
    this.#tickAt(target, oracle);
  }

  // Reads ------------------------------------------------------------------------------------------------------------

  hasMarket(coin: string): boolean {
    return perpMarket(coin) !== undefined;
  }

  market(coin: string): Readonly<MarketState> & { readonly spec: PerpMarketSpec } {
    const spec = perpMarket(coin);
    if (!spec) throw new RangeError(`no perp market ${coin}`);
    return { ...this.state.markets[coin]!, spec };
  }

  /** Trades of `coin` in the retention window, oldest first. */
  trades(coin: string): readonly PerpTrade[] {
    return this.market(coin).trades;
  }

  /** Every address with an account (lower case). */
  accountAddresses(): readonly string[] {
    return Object.keys(this.state.accounts);
  }

  account(address: string): PerpAccount | undefined {
    return this.state.accounts[address.toLowerCase()];
  }

  /** The resting orders `address` has on every book. */
  openOrders(address: string): readonly RestingOrder[] {
    const owner = address.toLowerCase();
    return Object.values(this.state.markets).flatMap((market) =>
      [...market.book.bids, ...market.book.asks].filter((order) => order.owner === owner),
    );
  }

  get holders(): Readonly<Holders> {
    return this.state.holders;
  }

  markPx(coin: string): number {
    return this.state.markets[coin]?.markPx ?? 0;
  }

  /** Account value of `address` on the perp side. */
  accountValue(address: string): number {
    const account = this.account(address);
    return account ? accountValue(account, (coin) => this.markPx(coin)) : 0;
  }

  /** Equity of `address` in `vault`. */
  vaultEquity(vault: VaultState, address: string): number {
    const shares = vault.shares[address.toLowerCase()] ?? 0;
    return vault.totalShares === 0 ? 0 : (shares / vault.totalShares) * this.accountValue(vault.address);
  }

  /** The address a sandbox name resolves to (any case); undefined when no one has it. */
  resolveName(name: string): string | undefined {
    return this.state.names[name.toLowerCase()];
  }

  // The sandbox route's actions -------------------------------------------------------------------------------------

  /** Gives `name` to `address` (a sandbox name, replacing the name's previous owner). */
  registerName(name: string, address: string): void {
    this.state.names[name.toLowerCase()] = address.toLowerCase();
  }

  /**
   * Opens (or adds to) a position of `sizeUsd` notional at `leverage` with a market order: the sandbox deposits
   * its margin (sizeUsd / leverage) into the account first. Answers the order's fills.
   */
  openPosition(order: {
    address: string;
    coin: string;
    side: 'long' | 'short';
    sizeUsd: number;
    leverage: number;
  }): ReturnType<SandboxPerpExchange['closePosition']> {
    const market = this.market(order.coin);
    const account = this.#account(order.address);
    const time = this.#eventTime();
    const margin = order.sizeUsd / order.leverage;
    account.cash += margin;
    account.netDeposits += margin;
    const sz = roundSz(order.sizeUsd / market.markPx, market.spec.szDecimals);
    if (sz <= 0) throw new RangeError(`${order.sizeUsd} USD is less than one ${order.coin} contract unit`);
    return this.#marketOrder(account, order.coin, order.side === 'long' ? 'B' : 'A', sz, time, {
      leverage: order.leverage,
      reduceOnly: false,
    });
  }

  /** Closes the account's whole position in `coin` with a reduce-only market order; its fills (none if flat). */
  closePosition(order: { address: string; coin: string }): { fills: PerpAccount['fills']; time: number } {
    this.market(order.coin);
    const account = this.#account(order.address);
    const position = account.positions[order.coin];
    const time = this.#eventTime();
    if (!position) return { fills: [], time };
    return this.#marketOrder(account, order.coin, position.szi > 0 ? 'A' : 'B', Math.abs(position.szi), time, {
      leverage: position.leverage,
      reduceOnly: true,
    });
  }

  // Internals -------------------------------------------------------------------------------------------------------

  #eventTime(): number {
    this.state.clock = Math.max(this.state.clock, this.now());
    return this.state.clock;
  }

  #account(address: string): PerpAccount {
    const key = address.toLowerCase();
    return (this.state.accounts[key] ??= newAccount(key));
  }

  #makers(): readonly PerpParticipant[] {
    return this.participants.filter((participant) => participant.role === 'maker');
  }

  /** Deposits, spot balances, names, validators, stakes and vaults of the simulated participants at genesis. */
  #seed(genesis: number): void {
    const random = seededRandom(`${this.state.seed}:perps:genesis`);
    for (const participant of this.participants) {
      const account = this.#account(participant.address);
      const deposit = participant.role === 'maker' ? 20_000_000 : Math.round(250_000 + random() * 1_750_000);
      account.cash = deposit;
      account.netDeposits = deposit;
      account.spot.USDC = Math.round(10_000 + random() * 90_000);
      this.registerName(participant.name, participant.address);
    }
    const traders = this.participants.filter((participant) => participant.role === 'trader');
    seedHolders(this.state.holders, {
      seed: this.state.seed,
      genesis,
      traders: traders.map((trader) => this.#account(trader.address)),
      vaultAccount: (address, deposits) => {
        const account = this.#account(address);
        account.cash += deposits;
        account.netDeposits += deposits;
      },
    });
    for (const vault of this.state.holders.vaults) this.registerName(vault.name, vault.address);
  }

  #tickAt(time: number, oracle: ReadonlyMap<string, number>): void {
    this.#settleFunding(time);
    const random = seededRandom(`${this.state.seed}:perps:tick:${time}`);
    const makers = this.#makers();
    const takers = [
      ...this.participants.filter((participant) => participant.role === 'trader').map((trader) => trader.address),
      ...this.state.holders.vaults.map((vault) => vault.address),
    ];
    PERP_MARKETS.forEach((spec, index) => {
      const market = this.state.markets[spec.coin]!;
      const given = oracle.get(spec.coin);
      if (given !== undefined) {
        market.reference = given;
        market.wander = 0;
      } else {
        market.wander = 0.98 * market.wander + (random() - 0.5) * 0.002;
      }
      market.oraclePx = roundPx(market.reference * (1 + market.wander), spec.szDecimals);
      market.drift = 0.8 * market.drift + (random() - 0.5) * 0.0008;
      const maker = makers[index % Math.max(1, makers.length)];
      if (maker) this.#quote(spec, market, maker.address.toLowerCase(), time, random);
      const count = Math.floor(random() * 3);
      for (let taker = 0; taker < count && takers.length > 0; taker++) {
        const account = this.#account(takers[Math.floor(random() * takers.length)]!);
        const held = account.positions[spec.coin]?.szi ?? 0;
        const sizeUsd = 500 + random() * 20_000;
        const side: 'B' | 'A' =
          Math.abs(held) * market.oraclePx > TRADER_MAX_NOTIONAL ? (held > 0 ? 'A' : 'B') : random() < 0.5 ? 'B' : 'A';
        const sz = roundSz(sizeUsd / market.oraclePx, spec.szDecimals);
        if (sz > 0) this.#marketOrder(account, spec.coin, side, sz, time, { leverage: 5, reduceOnly: false });
      }
      const { mid } = topOfBook(market.book);
      const last = market.trades[market.trades.length - 1]?.px;
      market.markPx = median([market.oraclePx, mid ?? market.oraclePx, last ?? mid ?? market.oraclePx]);
      const cutoff = time - TRADE_RETENTION_MS;
      const stale = market.trades.findIndex((trade) => trade.time >= cutoff);
      if (stale > 0) market.trades.splice(0, stale);
    });
    simulateHolders(this.state.holders, {
      random,
      time,
      account: (address) => this.#account(address),
      stakers: this.participants
        .filter((participant) => participant.role === 'trader')
        .map((trader) => this.#account(trader.address)),
      vaultValue: (vault) => this.accountValue(vault.address),
    });
    this.state.clock = time;
  }

  /** The maker's quotes replace its previous ones: QUOTE_LEVELS a side around oracle × (1 + drift). */
  #quote(spec: PerpMarketSpec, market: MarketState, maker: string, time: number, random: () => number): void {
    const fair = market.oraclePx * (1 + market.drift);
    const quotes = (side: 'B' | 'A') => {
      const orders: RestingOrder[] = [];
      for (let level = 0; level < QUOTE_LEVELS; level++) {
        const offset = HALF_SPREAD + level * LEVEL_STEP;
        const px = roundPx(fair * (side === 'B' ? 1 - offset : 1 + offset), spec.szDecimals);
        const sz = Math.max(
          10 ** -spec.szDecimals,
          roundSz(((5_000 + random() * 45_000) * (1 + level / 5)) / px, spec.szDecimals),
        );
        if (orders[orders.length - 1]?.px === px) continue;
        orders.push({
          oid: this.state.nextOid++,
          owner: maker,
          coin: spec.coin,
          side,
          px,
          sz,
          origSz: sz,
          timestamp: time,
        });
      }
      return orders;
    };
    market.book.bids = quotes('B');
    market.book.asks = quotes('A');
  }

  /** A taker's market order (IOC at whatever the book offers): trades, fills, positions and records on both sides. */
  #marketOrder(
    taker: PerpAccount,
    coin: string,
    side: 'B' | 'A',
    sz: number,
    time: number,
    options: { leverage: number; reduceOnly: boolean },
  ): { fills: PerpAccount['fills']; time: number } {
    const spec = perpMarket(coin)!;
    const market = this.state.markets[coin]!;
    const oid = this.state.nextOid++;
    const matches = matchMarketOrder(market.book, side, sz, spec.szDecimals);
    const fills: PerpAccount['fills'] = [];
    for (const match of matches) {
      const tid = this.state.nextTid++;
      const hash = `0x${createHash('sha256').update(`${this.state.seed}:trade:${tid}`).digest('hex')}`;
      const maker = this.#account(match.maker.owner);
      const [buyer, seller] = side === 'B' ? [taker, maker] : [maker, taker];
      market.trades.push({
        coin,
        px: match.px,
        sz: match.sz,
        side,
        time,
        tid,
        hash,
        buyer: buyer.address,
        seller: seller.address,
        oraclePx: market.oraclePx,
      });
      fills.push(this.#fill(taker, { coin, side, match, time, tid, hash, oid, crossed: true }, options.leverage));
      this.#fill(
        maker,
        { coin, side: side === 'B' ? 'A' : 'B', match, time, tid, hash, oid: match.maker.oid, crossed: false },
        5,
      );
      if (match.maker.sz === 0) {
        this.#record(maker, {
          order: match.maker,
          status: 'filled',
          time,
          limitPx: match.maker.px,
          left: 0,
          market: false,
        });
      }
    }
    const filled = fills.reduce((sum, fill) => sum + fill.sz, 0);
    const worstPx = matches[matches.length - 1]?.px ?? market.markPx;
    this.#record(taker, {
      order: { oid, owner: taker.address, coin, side, px: worstPx, sz, origSz: sz, timestamp: time },
      status: filled > 0 ? 'filled' : 'canceled',
      time,
      limitPx: worstPx,
      left: Number((sz - filled).toFixed(spec.szDecimals)),
      market: true,
      reduceOnly: options.reduceOnly,
    });
    if (fills.length > 0) this.#snapshotAccount(taker, time);
    this.state.clock = Math.max(this.state.clock, time);
    return { fills, time };
  }

  #fill(
    account: PerpAccount,
    fill: {
      coin: string;
      side: 'B' | 'A';
      match: { px: number; sz: number };
      time: number;
      tid: number;
      hash: string;
      oid: number;
      crossed: boolean;
    },
    leverage: number,
  ): PerpAccount['fills'][number] {
    const { px, sz } = fill.match;
    const before = account.positions[fill.coin];
    const { position, closedPnl, dir } = applyFill(before, fill.side === 'B' ? sz : -sz, px, leverage);
    if (position) account.positions[fill.coin] = position;
    else delete account.positions[fill.coin];
    const fee = px * sz * (fill.crossed ? TAKER_FEE : MAKER_FEE);
    account.cash += closedPnl - fee;
    account.volume += px * sz;
    const record = {
      coin: fill.coin,
      px,
      sz,
      side: fill.side,
      time: fill.time,
      startPosition: before?.szi ?? 0,
      dir,
      closedPnl,
      hash: fill.hash,
      oid: fill.oid,
      crossed: fill.crossed,
      fee,
      tid: fill.tid,
    };
    account.fills.push(record);
    keepNewest(account.fills, ACCOUNT_RECORDS);
    return record;
  }

  #record(
    account: PerpAccount,
    entry: {
      order: RestingOrder;
      status: PerpOrderRecord['status'];
      time: number;
      limitPx: number;
      left: number;
      market: boolean;
      reduceOnly?: boolean;
    },
  ): void {
    account.orders.push({
      coin: entry.order.coin,
      side: entry.order.side,
      limitPx: entry.limitPx,
      sz: entry.left,
      origSz: entry.order.origSz,
      oid: entry.order.oid,
      timestamp: entry.order.timestamp,
      orderType: entry.market ? 'Market' : 'Limit',
      tif: entry.market ? 'FrontendMarket' : 'Gtc',
      reduceOnly: entry.reduceOnly ?? false,
      status: entry.status,
      statusTimestamp: entry.time,
    });
    keepNewest(account.orders, ACCOUNT_RECORDS);
  }

  /** Settles funding for every hour boundary from the last event to `time`, then snapshots the accounts' values. */
  #settleFunding(time: number): void {
    for (let hour = Math.floor(this.state.clock / HOUR_MS + 1) * HOUR_MS; hour <= time; hour += HOUR_MS) {
      for (const spec of PERP_MARKETS) {
        const market = this.state.markets[spec.coin]!;
        const premiums = market.trades
          .filter((trade) => trade.time >= hour - HOUR_MS && trade.time < hour)
          .map((trade) => premiumOf(trade.px, trade.oraclePx));
        const { premium, fundingRate } = hourlyFunding(premiums);
        market.funding.push({ coin: spec.coin, time: hour, fundingRate, premium });
        const stale = market.funding.findIndex((record) => record.time >= hour - FUNDING_RETENTION_MS);
        if (stale > 0) market.funding.splice(0, stale);
        for (const account of Object.values(this.state.accounts)) {
          const position = account.positions[spec.coin];
          if (!position) continue;
          // Longs pay shorts when the rate is positive; the payment is on the position's value at the oracle price.
          const payment = position.szi * market.oraclePx * fundingRate;
          account.cash -= payment;
          position.fundingAllTime += payment;
          position.fundingSinceOpen += payment;
        }
      }
      for (const account of Object.values(this.state.accounts)) this.#snapshotAccount(account, hour);
    }
  }

  #snapshotAccount(account: PerpAccount, time: number): void {
    const value = accountValue(account, (coin) => this.markPx(coin));
    account.history.push([time, value, value - account.netDeposits]);
    const stale = account.history.findIndex(([at]) => at >= time - ACCOUNT_HISTORY_MS);
    if (stale > 0) account.history.splice(0, stale);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
