/**
 * The sandbox perp exchange's answers in the shapes of Hyperliquid's info API (POST /info, by request type), so the
 * perpdex tools read it as they read Hyperliquid. Numbers are decimal strings, as there.
 */
import { ACCOUNT_HISTORY_MS, type PerpAccount, unrealizedPnl } from './accounts.js';
import { levelsOf, topOfBook } from './book.js';
import { type CandleInterval, candlesOf } from './candles.js';
import type { SandboxPerpExchange } from './exchange.js';
import { HOUR_MS, hourlyFunding, premiumOf } from './funding.js';
import { decimalString as dec, PERP_MARKETS } from './markets.js';

const DAY_MS = 24 * HOUR_MS;
/** Maintenance margin: half the initial margin at the market's maximum leverage. */
const maintenanceFraction = (maxLeverage: number) => 1 / (2 * maxLeverage);

export class SandboxPerpInfo {
  constructor(private readonly exchange: SandboxPerpExchange) {}

  clearinghouseState(user: string) {
    const account = this.exchange.account(user);
    const positions = Object.entries(account?.positions ?? {}).map(([coin, position]) => {
      const { spec, markPx } = this.exchange.market(coin);
      const value = Math.abs(position.szi) * markPx;
      const marginUsed = value / position.leverage;
      const pnl = unrealizedPnl(position, markPx);
      return { coin, position, value, marginUsed, pnl, maxLeverage: spec.maxLeverage };
    });
    const totalNtlPos = positions.reduce((sum, p) => sum + p.value, 0);
    const totalMarginUsed = positions.reduce((sum, p) => sum + p.marginUsed, 0);
    const maintenance = positions.reduce((sum, p) => sum + p.value * maintenanceFraction(p.maxLeverage), 0);
    const accountValue = this.exchange.accountValue(user);
    const totalRawUsd =
      accountValue - positions.reduce((sum, p) => sum + p.position.szi * this.exchange.markPx(p.coin), 0);
    const summary = {
      accountValue: dec(accountValue, 6),
      totalNtlPos: dec(totalNtlPos, 6),
      totalRawUsd: dec(totalRawUsd, 6),
      totalMarginUsed: dec(totalMarginUsed, 6),
    };
    return {
      marginSummary: summary,
      crossMarginSummary: summary,
      crossMaintenanceMarginUsed: dec(maintenance, 6),
      withdrawable: dec(Math.max(0, accountValue - totalMarginUsed), 6),
      assetPositions: positions.map(({ coin, position, value, marginUsed, pnl, maxLeverage }) => {
        // Cross margin: the price where the account value falls to the maintenance margin, all else equal.
        const fraction = maintenanceFraction(maxLeverage);
        const otherMaintenance = maintenance - value * fraction;
        const liquidationPx =
          (otherMaintenance + position.szi * position.entryPx - (accountValue - pnl)) /
          (position.szi - Math.abs(position.szi) * fraction);
        return {
          type: 'oneWay' as const,
          position: {
            coin,
            szi: dec(position.szi),
            leverage: { type: 'cross' as const, value: position.leverage },
            entryPx: dec(position.entryPx),
            positionValue: dec(value, 6),
            unrealizedPnl: dec(pnl, 6),
            returnOnEquity: dec(marginUsed === 0 ? 0 : pnl / marginUsed),
            liquidationPx: liquidationPx > 0 && Number.isFinite(liquidationPx) ? dec(liquidationPx) : null,
            marginUsed: dec(marginUsed, 6),
            maxLeverage,
            cumFunding: {
              allTime: dec(position.fundingAllTime, 6),
              sinceOpen: dec(position.fundingSinceOpen, 6),
              sinceChange: dec(position.fundingSinceOpen, 6),
            },
          },
        };
      }),
      time: this.exchange.clock,
    };
  }

  spotClearinghouseState(user: string) {
    const spot = this.exchange.account(user)?.spot ?? {};
    return {
      balances: Object.entries(spot)
        .filter(([, total]) => total > 0)
        .map(([coin, total]) => ({
          coin,
          token: coin === 'USDC' ? 0 : 150,
          total: dec(total),
          hold: '0',
          entryNtl: coin === 'USDC' ? '0' : dec(total * this.exchange.markPx(coin), 6),
        })),
    };
  }

