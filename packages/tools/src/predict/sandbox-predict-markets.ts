import { invalidField, ServiceError } from '@svc/contracts';
import { recordRead } from '@svc/providers';
import {
  CONDITIONAL_TOKENS_ABI,
  PREDICT_OUTCOMES,
  PREDICT_SEED_TAGS,
  type SandboxEvmMarket,
  type SandboxPredict,
  type SandboxPredictMarket,
  sandboxPredictOf,
} from '@svc/sandbox';
import { encodeFunctionData, erc20Abi, getAddress, zeroHash, type Address } from 'viem';
import { signAndSend } from '../evm/vault-signer.js';
import type { PredictMarkets } from '../ports/predict-markets.js';
import { sortedPage } from './positions-order.js';
import { PREDICT_DECIMALS, predictAtomic, predictNumber, tokenIdOf } from './predict-amounts.js';
import { type GammaEvent, gammaEvent, marketFigures } from './sandbox-gamma.js';

/** What answers built from the sandbox markets name as their source. */
const SOURCE = 'Sandbox Polygon prediction markets';
const POLYGON = 137;
/** Results per type and page of a search (Gamma's `limit_per_type`). */
const SEARCH_PAGE_SIZE = 10;

const EVENT_SORT: Record<string, (event: GammaEvent) => number | string> = {
  volume: (event) => event.volume,
  liquidity: (event) => event.liquidity,
  volume24hr: (event) => event.volume24hr,
  startDate: (event) => event.startDate,
  endDate: (event) => event.endDate,
};

/**
 * The predict tools over the sandbox Polygon chain's prediction markets (packages/sandbox evm/predict): reads in
 * Gamma's and the Data API's shapes, orders filled by each market's maker on chain, redemptions on the Conditional
 * Tokens contract. The vault pays its own legs' gas in POL (Polymarket relays them; the sandbox has no relayer).
 */
