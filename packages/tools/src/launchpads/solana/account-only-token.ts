import type { CurveToken } from '../../ports/solana-launchpads.js';

type CurveProfile = Pick<
  CurveToken,
  'name' | 'symbol' | 'description' | 'imageUri' | 'website' | 'twitter' | 'telegram'
>;
type CurveTradeStatistics = Pick<
  CurveToken,
  'volumeUsd' | 'devHoldPercent' | 'insiderHoldPercent' | 'holderCount' | 'buyCount' | 'sellCount' | 'sniperWalletCount'
>;

/**
 * What the live launchpads (pump.fun, Raydium LaunchLab, Meteora DBC) can say of a token they read from its curve or
 * pool account alone: the name and symbol the market knows (else the mint stands in), and no profile links, which
 * live in the token's off-chain metadata.
 */
export function accountOnlyProfile(mint: string, known: { name: string; symbol: string } | undefined): CurveProfile {
  return {
    name: known?.name ?? mint,
    symbol: known?.symbol ?? mint.slice(0, 6),
    description: null,
    imageUri: null,
    website: null,
    twitter: null,
    telegram: null,
  };
}

/**
 * The trade statistics of such a token: the accounts hold none (they need an indexer; pump.fun's coin lists, which
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
