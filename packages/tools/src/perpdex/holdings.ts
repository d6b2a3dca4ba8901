import type { Handler } from '../handler.js';
import { sum } from './account.js';
import { perpExchangeOf, perpUser } from './perp-source.js';

/** Stablecoins valued at 1 USD on the spot side. */
const USD_COINS = new Set(['USDC', 'USDT', 'USDH', 'USDE']);

/**
 * Output: `{ user, totalValueUsd, breakdown: {perpsUsd, spotUsd, evmWalletUsd, stakingUsd, vaultsUsd}, perps,
 * spotBalances, perpEvmWallet, staking, vaults }`. Perps: the perp account value; spot: each balance at its coin's
 * mid (stablecoins at 1, a coin without a mid valued null and counted 0); staking: delegated, undelegated and pending
 * HYPE at HYPE's mid; vaults: their equity; the EVM side: HYPE on HyperEVM (null where the exchange has none).
 */
export const perpdexHoldings: Handler<'perpdexHoldings'> = async (input, context) => {
  const exchange = perpExchangeOf(context, 'perpdexHoldings');
  const user = await perpUser(context, exchange, input.user);
  const [perps, spot, summary, delegations, vaults, mids, evmHype] = await Promise.all([
    exchange.clearinghouseState(user),
    exchange.spotClearinghouseState(user),
    exchange.delegatorSummary(user),
    exchange.delegations(user),
    exchange.userVaultEquities(user),
    exchange.allMids(),
    exchange.evmHypeBalance(user),
  ]);
  const priceOf = (coin: string): number | null =>
    USD_COINS.has(coin) ? 1 : mids[coin] === undefined ? null : Number(mids[coin]);
  const hype = priceOf('HYPE') ?? 0;
  const spotBalances = spot.balances.map((balance) => {
    const priceUsd = priceOf(balance.coin);
    return { ...balance, priceUsd, valueUsd: priceUsd === null ? null : Number(balance.total) * priceUsd };
  });
  const breakdown = {
    perpsUsd: Number(perps.marginSummary.accountValue),
    spotUsd: spotBalances.reduce((total, balance) => total + (balance.valueUsd ?? 0), 0),
    evmWalletUsd: evmHype === null ? 0 : Number(evmHype) * hype,
    stakingUsd: sum([summary.delegated, summary.undelegated, summary.totalPendingWithdrawal]) * hype,
    vaultsUsd: sum(vaults.map((vault) => vault.equity)),
  };
  return {
    user,
    totalValueUsd: Object.values(breakdown).reduce((total, value) => total + value, 0),
    breakdown,
    perps,
    spotBalances,
    perpEvmWallet: evmHype === null ? null : { address: user, hype: evmHype, valueUsd: breakdown.evmWalletUsd },
    staking: { summary, delegations },
    vaults,
  };
};
