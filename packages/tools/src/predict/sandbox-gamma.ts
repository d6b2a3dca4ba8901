import {
  PREDICT_OUTCOMES,
  PREDICT_SEED_TAGS,
  type SandboxPredict,
  type SandboxPredictMarket,
  type SandboxPredictMarketState,
  type SandboxPredictTrade,
  type SeedEvent,
} from '@svc/sandbox';
import { predictNumber } from './predict-amounts.js';

/**
 * The sandbox prediction markets in Gamma's shapes (events with their markets, tags), every figure computed from the
 * sandbox Polygon chain: prices from the market makers' pools (or the reported payouts), liquidity the pool's value,
 * volume the fills' collateral.
 */

const DAY_SECONDS = 24 * 60 * 60;

/** Per market: its chain state and the USD traded, in all and over the last 24 hours. */
export interface MarketFigures {
  readonly state: SandboxPredictMarketState;
  readonly volume: number;
  readonly volume24hr: number;
  readonly lastTradePrice: number | null;
}

/** The figures of every market, read from the chain once per answer. */
export async function marketFigures(predict: SandboxPredict): Promise<ReadonlyMap<string, MarketFigures>> {
  const [states, trades] = await Promise.all([predict.states(), predict.trades()]);
  const now = Math.floor(Date.now() / 1000);
  const figures = new Map<string, MarketFigures>();
  for (const market of predict.markets) {
    const own = trades.filter((trade) => trade.conditionId === market.conditionId);
    const usd = (list: readonly SandboxPredictTrade[]) => list.reduce((sum, trade) => sum + trade.usd, 0n);
    const last = own.at(-1);
    figures.set(market.conditionId, {
      state: states.get(market.conditionId)!,
      volume: predictNumber(usd(own)),
      volume24hr: predictNumber(usd(own.filter((trade) => trade.timestamp >= now - DAY_SECONDS))),
      lastTradePrice: last ? Number(last.usd) / Number(last.shares) : null,
    });
  }
  return figures;
}

const round = (value: number, digits = 4) => Number(value.toFixed(digits));
/** The pool's value at its prices: what a buyer or seller can trade against. */
const liquidityOf = (state: SandboxPredictMarketState) =>
  round(predictNumber(state.pool[0]) * state.prices[0] + predictNumber(state.pool[1]) * state.prices[1], 2);

/** Gamma's id of a sandbox market: its event's id and its place in the event. */
export const marketIdOf = (event: SeedEvent, index: number) => `${event.id}${String(index + 1).padStart(2, '0')}`;

/** A market as Gamma's Market (outcomes, prices and clob token ids as JSON-encoded arrays, as Gamma sends them). */
export function gammaMarket(market: SandboxPredictMarket, index: number, figures: MarketFigures) {
  const { state } = figures;
  const resolved = state.payouts !== null;
  const yes = round(state.prices[0]);
  return {
    id: marketIdOf(market.event, index),
    question: market.seed.question,
    conditionId: market.conditionId,
    questionID: market.questionId,
    slug: market.seed.slug,
    description: market.event.description,
    startDate: market.event.startDate,
    endDate: market.event.endDate,
    outcomes: JSON.stringify(PREDICT_OUTCOMES),
    outcomePrices: JSON.stringify(state.prices.map((price) => String(round(price)))),
    clobTokenIds: JSON.stringify(market.tokenIds.map(String)),
    volume: String(figures.volume),
    volumeNum: figures.volume,
    volume24hr: figures.volume24hr,
    liquidity: String(liquidityOf(state)),
    liquidityNum: liquidityOf(state),
    lastTradePrice: figures.lastTradePrice === null ? yes : round(figures.lastTradePrice),
    bestBid: resolved ? null : yes,
    bestAsk: resolved ? null : yes,
    active: true,
    closed: resolved,
    archived: false,
    acceptingOrders: !resolved,
    enableOrderBook: true,
    negRisk: false,
    orderPriceMinTickSize: 0.01,
    orderMinSize: 0,
    umaResolutionStatus: resolved ? 'resolved' : null,
  };
}

const tagsOf = (event: SeedEvent) => PREDICT_SEED_TAGS.filter((tag) => event.tagIds.includes(tag.id));

/** An event as Gamma's Event, with its markets and tags; closed once every market is resolved. */
export function gammaEvent(event: SeedEvent, predict: SandboxPredict, figures: ReadonlyMap<string, MarketFigures>) {
  const markets = predict.markets.filter((market) => market.event.id === event.id);
  const shaped = markets.map((market, index) => gammaMarket(market, index, figures.get(market.conditionId)!));
  const sum = (field: 'volumeNum' | 'volume24hr' | 'liquidityNum') =>
    round(
      shaped.reduce((total, market) => total + market[field], 0),
      2,
    );
  const closed = shaped.every((market) => market.closed);
  return {
    id: event.id,
    ticker: event.slug,
    slug: event.slug,
    title: event.title,
    description: event.description,
    startDate: event.startDate,
    creationDate: event.startDate,
    endDate: event.endDate,
    active: true,
    closed,
    archived: false,
    featured: event.featured,
    restricted: false,
    liquidity: sum('liquidityNum'),
    volume: sum('volumeNum'),
    volume24hr: sum('volume24hr'),
    negRisk: false,
    enableOrderBook: true,
    tags: tagsOf(event),
    markets: shaped,
  };
}

export type GammaEvent = ReturnType<typeof gammaEvent>;
