import type { IndexedToken, SandboxMarketIndex } from '@svc/sandbox';
import type {
  MarketActivity,
  MarketChain,
  MarketHolder,
  MarketToken,
  MarketTrade,
  WalletLabel,
} from '../ports/market-activity.js';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The market tools' view of the sandbox market index (`sandbox.market.index`): the chains' swaps, prices and holders
 * as the index computed them, with the simulated wallets' labels on their trades and balances (any other wallet,
 * a caller's vault for one, is unlabelled).
 */
export function sandboxMarketActivity(
  index: Pick<SandboxMarketIndex, 'chains' | 'chain' | 'labelOf' | 'labelledWallets'>,
): MarketActivity {
  const labelOf = (chain: MarketChain, wallet: string): WalletLabel | undefined => index.labelOf(chain, wallet);
  const labelled = (chain: MarketChain, address: string) => labelOf(chain, address) ?? null;
  const marketToken = (chain: MarketChain, token: IndexedToken): MarketToken => ({ chain, ...token });
  const token = async (chain: MarketChain, address: string) => {
    const found = (await index.chain(chain).tokens()).find((candidate) => same(candidate.address, address));
    return found && marketToken(chain, found);
  };
  return {
    chains: index.chains,
    tokens: async (chain) => (await index.chain(chain).tokens()).map((found) => marketToken(chain, found)),
    token,
    trades: async (chain, query = {}) => {
      const from = query.from?.getTime() ?? -Infinity;
      const to = query.to?.getTime() ?? Infinity;
      return (await index.chain(chain).trades())
        .filter(
          (trade) =>
            trade.timestamp >= from &&
            trade.timestamp <= to &&
            (!query.trader || same(trade.trader, query.trader)) &&
            (!query.token || same(trade.sold.address, query.token) || same(trade.bought.address, query.token)),
        )
        .map((trade): MarketTrade => ({
          ...trade,
          chain,
          timestamp: new Date(trade.timestamp).toISOString(),
          traderLabel: labelled(chain, trade.trader),
        }));
    },
    holders: async (chain, address) =>
      (await index.chain(chain).holders(address)).map((holder): MarketHolder => ({
        ...holder,
        label: labelled(chain, holder.address),
      })),
    priceUsdAt: (chain, address, at) => index.chain(chain).priceUsdAt(address, at.getTime()),
    balances: async (chain, wallet) =>
      (await index.chain(chain).balances(wallet))
        .map((held) => ({
          address: wallet,
          label: labelled(chain, wallet),
          balance: held.balance,
          token: marketToken(chain, held.token),
        }))
        .sort((a, b) => b.balance * b.token.priceUsd - a.balance * a.token.priceUsd),
    labelOf,
    labelledWallets: (chain) => index.labelledWallets(chain),
  };
}
