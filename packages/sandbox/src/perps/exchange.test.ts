import { describe, expect, it } from 'vitest';
import { applyFill } from './accounts.js';
import { matchMarketOrder, type RestingOrder } from './book.js';
import { SandboxPerpExchange, type PerpParticipant } from './exchange.js';
import { hourlyFunding } from './funding.js';
import { PERP_MARKETS, roundPx } from './markets.js';

const participants: PerpParticipant[] = [
  { address: '0x00000000000000000000000000000000000000a1', role: 'maker', name: 'maker.hl' },
  { address: '0x00000000000000000000000000000000000000b1', role: 'trader', name: 'one.hl' },
  { address: '0x00000000000000000000000000000000000000b2', role: 'trader', name: 'two.hl' },
  { address: '0x00000000000000000000000000000000000000b3', role: 'trader', name: 'three.hl' },
];
const NOW = Date.UTC(2026, 10, 26, 8, 30);
const exchangeAt = (clock: { now: number }) =>
  SandboxPerpExchange.open({ seed: 'test', participants, now: () => clock.now });

describe('perp position arithmetic', () => {
  it('averages the entry of an increase, realizes PnL on a reduce and re-enters on a flip', () => {
    const opened = applyFill(undefined, 2, 100, 5);
    expect(opened).toMatchObject({ closedPnl: 0, dir: 'Open Long', position: { szi: 2, entryPx: 100 } });
    const added = applyFill(opened.position, 2, 110, 5);
    expect(added.position).toMatchObject({ szi: 4, entryPx: 105 });
    const reduced = applyFill(added.position, -1, 125, 5);
    expect(reduced).toMatchObject({ closedPnl: 20, dir: 'Close Long', position: { szi: 3, entryPx: 105 } });
    const flipped = applyFill(reduced.position, -5, 95, 5);
    expect(flipped).toMatchObject({ closedPnl: -30, dir: 'Long > Short', position: { szi: -2, entryPx: 95 } });
    expect(applyFill(flipped.position, 2, 90, 5)).toMatchObject({ closedPnl: 10, position: undefined });
  });

  it('sweeps the book level by level and leaves what it cannot fill', () => {
    const ask = (px: number, sz: number): RestingOrder => ({
      oid: px,
      owner: 'm',
      coin: 'X',
      side: 'A',
      px,
      sz,
      origSz: sz,
      timestamp: 0,
    });
    const book = { bids: [], asks: [ask(10, 1), ask(11, 2)] };
    expect(matchMarketOrder(book, 'B', 2.5, 2).map(({ px, sz }) => [px, sz])).toEqual([
      [10, 1],
      [11, 1.5],
    ]);
    expect(book.asks).toHaveLength(1);
    expect(book.asks[0]!.sz).toBe(0.5);
    expect(matchMarketOrder(book, 'B', 3, 2).map(({ sz }) => sz)).toEqual([0.5]);
  });
});

describe('hourly funding', () => {
  it('is the interest rate alone when the premium is within the clamp of it, an eighth an hour', () => {
    expect(hourlyFunding([]).fundingRate).toBeCloseTo(0.0001 / 8, 12);
    expect(hourlyFunding([0.0002, 0.0004]).fundingRate).toBeCloseTo(0.0001 / 8, 12);
  });
  it('follows a premium beyond the clamp, and caps at 4% an hour', () => {
    expect(hourlyFunding([0.002]).fundingRate).toBeCloseTo((0.002 - 0.0005) / 8, 12);
    expect(hourlyFunding([-0.002]).fundingRate).toBeCloseTo((-0.002 + 0.0005) / 8, 12);
    expect(hourlyFunding([1]).fundingRate).toBe(0.04);
  });
});

describe('the sandbox perp exchange', () => {
  it('opens with a day of trades and hourly funding, prices on the exchange grid, and is deterministic', () => {
    const first = exchangeAt({ now: NOW });
    const second = exchangeAt({ now: NOW });
    expect(JSON.stringify(first.snapshot())).toBe(JSON.stringify(second.snapshot()));
    for (const spec of PERP_MARKETS) {
      const market = first.market(spec.coin);
      expect(market.trades.length).toBeGreaterThan(100);
      expect(market.funding).toHaveLength(24);
      for (const trade of market.trades.slice(-20)) expect(roundPx(trade.px, spec.szDecimals)).toBe(trade.px);
      expect(market.book.bids[0]!.px).toBeLessThan(market.book.asks[0]!.px);
    }
  });

  it('nets every position to zero across accounts and pays funding from longs to shorts', () => {
    const exchange = exchangeAt({ now: NOW });
    for (const spec of PERP_MARKETS) {
      const net = exchange
        .accountAddresses()
        .reduce((sum, address) => sum + (exchange.account(address)!.positions[spec.coin]?.szi ?? 0), 0);
      expect(Math.abs(net)).toBeLessThan(1e-6);
    }
    const funding = exchange
      .accountAddresses()
      .flatMap((address) => Object.values(exchange.account(address)!.positions))
      .reduce((sum, position) => sum + position.fundingAllTime, 0);
    expect(Math.abs(funding)).toBeLessThan(1e-3);
  });

  it("follows the oracle it is given and fills a user's market orders at the book", () => {
    const clock = { now: NOW };
    const exchange = exchangeAt(clock);
    clock.now += 30_000;
    exchange.tick(new Map([['ETH', 3300]]));
    expect(exchange.market('ETH').oraclePx).toBe(3300);
    const bestAsk = exchange.market('ETH').book.asks[0]!.px;
    const user = '0x00000000000000000000000000000000000000c1';
    const { fills } = exchange.openPosition({ address: user, coin: 'ETH', side: 'long', sizeUsd: 3300, leverage: 5 });
    expect(fills[0]!.px).toBe(bestAsk);
    const bought = fills.reduce((sum, fill) => sum + fill.sz, 0);
    expect(bought).toBeCloseTo(1, 2);
    expect(exchange.account(user)!.positions.ETH!.szi).toBeCloseTo(bought, 9);
    expect(exchange.account(user)!.netDeposits).toBe(660);
    const closed = exchange.closePosition({ address: user, coin: 'ETH' });
    expect(closed.fills.reduce((sum, fill) => sum + fill.sz, 0)).toBeCloseTo(bought, 9);
    expect(exchange.account(user)!.positions.ETH).toBeUndefined();
    expect(exchange.trades('ETH').filter((trade) => trade.buyer === user || trade.seller === user).length).toBe(
      fills.length + closed.fills.length,
    );
  });
});

describe('a persisted sandbox perp exchange', () => {
  it('reopened from its JSON state, ticks on exactly as the one that kept running', () => {
    const clock = { now: NOW };
    const running = exchangeAt(clock);
    const reopened = SandboxPerpExchange.open({
      seed: 'test',
      participants,
      now: () => clock.now,
      state: JSON.parse(JSON.stringify(running.snapshot())),
    });
    for (const exchange of [running, reopened]) {
      clock.now = NOW + 5 * 60_000;
      exchange.tick(new Map([['BTC', 61_000]]));
      exchange.openPosition({
        address: participants[1]!.address,
        coin: 'BTC',
        side: 'short',
        sizeUsd: 10_000,
        leverage: 3,
      });
    }
    expect(JSON.stringify(reopened.snapshot())).toBe(JSON.stringify(running.snapshot()));
    expect(reopened.resolveName('ONE.hl')).toBe(participants[1]!.address);
  });
});