  frontendOpenOrders(user: string) {
    return this.exchange
      .openOrders(user)
      .map((order) => ({
        coin: order.coin,
        side: order.side,
        limitPx: dec(order.px),
        sz: dec(order.sz),
        oid: order.oid,
        timestamp: order.timestamp,
        origSz: dec(order.origSz),
        triggerCondition: 'N/A',
        isTrigger: false,
        triggerPx: '0.0',
        children: [],
        isPositionTpsl: false,
        reduceOnly: false,
        orderType: 'Limit' as const,
        tif: 'Gtc' as const,
        cloid: null,
      }))
      .sort((a, b) => b.timestamp - a.timestamp);
  }

  historicalOrders(user: string) {
    const orders = this.exchange.account(user)?.orders ?? [];
    return [...orders].reverse().map((order) => ({
      order: {
        coin: order.coin,
        side: order.side,
        limitPx: dec(order.limitPx),
        sz: dec(order.sz),
        oid: order.oid,
        timestamp: order.timestamp,
        origSz: dec(order.origSz),
        triggerCondition: 'N/A',
        isTrigger: false,
        triggerPx: '0.0',
        children: [],
        isPositionTpsl: false,
        reduceOnly: order.reduceOnly,
        orderType: order.orderType,
        tif: order.tif,
        cloid: null,
      },
      status: order.status,
      statusTimestamp: order.statusTimestamp,
    }));
  }

  userFills(user: string) {
    const fills = this.exchange.account(user)?.fills ?? [];
    return [...fills].reverse().map((fill) => ({
      coin: fill.coin,
      px: dec(fill.px),
      sz: dec(fill.sz),
      side: fill.side,
      time: fill.time,
      startPosition: dec(fill.startPosition),
      dir: fill.dir,
      closedPnl: dec(fill.closedPnl, 6),
      hash: fill.hash,
      oid: fill.oid,
      crossed: fill.crossed,
      fee: dec(fill.fee, 6),
      tid: fill.tid,
      feeToken: 'USDC',
      twapId: null,
    }));
  }

  delegations(user: string) {
    const delegations = this.exchange.account(user)?.delegations ?? {};
    return Object.entries(delegations).map(([validator, { amount, lockedUntil }]) => ({
      validator,
      amount: dec(amount),
      lockedUntilTimestamp: lockedUntil,
    }));
  }

  delegatorSummary(user: string) {
    const account = this.exchange.account(user);
    const delegated = Object.values(account?.delegations ?? {}).reduce((sum, d) => sum + d.amount, 0);
    return {
      delegated: dec(delegated),
      undelegated: dec(account?.stakingUndelegated ?? 0),
      totalPendingWithdrawal: '0.0',
      nPendingWithdrawals: 0,
    };
  }

  userVaultEquities(user: string) {
    const address = user.toLowerCase();
    return this.exchange.holders.vaults
      .filter((vault) => (vault.shares[address] ?? 0) > 0)
      .map((vault) => ({
        vaultAddress: vault.address,
        equity: dec(this.exchange.vaultEquity(vault, address), 6),
        lockedUntilTimestamp: vault.lockedUntil[address] ?? vault.createTime,
      }));
  }

  /** Value and PnL history over the day, week, month and all time (all of it perps: the sandbox has no spot trading). */
  portfolio(user: string) {
    const account = this.exchange.account(user);
    const now = this.exchange.clock;
    const period = (ms: number) => {
      const points = pointsOf(account, now, this.exchange.accountValue(user)).filter(([at]) => at >= now - ms);
      const volume = (account?.fills ?? [])
        .filter((fill) => fill.time >= now - ms)
        .reduce((s, f) => s + f.px * f.sz, 0);
      return {
        accountValueHistory: points.map(([at, value]) => [at, dec(value, 6)] as [number, string]),
        pnlHistory: points.map(([at, , pnl]) => [at, dec(pnl, 6)] as [number, string]),
        vlm: dec(volume, 6),
      };
    };
    const [day, week, month, all] = [
      period(DAY_MS),
      period(7 * DAY_MS),
      period(30 * DAY_MS),
      period(ACCOUNT_HISTORY_MS),
    ];
    return [
      ['day', day],
      ['week', week],
      ['month', month],
      ['allTime', all],
      ['perpDay', day],
      ['perpWeek', week],
      ['perpMonth', month],
      ['perpAllTime', all],
    ] as const;
  }

