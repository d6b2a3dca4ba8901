import { PUMP_CURVE } from '@svc/chains';
import type { PumpFunCoin, PumpFunList } from '@svc/providers';
import type { CurveListing, CurveToken } from '../../../ports/solana-launchpads.js';

/** Which of pump.fun's lists holds each lifecycle class (the class filter and range filters apply after). */
export const LIST_OF: Record<CurveListing, PumpFunList> = {
  newly_created: 'newest',
  // By market cap, highest first: on pump's fixed-supply curves the highest caps are the curves closest to done.
  about_to_graduate: 'marketCap',
  graduated: 'graduated',
};

const LAMPORTS_PER_SOL = 1e9;
const SUPPLY = Number(PUMP_CURVE.totalSupply) / 10 ** PUMP_CURVE.decimals;

/**
 * SOL a pump.fun curve holds at `percent` sold, from its published launch constants (virtual 30 SOL over 1.073
 * billion tokens, 793.1 million for sale): what buying that share of the curve costs, fees aside.
 */
export function curveSolAt(percent: number): number {
  const sold = (BigInt(Math.round(percent * 100)) * PUMP_CURVE.curveSupply) / 10_000n;
  const k = PUMP_CURVE.virtualSol0 * PUMP_CURVE.virtualToken0;
  return Number(k / (PUMP_CURVE.virtualToken0 - sold) - PUMP_CURVE.virtualSol0) / LAMPORTS_PER_SOL;
}

/**
 * A coin of pump.fun's lists as a launchpad token. The list gives USD market cap, SOL volume, holder and trade counts,
 * developer and sniper holdings; the price is its market cap over the fixed billion supply. A graduated coin's pool
 * liquidity and any coin's last trade time are not in the list: null, never guessed.
 */
export function pumpCoinToken(coin: PumpFunCoin, solUsd: number): CurveToken {
  const graduated = coin.graduationDate != null || coin.bondingCurveProgress >= 100;
  const realSol = graduated ? 0 : curveSolAt(Math.max(0, Math.min(100, coin.bondingCurveProgress)));
  const priceUsd = coin.marketCap / SUPPLY;
  const devIsSniper = coin.holders?.some((holder) => holder.holderId === coin.dev && holder.isSniper) ?? false;
  const sniperPercent = (coin.sniperOwnedPercentage ?? 0) * 100;
  return {
    launchpad: 'pump',
    mint: coin.coinMint,
    name: coin.name,
    symbol: coin.ticker,
    description: null,
    imageUri: coin.imageUrl ?? null,
    website: coin.website ?? null,
    twitter: coin.twitter ?? null,
    telegram: coin.telegram ?? null,
    creator: coin.dev,
    createdAt: Math.floor(coin.creationTime / 1000),
    lastTradeAt: null,
    decimals: PUMP_CURVE.decimals,
    supply: SUPPLY,
    graduated,
    graduatedAt: coin.graduationDate == null ? null : Math.floor(coin.graduationDate / 1000),
    curvePercent: graduated ? 100 : coin.bondingCurveProgress,
    realSol,
    targetSol: curveSolAt(100),
    priceSol: solUsd > 0 ? priceUsd / solUsd : 0,
    priceUsd,
    marketCapUsd: coin.marketCap,
    // The curve's SOL and the same value again in tokens (as the sandbox counts it); a pool's depth is not listed.
    liquidityUsd: graduated ? null : 2 * realSol * solUsd,
    volumeUsd: coin.volume * solUsd,
    devHoldPercent: coin.devHoldingsPercentage,
    // Insiders: the snipers, and the developer when pump.fun does not count it among them.
    insiderHoldPercent: sniperPercent + (devIsSniper ? 0 : coin.devHoldingsPercentage),
    holderCount: coin.numHolders,
    buyCount: coin.buyTransactions,
    sellCount: coin.sellTransactions,
    sniperWalletCount: coin.sniperCount,
    feeSharing: null,
  };
}
