import { type Address, getAddressEncoder } from '@solana/kit';
import { type LaunchLabConfig, type LaunchLabPool, POOL_ACCOUNT_SIZE } from './launchlab-program.js';

const CONFIG_ACCOUNT_SIZE = 371;

/**
 * Test data: a LaunchLab PoolState with `pool`'s fields at the SDK layout's offsets (LaunchpadPool), the rest zero.
 * launchlab-program.test.ts checks that the SDK's own LaunchpadPool.decode reads these bytes back.
 */
export function encodeLaunchLabPool(pool: LaunchLabPool): Uint8Array {
  const data = new Uint8Array(POOL_ACCOUNT_SIZE);
  const view = new DataView(data.buffer);
  data.set([247, 237, 227, 245, 215, 195, 222, 70]);
  data.set([pool.status, pool.decimalsA, pool.decimalsB, pool.migrateType === 'amm' ? 0 : 1], 17);
  const u64s = [pool.supply, pool.totalSellA, pool.virtualA, pool.virtualB, pool.realA, pool.realB];
  u64s.forEach((value, index) => view.setBigUint64(21 + 8 * index, value, true));
  view.setBigUint64(69, pool.totalFundRaisingB, true);
  view.setBigUint64(101, pool.totalLockedAmount, true);
  const keys: [number, Address][] = [
    [141, pool.configId],
    [173, pool.platformId],
    [205, pool.mintA],
    [237, pool.mintB],
    [333, pool.creator],
  ];
  for (const [offset, key] of keys) data.set(getAddressEncoder().encode(key), offset);
  return data;
}

/** Test data: a LaunchLab GlobalConfig with `config`'s fields at the SDK layout's offsets (LaunchpadConfig). */
export function encodeLaunchLabConfig(config: LaunchLabConfig): Uint8Array {
  const data = new Uint8Array(CONFIG_ACCOUNT_SIZE);
  const view = new DataView(data.buffer);
  data.set([149, 8, 156, 202, 160, 252, 176, 217]);
  data[16] = config.curveType;
  const u64s = [
    config.migrateFee,
    config.tradeFeeRate,
    0n, // maxShareFeeRate
    config.minSupplyA,
    config.maxLockRate,
    config.minSellRateA,
    config.minMigrateRateA,
    config.minFundRaisingB,
  ];
  u64s.forEach((value, index) => view.setBigUint64(19 + 8 * index, value, true));
  data.set(getAddressEncoder().encode(config.mintB), 83);
  return data;
}