  metaAndAssetCtxs() {
    const now = this.exchange.clock;
    const universe = PERP_MARKETS.map((spec) => ({
      szDecimals: spec.szDecimals,
      name: spec.coin,
      maxLeverage: spec.maxLeverage,
      marginTableId: spec.maxLeverage,
    }));
    const contexts = PERP_MARKETS.map((spec) => {
      const market = this.exchange.market(spec.coin);
      const day = market.trades.filter((trade) => trade.time > now - DAY_MS);
      const { mid, bid, ask } = topOfBook(market.book);
      const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
      const { premium, fundingRate } = hourlyFunding(
        market.trades.filter((trade) => trade.time >= hour).map((trade) => premiumOf(trade.px, trade.oraclePx)),
      );
      return {
        prevDayPx: dec(day[0]?.px ?? market.markPx),
        dayNtlVlm: dec(
          day.reduce((sum, trade) => sum + trade.px * trade.sz, 0),
          6,
        ),
        markPx: dec(market.markPx),
        midPx: mid === undefined ? null : dec(mid),
        funding: dec(fundingRate, 10),
        openInterest: dec(this.#openInterest(spec.coin)),
        premium: dec(premium, 10),
        oraclePx: dec(market.oraclePx),
        impactPxs: bid !== undefined && ask !== undefined ? [dec(bid), dec(ask)] : null,
        dayBaseVlm: dec(day.reduce((sum, trade) => sum + trade.sz, 0)),
      };
    });
    return [{ universe, marginTables: [], collateralToken: 0 }, contexts] as const;
  }

  allMids() {
    return Object.fromEntries(
      PERP_MARKETS.map((spec) => {
        const market = this.exchange.market(spec.coin);
        return [spec.coin, dec(topOfBook(market.book).mid ?? market.markPx)];
      }),
    );
  }

  /** Every level a side (the makers quote QUOTE_LEVELS), as Hyperliquid answers up to 20. */
  l2Book(coin: string) {
    const depth = Number.POSITIVE_INFINITY;
    const market = this.exchange.market(coin);
    const level = ({ px, sz, n }: { px: number; sz: number; n: number }) => ({ px: dec(px), sz: dec(sz), n });
    return {
      coin,
      time: this.exchange.clock,
      levels: [levelsOf(market.book.bids, depth).map(level), levelsOf(market.book.asks, depth).map(level)] as const,
    };
  }

  candleSnapshot(coin: string, interval: CandleInterval, startTime: number, endTime: number) {
    return candlesOf(coin, this.exchange.trades(coin), interval, startTime, endTime);
  }

  fundingHistory(coin: string, startTime: number, endTime: number) {
    return this.exchange
      .market(coin)
      .funding.filter((record) => record.time >= startTime && record.time <= endTime)
      .map((record) => ({
        coin,
        fundingRate: dec(record.fundingRate, 10),
        premium: dec(record.premium, 10),
        time: record.time,
      }));
  }

  #openInterest(coin: string): number {
    let longs = 0;
    for (const address of this.exchange.accountAddresses()) {
      const szi = this.exchange.account(address)?.positions[coin]?.szi ?? 0;
      if (szi > 0) longs += szi;
    }
    return longs;
  }
}

/** The account's recorded [time, value, pnl] points and one for now. */
function pointsOf(account: PerpAccount | undefined, now: number, valueNow: number): [number, number, number][] {
  if (!account) return [];
  return [...account.history, [now, valueNow, valueNow - account.netDeposits]];
}
