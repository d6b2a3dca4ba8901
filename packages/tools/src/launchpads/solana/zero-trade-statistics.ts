import type { CurveToken } from '../../ports/solana-launchpads.js';

type CurveTradeStatistics = Pick<
  CurveToken,
  'volumeUsd' | 'devHoldPercent' | 'insiderHoldPercent' | 'holderCount' | 'buyCount' | 'sellCount' | 'sniperWalletCount'
>;

/**
 * The trade statistics the live launchpads (pump.fun, Raydium LaunchLab, Meteora DBC) report for a token they read
 * from its curve or pool account: those accounts hold none (they need an indexer; pump.fun's coin lists, which
 * getCurveTokens reads, carry them), so live they are zero.
 */
export const ZERO_TRADE_STATISTICS: CurveTradeStatistics = {
  volumeUsd: 0,
  devHoldPercent: 0,
  insiderHoldPercent: 0,
  holderCount: 0,
  buyCount: 0,
  sellCount: 0,
  sniperWalletCount: 0,
};
