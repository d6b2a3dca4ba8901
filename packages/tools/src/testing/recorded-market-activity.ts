import type {
  MarketActivity,
  MarketChain,
  MarketHolder,
  MarketToken,
  MarketTrade,
  WalletLabel,
} from '../ports/market-activity.js';

/** What a test says happened on the sandbox market: tokens, swaps, balances and simulated wallets' labels. */
export interface MarketHistory {
  readonly tokens: readonly MarketToken[];
  readonly trades?: readonly MarketTrade[];
  /** Balances by chain, token address and wallet, in whole tokens. */
  readonly balances?: readonly { chain: MarketChain; token: string; wallet: string; balance: number }[];
  readonly labels?: readonly { chain: MarketChain; address: string; label: WalletLabel }[];
  /** Earlier prices; a token's price at a time is the last point before it, else its current price. */
  readonly prices?: readonly { chain: MarketChain; token: string; at: Date; priceUsd: number }[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const inChain = <T extends { chain: MarketChain }>(rows: readonly T[] | undefined, chain: MarketChain) =>
  (rows ?? []).filter((row) => row.chain === chain);

/**
 * A MarketActivity over a fixed history (tests of the market tools' handlers, without chains). The sandbox's own
 * indexer is tested against the chains it follows; this one only answers what it was given.
 */
export function recordedMarketActivity(history: MarketHistory): MarketActivity {
  const chains = [...new Set(history.tokens.map((token) => token.chain))];
  const labelOf = (chain: MarketChain, wallet: string) =>
    inChain(history.labels, chain).find((entry) => same(entry.address, wallet))?.label;
  const holders = (chain: MarketChain, token: string): MarketHolder[] =>
    inChain(history.balances, chain)
      .filter((row) => same(row.token, token) && row.balance > 0)
      .map((row) => ({ address: row.wallet, label: labelOf(chain, row.wallet) ?? null, balance: row.balance }))
      .sort((a, b) => b.balance - a.balance);
  const token = async (chain: MarketChain, address: string) =>
    inChain(history.tokens, chain).find((entry) => same(entry.address, address));
  return {
    chains,
    tokens: async (chain) => inChain(history.tokens, chain),
    token,
    trades: async (chain, query = {}) =>
      inChain(history.trades, chain).filter((trade) => {
        const at = Date.parse(trade.timestamp);
        if (query.from && at < query.from.getTime()) return false;
        if (query.to && at > query.to.getTime()) return false;
        if (query.trader && !same(trade.trader, query.trader)) return false;
        if (query.token && !same(trade.sold.address, query.token) && !same(trade.bought.address, query.token))
          return false;
        return true;
      }),
    holders: async (chain, address) => holders(chain, address),
    priceUsdAt: async (chain, address, at) => {
      const earlier = inChain(history.prices, chain)
        .filter((point) => same(point.token, address) && point.at.getTime() <= at.getTime())
        .sort((a, b) => b.at.getTime() - a.at.getTime());
      return earlier[0]?.priceUsd ?? (await token(chain, address))?.priceUsd;
    },
    balances: async (chain, wallet) => {
      const rows = inChain(history.balances, chain).filter((row) => same(row.wallet, wallet) && row.balance > 0);
      const held = await Promise.all(
        rows.map(async (row) => {
          const info = await token(chain, row.token);
          return info && { address: wallet, label: labelOf(chain, wallet) ?? null, balance: row.balance, token: info };
        }),
      );
      return held
        .filter((row) => row !== undefined)
        .sort((a, b) => b.balance * b.token.priceUsd - a.balance * a.token.priceUsd);
    },
    labelOf,
    labelledWallets: (chain) => inChain(history.labels, chain).map(({ address, label }) => ({ address, label })),
  };
}
