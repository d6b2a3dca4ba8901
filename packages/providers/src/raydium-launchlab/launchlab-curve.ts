/**
 * From the launch parameters users speak (SOL to raise, percent of the supply sold on the curve, percent moved to the
 * pool at migration, total supply) to LaunchLab's constant-product curve parameters, refused with the field and rule
 * when the program would refuse them: the GlobalConfig's minimums and maximums and the SDK's own pre-checks
 * (Curve.checkParam and LaunchConstantProductCurve.getInitParam in @raydium-io/raydium-sdk-v2).
 */
import { invalidField } from '@svc/contracts';
import {
  LAUNCHLAB_TOKEN_DECIMALS,
  type LaunchLabConfig,
  type LaunchLabCurve,
  RATE_DENOMINATOR,
} from './launchlab-program.js';

export interface PadCurveRequest {
  /** SOL raised on the curve before it migrates. */
  readonly solRaised: number;
  /** Percent of the supply sold on the curve. */
  readonly bondingCurve: number;
  /** Percent of the supply moved to the pool at migration; the rest of the supply is locked for the creator. */
  readonly poolMigration: number;
  /** Whole tokens. */
  readonly tokenSupply: string;
}

const LAMPORTS_PER_SOL = 1_000_000_000n;
const PERCENT_SCALE = 10_000n; // percentages to two decimals
/** The AMM v4 migration locks 10^decimals of LP; the CPMM one 100: the migrated liquidity must exceed it. */
const MIN_MIGRATED_LIQUIDITY = { amm: 10n ** BigInt(LAUNCHLAB_TOKEN_DECIMALS), cpmm: 100n } as const;

const percentOf = (supply: bigint, percent: number, field: string) => {
  const scaled = Math.round(percent * Number(PERCENT_SCALE / 100n));
  if (Math.abs(scaled / Number(PERCENT_SCALE / 100n) - percent) > 1e-9)
    throw invalidField(field, 'precision', 'has at most two decimals');
  return (supply * BigInt(scaled)) / PERCENT_SCALE;
};

const rateOf = (supply: bigint, rate: bigint) => (supply * rate) / RATE_DENOMINATOR;
const percentText = (rate: bigint) => `${Number(rate) / 10_000}%`;

function sqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + value / x) / 2n;
  }
  return x;
}

/** The curve parameters of `request` under `config`; a 400 naming the field when the program would refuse them. */
export function launchLabCurveOf(
  request: PadCurveRequest,
  config: LaunchLabConfig,
  migrateType: 'amm' | 'cpmm' = 'cpmm',
): LaunchLabCurve {
  const supply = BigInt(request.tokenSupply) * 10n ** BigInt(LAUNCHLAB_TOKEN_DECIMALS);
  const totalSellA = percentOf(supply, request.bondingCurve, 'bondingCurve');
  const migrated = percentOf(supply, request.poolMigration, 'poolMigration');
  const totalLockedAmount = supply - totalSellA - migrated;
  const totalFundRaisingB = BigInt(Math.round(request.solRaised * Number(LAMPORTS_PER_SOL)));

  if (totalLockedAmount < 0n)
    throw invalidField('poolMigration', 'too_big', 'bondingCurve plus poolMigration is at most 100 (percent)');
  if (supply < config.minSupplyA * 10n ** BigInt(LAUNCHLAB_TOKEN_DECIMALS))
    throw invalidField('tokenSupply', 'too_small', `LaunchLab mints at least ${config.minSupplyA} tokens`);
  if (totalSellA < rateOf(supply, config.minSellRateA))
    throw invalidField('bondingCurve', 'too_small', `LaunchLab sells at least ${percentText(config.minSellRateA)}`);
  if (migrated < rateOf(supply, config.minMigrateRateA))
    throw invalidField(
      'poolMigration',
      'too_small',
      `LaunchLab migrates at least ${percentText(config.minMigrateRateA)}`,
    );
  if (totalLockedAmount > rateOf(supply, config.maxLockRate))
    throw invalidField(
      'poolMigration',
      'too_small',
      `LaunchLab locks at most ${percentText(config.maxLockRate)} for the creator: bondingCurve plus poolMigration is at least ${100 - Number(config.maxLockRate) / 10_000}`,
    );
  if (totalFundRaisingB < config.minFundRaisingB)
    throw invalidField(
      'solRaised',
      'too_small',
      `LaunchLab raises at least ${Number(config.minFundRaisingB) / Number(LAMPORTS_PER_SOL)} SOL`,
    );
  // The curve's initial virtual reserves exist only when the curve ends below the migration price's reach:
  // (raised - migrate fee) * sold / migrated must exceed raised (getInitParam's denominator).
  const raisedAfterFee = totalFundRaisingB - config.migrateFee;
  if (raisedAfterFee <= 0n || (raisedAfterFee * totalSellA) / migrated <= totalFundRaisingB)
    throw invalidField(
      'bondingCurve',
      'curve',
      'the curve must sell more tokens than the pool receives at migration (bondingCurve above poolMigration)',
    );
  if (sqrt(migrated * totalFundRaisingB) <= MIN_MIGRATED_LIQUIDITY[migrateType])
    throw invalidField('solRaised', 'too_small', 'the migrated pool would hold too little liquidity');
  return { supply, totalSellA, totalFundRaisingB, totalLockedAmount, migrateType };
}
