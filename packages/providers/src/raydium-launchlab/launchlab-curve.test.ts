// The launch parameters' translation against the SDK's own pre-checks (Curve.checkParam, getInitParam), under the
// mainnet constant-product config Raydium's API serves (fixtures/global-config.json, see FIXTURES.md).
import { Curve, LaunchConstantProductCurve, LaunchpadConfig } from '@raydium-io/raydium-sdk-v2';
import { ServiceError } from '@svc/contracts';
import { address } from '@solana/kit';
import { PublicKey } from '@solana/web3.js';
import BN from 'bn.js';
import { describe, expect, it } from 'vitest';
import recordedConfig from './fixtures/global-config.json' with { type: 'json' };
import { launchLabCurveOf, type PadCurveRequest } from './launchlab-curve.js';
import type { LaunchLabConfig } from './launchlab-program.js';

const key = recordedConfig.key;
const config: LaunchLabConfig = {
  curveType: key.curveType,
  migrateFee: BigInt(key.migrateFee),
  tradeFeeRate: BigInt(key.tradeFeeRate),
  minSupplyA: BigInt(key.minSupplyA),
  maxLockRate: BigInt(key.maxLockRate),
  minSellRateA: BigInt(key.minSellRateA),
  minMigrateRateA: BigInt(key.minMigrateRateA),
  minFundRaisingB: BigInt(key.minFundRaisingB),
  mintB: address(key.mintB),
};
const sdkConfig = {
  ...Object.fromEntries(
    ['migrateFee', 'minSupplyA', 'maxLockRate', 'minSellRateA', 'minMigrateRateA', 'minFundRaisingB'].map((name) => [
      name,
      new BN(key[name as keyof typeof key] as string),
    ]),
  ),
  mintB: new PublicKey(key.mintB),
} as unknown as ReturnType<typeof LaunchpadConfig.decode>;

const DEFAULTS: PadCurveRequest = { solRaised: 85, bondingCurve: 80, poolMigration: 20, tokenSupply: '1000000000' };

function refusal(request: Partial<PadCurveRequest>) {
  try {
    launchLabCurveOf({ ...DEFAULTS, ...request }, config);
  } catch (error) {
    if (error instanceof ServiceError) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('LaunchLab curve parameters', () => {
  it.each([
    DEFAULTS,
    { solRaised: 35, bondingCurve: 51, poolMigration: 49, tokenSupply: '100000000' },
    { solRaised: 120.5, bondingCurve: 60, poolMigration: 20, tokenSupply: '10000000000' },
    { solRaised: 85, bondingCurve: 79.31, poolMigration: 20.69, tokenSupply: '1000000000' },
  ])('turns %o into parameters the SDK accepts', (request) => {
    const curve = launchLabCurveOf(request, config);
    const sold = (curve.totalSellA * 10_000n) / curve.supply;
    expect(Number(sold) / 100).toBe(request.bondingCurve);
    expect(curve.supply - curve.totalSellA - curve.totalLockedAmount).toBe(
      (curve.supply * BigInt(Math.round(request.poolMigration * 100))) / 10_000n,
    );
    expect(curve.totalFundRaisingB).toBe(BigInt(Math.round(request.solRaised * 1e9)));
    const bn = (value: bigint) => new BN(value.toString());
    const init = LaunchConstantProductCurve.getInitParam({
      supply: bn(curve.supply),
      totalSell: bn(curve.totalSellA),
      totalLockedAmount: bn(curve.totalLockedAmount),
      totalFundRaising: bn(curve.totalFundRaisingB),
      migrateFee: bn(config.migrateFee),
    });
    expect(init.a.gtn(0) && init.b.gtn(0)).toBe(true);
    expect(() =>
      Curve.checkParam({
        supply: bn(curve.supply),
        totalSell: init.c,
        totalLockedAmount: bn(curve.totalLockedAmount),
        totalFundRaising: bn(curve.totalFundRaisingB),
        decimals: 6,
        config: sdkConfig,
        migrateType: curve.migrateType,
      }),
    ).not.toThrow();
  });

  it('refuses what the program refuses, naming the field', () => {
    expect(refusal({ bondingCurve: 80, poolMigration: 30 })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/poolMigration.*at most 100/),
    });
    // 51 + 20 leaves 29% locked: within the config's 30%; 51 + 15 would lock 34%.
    expect(refusal({ bondingCurve: 51, poolMigration: 15 })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/poolMigration.*at least 20%/),
    });
    expect(refusal({ solRaised: 29.9 })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/solRaised.*30 SOL/),
    });
    expect(refusal({ bondingCurve: 80.123 })).toMatchObject({
      message: expect.stringMatching(/bondingCurve.*two decimals/),
    });
    const lowLock = { ...config, maxLockRate: 0n };
    expect(() => launchLabCurveOf({ ...DEFAULTS, bondingCurve: 60 }, lowLock)).toThrow(/locks at most 0%/);
  });
});