export function sandboxPredictMarkets(evm: (chainId: number) => Promise<SandboxEvmMarket>): PredictMarkets {
  const open = async (): Promise<SandboxPredict> => {
    recordRead(SOURCE);
    return sandboxPredictOf(await evm(POLYGON));
  };
  const allEvents = async () => {
    const predict = await open();
    const figures = await marketFigures(predict);
    const events = [...new Map(predict.markets.map((market) => [market.event.id, market.event])).values()];
    return events.map((event) => gammaEvent(event, predict, figures));
  };
  const ctfRead = <T>(predict: SandboxPredict, functionName: 'balanceOfBatch', args: readonly unknown[]) =>
    predict.chain.publicClient.readContract({
      address: predict.ctf,
      abi: CONDITIONAL_TOKENS_ABI,
      functionName,
      args: args as never,
    }) as Promise<T>;
  const holdings = (predict: SandboxPredict, owner: Address, market: SandboxPredictMarket) =>
    ctfRead<readonly bigint[]>(predict, 'balanceOfBatch', [[owner, owner], market.tokenIds]);

  return {
    async events(query) {
      const key = EVENT_SORT[query.order]!;
      const direction = query.ascending ? 1 : -1;
      return (await allEvents())
        .filter((event) => !event.closed)
        .filter((event) => query.tagId === undefined || event.tags.some((tag) => tag.id === String(query.tagId)))
        .filter((event) => query.featured === undefined || event.featured === query.featured)
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * direction)
        .slice(query.offset, query.offset + query.limit);
    },
    async tags() {
      await open();
      return PREDICT_SEED_TAGS.map((tag) => ({ ...tag }));
    },
    async search(query) {
      const words = query.q.toLowerCase().split(/\s+/).filter(Boolean);
      const matches = (text: string) => words.every((word) => text.toLowerCase().includes(word));
      const events = await allEvents();
      const found = events
        .filter((event) => (query.eventsStatus === 'all' ? true : event.closed === (query.eventsStatus === 'inactive')))
        .filter((event) =>
          matches([event.title, event.description, ...event.markets.map((market) => market.question)].join(' ')),
        );
      const start = query.page * SEARCH_PAGE_SIZE;
      return {
        events: found.slice(start, start + SEARCH_PAGE_SIZE),
        tags: PREDICT_SEED_TAGS.filter((tag) => matches(tag.label)).map((tag) => ({
          ...tag,
          event_count: events.filter((event) => event.tags.some((carried) => carried.id === tag.id)).length,
        })),
        pagination: { hasMore: found.length > start + SEARCH_PAGE_SIZE, totalResults: found.length },
      };
    },
    async event(slug) {
      return (await allEvents()).find((event) => event.slug === slug);
    },
    async positions(user, query) {
      const predict = await open();
      const [figures, trades] = await Promise.all([marketFigures(predict), predict.trades()]);
      const owner = getAddress(user);
      const positions = [];
      for (const market of predict.markets) {
        const held = await holdings(predict, owner, market);
        const { state } = figures.get(market.conditionId)!;
        for (const outcomeIndex of [0, 1] as const) {
          const size = held[outcomeIndex] ?? 0n;
          if (size === 0n) continue;
          const basis = costBasis(
            trades.filter((trade) => trade.trader === owner && trade.tokenId === market.tokenIds[outcomeIndex]),
          );
          const shares = predictNumber(size);
          const avgPrice = basis.avgPrice;
          const curPrice = state.prices[outcomeIndex];
          const initialValue = shares * avgPrice;
          const currentValue = shares * curPrice;
          positions.push({
            proxyWallet: owner,
            asset: String(market.tokenIds[outcomeIndex]),
            conditionId: market.conditionId,
            size: shares,
            avgPrice: round(avgPrice),
            initialValue: round(initialValue),
            currentValue: round(currentValue),
            cashPnl: round(currentValue - initialValue),
            percentPnl: initialValue > 0 ? round(((currentValue - initialValue) / initialValue) * 100) : 0,
            totalBought: predictNumber(basis.bought),
            realizedPnl: round(basis.realizedPnl),
            curPrice: round(curPrice),
            redeemable: state.payouts !== null,
            mergeable: (held[1 - outcomeIndex] ?? 0n) > 0n,
            title: market.seed.question,
            slug: market.seed.slug,
            eventId: market.event.id,
            eventSlug: market.event.slug,
            outcome: PREDICT_OUTCOMES[outcomeIndex],
            outcomeIndex,
            oppositeOutcome: PREDICT_OUTCOMES[1 - outcomeIndex],
            oppositeAsset: String(market.tokenIds[1 - outcomeIndex]),
            endDate: market.event.endDate,
            negativeRisk: false,
          });
        }
      }
      return sortedPage(positions, query);
    },
    async sellValueUsd(tokenID, shares) {
      const predict = await open();
      const found = predict.marketOfToken(tokenIdOf(tokenID));
      if (!found) throw invalidField('tokenID', 'unknown_token', `no sandbox market has the outcome token ${tokenID}`);
      return predictNumber(await predict.quote(found.market, found.outcomeIndex, 'SELL', predictAtomic(shares)));
    },
    async placeOrder(order, wallet) {
      const predict = await open();
      const tokenId = tokenIdOf(order.tokenID);
      const found = predict.marketOfToken(tokenId);
      if (!found)
        throw invalidField('tokenID', 'unknown_token', `no sandbox market has the outcome token ${order.tokenID}`);
      const { market, outcomeIndex } = found;
      const state = (await predict.states()).get(market.conditionId)!;
      if (state.payouts !== null)
        throw new ServiceError(
          'state_conflict',
          `the market "${market.seed.question}" is resolved: it takes no orders; redeem instead`,
          {
            extra: { conditionId: market.conditionId },
          },
        );
      const atomic = predictAtomic(order.amount);
      const vault = wallet.signer.address;
      if (order.side === 'BUY') {
        const cash = await predict.chain.publicClient.readContract({
          address: predict.collateral,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [vault],
        });
        if (cash < atomic)
          throw invalidField(
            'amount',
            'insufficient_funds',
            `needs ${order.amount} USDC.e, the vault holds ${predictNumber(cash)} USDC.e`,
          );
        const quoted = await predict.quote(market, outcomeIndex, 'BUY', atomic);
        if (quoted === 0n) throw invalidField('amount', 'too_small', 'buys no shares');
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [market.maker, atomic] });
        const paid = await signAndSend(
          await wallet.polygon(),
          wallet.signer,
          { to: predict.collateral, data },
          wallet.commit,
        );
        const fill = await predict.fillBuy(market, outcomeIndex, paid.hash, minimumOf(quoted, wallet.slippagePercent));
        if (fill.status === 'refunded') return refunded(market, outcomeIndex, 'BUY', fill, paid.hash);
        return filled(market, outcomeIndex, 'BUY', atomic, fill.shares, [paid.hash, fill.hash]);
      }
      const held = (await holdings(predict, vault, market))[outcomeIndex] ?? 0n;
      if (held < atomic)
        throw invalidField(
          'amount',
          'insufficient_shares',
          `sells ${order.amount} shares of ${PREDICT_OUTCOMES[outcomeIndex]}, the vault holds ${predictNumber(held)}`,
        );
      const quoted = await predict.quote(market, outcomeIndex, 'SELL', atomic);
      if (quoted === 0n) throw invalidField('amount', 'too_small', 'sells for nothing');
      const data = encodeFunctionData({
        abi: CONDITIONAL_TOKENS_ABI,
        functionName: 'safeTransferFrom',
        args: [vault, market.maker, tokenId, atomic, '0x'],
      });
      const network = await wallet.polygon();
      const fill = await predict.fillSell(
        market,
        outcomeIndex,
        async () => (await signAndSend(network, wallet.signer, { to: predict.ctf, data }, wallet.commit)).hash,
        minimumOf(quoted, wallet.slippagePercent),
      );
      if (fill.status === 'refunded') return refunded(market, outcomeIndex, 'SELL', fill, fill.delivery);
      return filled(market, outcomeIndex, 'SELL', atomic, fill.usd, [fill.delivery, fill.hash]);
    },
    async redeem(conditionId, wallet) {
      const predict = await open();
      const market = predict.market(conditionId);
      if (!market)
        throw invalidField('conditionId', 'unknown_condition', `no sandbox market has the condition ${conditionId}`);
      const state = (await predict.states()).get(market.conditionId)!;
      if (state.payouts === null)
        throw new ServiceError(
          'state_conflict',
          `the market "${market.seed.question}" is not resolved yet: its oracle has reported no payouts, so nothing redeems`,
          { extra: { conditionId: market.conditionId } },
        );
      const vault = wallet.signer.address;
      const held = await holdings(predict, vault, market);
      if (held.every((balance) => balance === 0n))
        throw invalidField('conditionId', 'nothing_to_redeem', `the vault holds no outcome tokens of ${conditionId}`);
      const denominator = state.payouts[0] + state.payouts[1];
      const payout = held.reduce((sum, balance, index) => sum + (balance * state.payouts![index]!) / denominator, 0n);
      const data = encodeFunctionData({
        abi: CONDITIONAL_TOKENS_ABI,
        functionName: 'redeemPositions',
        args: [predict.collateral, zeroHash, market.conditionId, [1n, 2n]],
      });
      const sent = await signAndSend(await wallet.polygon(), wallet.signer, { to: predict.ctf, data }, wallet.commit);
      return {
        conditionId: market.conditionId,
        txHash: sent.hash,
        collateral: predict.collateral,
        collateralSymbol: 'USDC.e',
        payout: predictNumber(payout),
        redeemed: market.tokenIds.map((tokenId, index) => ({
          tokenId: String(tokenId),
          outcome: PREDICT_OUTCOMES[index],
          shares: predictNumber(held[index] ?? 0n),
        })),
        sandbox: true,
      };
    },
  };
}

