import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, stepMarketSimulator, useSandboxGateway } from './harness.js';

interface Trade {
  readonly px: number;
  readonly sz: number;
  readonly time: number;
  readonly oraclePx: number;
  readonly buyer: string;
  readonly seller: string;
}

const HOUR = 3_600_000;

/** Candles of `width` ms from `trades`, computed here from the trade list alone. */
function expectedCandles(trades: readonly Trade[], width: number, start: number, end: number) {
  const buckets = new Map<number, Trade[]>();
  for (const trade of trades) {
    const t = trade.time - (trade.time % width);
    if (t + width - 1 < start || t > end) continue;
    buckets.set(t, [...(buckets.get(t) ?? []), trade]);
  }
  return [...buckets].map(([t, list]) => ({
    t,
    o: list[0]!.px,
    c: list[list.length - 1]!.px,
    h: Math.max(...list.map((trade) => trade.px)),
    l: Math.min(...list.map((trade) => trade.px)),
    v: list.reduce((sum, trade) => sum + trade.sz, 0),
    n: list.length,
  }));
}

/** The hour ending at `hour`: its premium (mean of the trades' (px − oracle) / oracle) and Hyperliquid's hourly rate. */
function expectedFunding(trades: readonly Trade[], hour: number) {
  const inHour = trades.filter((trade) => trade.time >= hour - HOUR && trade.time < hour);
  const premium = inHour.length
    ? inHour.reduce((sum, trade) => sum + (trade.px - trade.oraclePx) / trade.oraclePx, 0) / inHour.length
    : 0;
  const eightHour = premium + Math.min(0.0005, Math.max(-0.0005, 0.0001 - premium));
  return { premium, fundingRate: Math.min(0.04, Math.max(-0.04, eightHour / 8)) };
}