const round = (value: number) => Number(value.toFixed(6));

/** The least a fill may give: the quote less the account's swap slippage (percent). */
function minimumOf(quoted: bigint, slippagePercent: number): bigint {
  const keepBps = 10_000n - BigInt(Math.round(slippagePercent * 100));
  return (quoted * (keepBps > 0n ? keepBps : 0n)) / 10_000n;
}

/**
 * An order the maker sent back unfilled (the price moved past the slippage bound, or the fill failed): the CLOB's
 * answer to an order that could not fill (`success: false`, status `unmatched`), with the refund's transaction.
 */
function refunded(
  market: SandboxPredictMarket,
  outcomeIndex: 0 | 1,
  side: 'BUY' | 'SELL',
  fill: { hash: string; reason: string },
  leg: string,
) {
  return {
    success: false,
    errorMsg: `not filled, refunded in full: ${fill.reason}`,
    orderID: leg,
    status: 'unmatched',
    side,
    tokenID: String(market.tokenIds[outcomeIndex]),
    conditionId: market.conditionId,
    outcome: PREDICT_OUTCOMES[outcomeIndex],
    refundTxHash: fill.hash,
    transactionsHashes: [leg, fill.hash],
    sandbox: true,
  };
}

/** Average cost of the shares still held (buys add cost, sells take shares out at the average) and the realized PnL. */
function costBasis(trades: readonly { side: 'BUY' | 'SELL'; shares: bigint; usd: bigint }[]) {
  let shares = 0;
  let cost = 0;
  let bought = 0n;
  let realizedPnl = 0;
  for (const trade of trades) {
    const tradeShares = predictNumber(trade.shares);
    const usd = predictNumber(trade.usd);
    if (trade.side === 'BUY') {
      shares += tradeShares;
      cost += usd;
      bought += trade.shares;
    } else if (shares > 0) {
      const average = cost / shares;
      realizedPnl += usd - average * tradeShares;
      cost -= average * Math.min(tradeShares, shares);
      shares = Math.max(0, shares - tradeShares);
    }
  }
  return { avgPrice: shares > 0 ? cost / shares : 0, bought, realizedPnl };
}

/** A filled market order, in the shape of the CLOB's order answer. */
function filled(
  market: SandboxPredictMarket,
  outcomeIndex: 0 | 1,
  side: 'BUY' | 'SELL',
  making: bigint,
  taking: bigint,
  transactionsHashes: readonly string[],
) {
  const [usd, shares] = side === 'BUY' ? [making, taking] : [taking, making];
  return {
    success: true,
    errorMsg: '',
    orderID: transactionsHashes[0],
    status: 'matched',
    side,
    tokenID: String(market.tokenIds[outcomeIndex]),
    conditionId: market.conditionId,
    outcome: PREDICT_OUTCOMES[outcomeIndex],
    makingAmount: predictNumber(making).toFixed(PREDICT_DECIMALS),
    takingAmount: predictNumber(taking).toFixed(PREDICT_DECIMALS),
    shares: predictNumber(shares),
    usd: predictNumber(usd),
    averagePrice: round(Number(usd) / Number(shares)),
    transactionsHashes,
    sandbox: true,
  };
}