describe.each(backendsFor(import.meta.url))(
  'perpdex tools on the sandbox perp exchange, paid with x402 ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    const route = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await gateway.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const tradesOf = async (coin: string): Promise<Trade[]> =>
      (await route('GET', `/api/sandbox/perps/trades?coin=${coin}`)).trades;

    it('a position opened through the sandbox route shows in the account tools; closing it flattens them', async () => {
      const wallet = await fundedWallet(gateway);
      const address = wallet.account.address;
      const name = `tester-${address.slice(2, 10).toLowerCase()}.hl`;
      await stepMarketSimulator(gateway, 2);
      const opened = await route('POST', '/api/sandbox/perps/position', {
        address,
        coin: 'eth',
        action: 'open',
        side: 'long',
        sizeUsd: 6000,
        leverage: 4,
        name,
      });
      expect(opened.position.szi).toBeGreaterThan(0);

      const account = await json(await wallet.call('perpdexPerpAccount', {}));
      expect(account.user).toBe(address);
      expect(account.assetPositions).toEqual([
        expect.objectContaining({
          type: 'oneWay',
          position: expect.objectContaining({
            coin: 'ETH',
            szi: String(opened.position.szi),
            leverage: { type: 'cross', value: 4 },
          }),
        }),
      ]);
      expect((await json(await wallet.call('perpdexPerpAccount', { user: name.toUpperCase() }))).user).toBe(address);
      const unknown = await json(await wallet.call('perpdexPerpAccount', { user: 'nobody-here.hl' }), 400);
      expect(JSON.stringify(unknown)).toContain('nobody-here.hl');

      const fills = await json(await wallet.call('perpdexFills', { limit: 100 }));
      expect(
        fills.fills.every((fill: { dir: string; coin: string }) => fill.dir === 'Open Long' && fill.coin === 'ETH'),
      ).toBe(true);
      expect(fills.fills.reduce((sum: number, fill: { sz: string }) => sum + Number(fill.sz), 0)).toBeCloseTo(
        opened.position.szi,
        9,
      );
      const ethTrades = await tradesOf('ETH');
      const mine = ethTrades.filter((trade) => trade.buyer === address.toLowerCase());
      expect(mine.map((trade) => trade.px).sort()).toEqual(
        fills.fills.map((fill: { px: string }) => Number(fill.px)).sort(),
      );

      const history = await json(await wallet.call('perpdexOrderHistory', {}));
      expect(history.orders[0]).toMatchObject({
        status: 'filled',
        order: { coin: 'ETH', side: 'B', orderType: 'Market' },
      });
      expect((await json(await wallet.call('perpdexOpenOrders', {}))).orders).toEqual([]);

      const holdings = await json(await wallet.call('perpdexHoldings', {}));
      expect(holdings.breakdown.perpsUsd).toBeCloseTo(Number(account.marginSummary.accountValue), 4);
      expect(holdings.totalValueUsd).toBeCloseTo(holdings.breakdown.perpsUsd, 6);
      expect(holdings).toMatchObject({ perpEvmWallet: null, spotBalances: [], vaults: [] });
      const portfolio = await json(await wallet.call('perpdexPortfolio', {}));
      expect(portfolio.portfolio.day.accountValueHistory.length).toBeGreaterThan(0);

      const closed = await route('POST', '/api/sandbox/perps/position', { address, coin: 'ETH', action: 'close' });
      expect(closed.position).toBeNull();
      expect((await json(await wallet.call('perpdexPerpAccount', {}))).assetPositions).toEqual([]);
      const after = await json(await wallet.call('perpdexFills', { limit: 1 }));
      expect(after.fills).toEqual([expect.objectContaining({ dir: 'Close Long', side: 'A' })]);
    }, 120_000);

    it('candles, the book and funding agree with the exchange trades; markets, mids, staking, vaults answer', async () => {
      const wallet = await fundedWallet(gateway);
      await stepMarketSimulator(gateway, 3);
      const trades = await tradesOf('SOL');
      expect(trades.length).toBeGreaterThan(50);
      const last = trades[trades.length - 1]!;

      const start = last.time - 6 * HOUR;
      const end = last.time + HOUR;
      const candles = await json(
        await wallet.call('perpdexCandles', { coin: 'SOL', interval: '15m', startTime: start, endTime: end }),
      );
      const expected = expectedCandles(trades, 15 * 60_000, start, end);
      expect(expected.length).toBeGreaterThan(20);
      expect(candles.candles.length).toBe(expected.length);
      candles.candles.forEach((candle: Record<string, string | number>, index: number) => {
        const want = expected[index]!;
        expect(candle).toMatchObject({ t: want.t, T: want.t + 15 * 60_000 - 1, s: 'SOL', i: '15m', n: want.n });
        for (const key of ['o', 'c', 'h', 'l', 'v'] as const) expect(Number(candle[key])).toBeCloseTo(want[key], 6);
      });

      const funding = await json(
        await wallet.call('perpdexFundingHistory', { coin: 'SOL', startTime: last.time - 20 * HOUR, endTime: end }),
      );
      expect(funding.funding.length).toBeGreaterThanOrEqual(19);
      for (const record of funding.funding) {
        const want = expectedFunding(trades, record.time);
        expect(Number(record.premium)).toBeCloseTo(want.premium, 9);
        expect(Number(record.fundingRate)).toBeCloseTo(want.fundingRate, 9);
      }

      // A tick quotes the book, then its takers trade on it, each trade taking the best levels left; every later event
      // is at a later time. So the last trade at the book's own time came from that book, and the touch left brackets
      // it. Other test files step the simulator, which ticks between any two reads here: the book is compared with its
      // own tick's trades (read after it), and read again after another step when its tick made no SOL trade.
      const bookWithItsTrade = async () => {
        for (let attempt = 0; attempt < 20; attempt++) {
          if (attempt > 0) await stepMarketSimulator(gateway, 1);
          const book = await json(await wallet.call('perpdexOrderBook', { coin: 'SOL', depth: 7 }));
          const trade = (await tradesOf('SOL')).findLast((candidate) => candidate.time === book.time);
          if (trade) return { book, touchTrade: trade };
        }
        throw new Error('20 ticks in a row made no SOL trade');
      };
      const { book, touchTrade } = await bookWithItsTrade();
      expect(book.bids).toHaveLength(7);
      expect(book.asks).toHaveLength(7);
      const bids = book.bids.map((level: { px: string }) => Number(level.px));
      const asks = book.asks.map((level: { px: string }) => Number(level.px));
      expect(bids).toEqual([...bids].sort((a, b) => b - a));
      expect(asks).toEqual([...asks].sort((a, b) => a - b));
      expect(bids[0]).toBeLessThanOrEqual(touchTrade.px);
      expect(asks[0]).toBeGreaterThanOrEqual(touchTrade.px);
      await json(await wallet.call('perpdexOrderBook', { coin: 'NOPE' }), 404);

      // Other files' simulator steps tick the exchange between any two reads: figures compared across two reads are
      // read again until no tick came between them.
      const atOneTick = async <T>(read: () => Promise<T>): Promise<T> => {
        for (let attempt = 0; attempt < 10; attempt++) {
          const before = gateway.sandbox.perps.exchange.clock;
          const value = await read();
          if (gateway.sandbox.perps.exchange.clock === before) return value;
        }
        throw new Error('the exchange ticked during each of 10 reads');
      };
      const { markets, dayVolume } = await atOneTick(async () => {
        const answer = await json(await wallet.call('perpdexPerpMarkets', { limit: 200 }));
        const clock = gateway.sandbox.perps.exchange.clock;
        const volume = (await tradesOf('SOL'))
          .filter((trade) => trade.time > clock - 24 * HOUR)
          .reduce((sum, trade) => sum + trade.px * trade.sz, 0);
        return { markets: answer, dayVolume: volume };
      });
      const volumes = markets.markets.map((market: { dayNtlVlm: string }) => Number(market.dayNtlVlm));
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
      expect(markets.markets.map((market: { coin: string }) => market.coin)).toEqual(
        expect.arrayContaining(['BTC', 'ETH', 'SOL', 'LINK', 'kBONK']),
      );
      // The oracle follows the sandbox price of the market's token, as the sandbox market index sees it.
      const weth = (await gateway.sandbox.market.index.chain('base').tokens()).find(
        (token) => token.symbol === 'WETH',
      )!;
      const eth = markets.markets.find((market: { coin: string }) => market.coin === 'ETH');
      expect(Math.abs(Number(eth.oraclePx) / weth.priceUsd - 1)).toBeLessThan(1e-4);
      const sol = markets.markets.find((market: { coin: string }) => market.coin === 'SOL');
      expect(Number(sol.dayNtlVlm)).toBeCloseTo(dayVolume, 2);
      expect(
        (await json(await wallet.call('perpdexPerpMarkets', { coins: ['btc', 'DOGE'], limit: 1 }))).unknownCoins,
      ).toEqual(['DOGE']);

      const { mids, touch } = await atOneTick(async () => {
        const answer = await json(await wallet.call('perpdexPrice', { coins: ['SOL', 'eth'] }));
        const levels = await json(await wallet.call('perpdexOrderBook', { coin: 'SOL', depth: 1 }));
        return { mids: answer, touch: [Number(levels.bids[0].px), Number(levels.asks[0].px)] as const };
      });
      expect(Object.keys(mids.mids)).toEqual(['SOL', 'ETH']);
      expect(Number(mids.mids.SOL)).toBeCloseTo((touch[0] + touch[1]) / 2, 6);

      const exchange = gateway.sandbox.perps.exchange;
      const staker = exchange
        .accountAddresses()
        .find((address) => Object.keys(exchange.account(address)!.delegations).length > 0)!;
      const staking = await json(await wallet.call('perpdexStaking', { user: staker }));
      expect(staking.delegations.length).toBeGreaterThan(0);
      const [vault] = exchange.holders.vaults;
      const depositor = Object.keys(vault!.shares)[0]!;
      const vaults = await json(await wallet.call('perpdexVaults', { user: depositor }));
      expect(vaults.vaults).toEqual([expect.objectContaining({ vaultAddress: vault!.address })]);
      expect(Number(vaults.vaults[0].equity)).toBeCloseTo(exchange.vaultEquity(vault!, depositor), 4);
      const maker = exchange.accountAddresses().find((address) => exchange.openOrders(address).length > 0)!;
      expect((await json(await wallet.call('perpdexOpenOrders', { user: maker }))).orders.length).toBeGreaterThan(0);
    }, 120_000);
  },
);
