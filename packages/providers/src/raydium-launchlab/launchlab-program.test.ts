// Contract test: the LaunchLab layouts built here against @raydium-io/raydium-sdk-v2's own builders and layouts
// (a dev dependency, pinned; see FIXTURES.md). The pool under test is the SDK's own launch preset
// (LaunchpadPoolInitParam: the curve every default LaunchLab launch starts from); the config values are the mainnet
// constant-product config as Raydium's launch-mint API serves it (fixtures/global-config.json).
import {
  CpmmCreatorFeeOn,
  getPdaLaunchpadAuth,
  getPdaLaunchpadConfigId,
  getPdaLaunchpadPoolId,
  getPdaLaunchpadVaultId,
  getPdaMetadataKey,
  initializeV2,
  LAUNCHPAD_PROGRAM,
  LaunchpadConfig,
  LaunchpadPool,
  LaunchpadPoolInitParam,
} from '@raydium-io/raydium-sdk-v2';
import { AccountRole, address, createNoopSigner, generateKeyPairSigner } from '@solana/kit';
import { PublicKey } from '@solana/web3.js';
import BN from 'bn.js';
import { describe, expect, it } from 'vitest';
import recordedConfig from './fixtures/global-config.json' with { type: 'json' };
import { encodeLaunchLabConfig, encodeLaunchLabPool } from './launchlab-accounts-testing.js';
import { launchLabCurveOf } from './launchlab-curve.js';
import {
  decodeLaunchLabConfig,
  decodeLaunchLabPool,
  initializeV2Instruction,
  LAUNCHLAB_PROGRAM_ADDRESS,
  type LaunchLabConfig,
  launchLabConfigAddress,
  launchLabPoolAddress,
  POOL_ACCOUNT_SIZE,
  POOL_OFFSETS,
  POOL_PREFIX_LENGTH,
  RAYDIUM_LAUNCHLAB_PLATFORM,
  WSOL_MINT,
} from './launchlab-program.js';

const pk = (value: string) => new PublicKey(value);
const TOKEN_PROGRAM = pk('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const key = recordedConfig.key;
const mainnetConfig: LaunchLabConfig = {
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

/** An account's bytes as the SDK's layout encodes it, Anchor discriminator first. */
function encodeWithSdk<T>(
  layout: { span: number; encode: (value: T, buffer: Buffer) => number },
  discriminator: number[],
  value: T,
) {
  const buffer = Buffer.alloc(layout.span);
  layout.encode(value, buffer);
  Buffer.from(discriminator).copy(buffer, 0);
  return new Uint8Array(buffer);
}

describe('Raydium LaunchLab program (SDK layouts)', () => {
  it('derives the program, config, pool, vault and metadata addresses as the SDK does', async () => {
    const mint = (await generateKeyPairSigner()).address;
    const pool = await launchLabPoolAddress(mint);
    expect(LAUNCHLAB_PROGRAM_ADDRESS).toBe(LAUNCHPAD_PROGRAM.toBase58());
    expect(await launchLabConfigAddress()).toBe(
      getPdaLaunchpadConfigId(LAUNCHPAD_PROGRAM, pk(WSOL_MINT), 0, 0).publicKey.toBase58(),
    );
    // The config Raydium's API serves for SOL launches is this PDA.
    expect(await launchLabConfigAddress()).toBe(key.pubKey);
    expect(pool).toBe(getPdaLaunchpadPoolId(LAUNCHPAD_PROGRAM, pk(mint), pk(WSOL_MINT)).publicKey.toBase58());
    expect(getPdaLaunchpadVaultId(LAUNCHPAD_PROGRAM, pk(pool), pk(mint)).publicKey.toBase58()).toBeTruthy();
    expect(getPdaMetadataKey(pk(mint)).publicKey.toBase58()).toBeTruthy();
  });

  it('builds initialize_v2 with the accounts, flags and data of the SDK builder', async () => {
    const payer = await generateKeyPairSigner();
    const mint = await generateKeyPairSigner();
    const curve = launchLabCurveOf(
      { solRaised: 85, bondingCurve: 79.31, poolMigration: 20.69, tokenSupply: '1000000000' },
      mainnetConfig,
    );
    const ours = await initializeV2Instruction({
      payer: createNoopSigner(payer.address),
      creator: payer.address,
      mintA: mint,
      name: 'Test Coin',
      symbol: 'TEST',
      uri: 'https://example.org/test.json',
      curve,
    });

    const pool = getPdaLaunchpadPoolId(LAUNCHPAD_PROGRAM, pk(mint.address), pk(WSOL_MINT)).publicKey;
    const theirs = initializeV2(
      LAUNCHPAD_PROGRAM,
      pk(payer.address),
      pk(payer.address),
      getPdaLaunchpadConfigId(LAUNCHPAD_PROGRAM, pk(WSOL_MINT), 0, 0).publicKey,
      pk(RAYDIUM_LAUNCHLAB_PLATFORM),
      getPdaLaunchpadAuth(LAUNCHPAD_PROGRAM).publicKey,
      pool,
      pk(mint.address),
      pk(WSOL_MINT),
      getPdaLaunchpadVaultId(LAUNCHPAD_PROGRAM, pool, pk(mint.address)).publicKey,
      getPdaLaunchpadVaultId(LAUNCHPAD_PROGRAM, pool, pk(WSOL_MINT)).publicKey,
      getPdaMetadataKey(pk(mint.address)).publicKey,
      TOKEN_PROGRAM,
      6,
      'Test Coin',
      'TEST',
      'https://example.org/test.json',
      {
        type: 'ConstantCurve',
        totalSellA: new BN(curve.totalSellA.toString()),
        migrateType: 'cpmm',
        supply: new BN(curve.supply.toString()),
        totalFundRaisingB: new BN(curve.totalFundRaisingB.toString()),
      },
      new BN(curve.totalLockedAmount.toString()),
      new BN(0),
      new BN(0),
      CpmmCreatorFeeOn.OnlyTokenB,
    );

    expect(ours.programAddress).toBe(theirs.programId.toBase58());
    const roleOf = (meta: { isSigner: boolean; isWritable: boolean }) =>
      meta.isSigner
        ? meta.isWritable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : meta.isWritable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY;
    expect(ours.accounts?.map(({ address: account, role }) => ({ account, role }))).toEqual(
      theirs.keys.map((meta) => ({ account: meta.pubkey.toBase58(), role: roleOf(meta) })),
    );
    expect([...(ours.data ?? [])]).toEqual([...theirs.data]);
  });

  it("decodes a PoolState laid out by the SDK's LaunchpadPool layout (the SDK's launch preset)", async () => {
    const creator = (await generateKeyPairSigner()).address;
    const mint = (await generateKeyPairSigner()).address;
    const preset = LaunchpadPoolInitParam;
    const data = encodeWithSdk(LaunchpadPool, [247, 237, 227, 245, 215, 195, 222, 70], {
      epoch: new BN(896),
      bump: 254,
      status: 0,
      mintDecimalsA: preset.decimals,
      mintDecimalsB: 9,
      migrateType: 1,
      supply: preset.supply,
      totalSellA: preset.totalSellA,
      virtualA: preset.virtualA,
      virtualB: preset.virtualB,
      realA: new BN(123_456_789),
      realB: new BN(987_654),
      totalFundRaisingB: preset.totalFundRaisingB,
      protocolFee: preset.protocolFee,
      platformFee: new BN(10_000),
      migrateFee: new BN(0),
      vestingSchedule: { ...preset.vestingSchedule, totalLockedAmount: new BN(5_000_000) },
      configId: pk(key.pubKey),
      platformId: preset.platformId,
      mintA: pk(mint),
      mintB: pk(WSOL_MINT),
      vaultA: pk(mint),
      vaultB: pk(mint),
      creator: pk(creator),
      mintProgramFlag: 0,
      cpmmCreatorFeeOn: 0,
      platformVestingShare: new BN(0),
    });
    expect(data.length).toBe(POOL_ACCOUNT_SIZE);
    expect(LaunchpadPool.offsetOf('status')).toBe(POOL_OFFSETS.status);
    expect(LaunchpadPool.offsetOf('platformId')).toBe(POOL_OFFSETS.platformId);
    expect(LaunchpadPool.offsetOf('mintProgramFlag')).toBe(POOL_PREFIX_LENGTH);

    // What discovery asks the node for is the prefix; both decode alike.
    for (const bytes of [data, data.subarray(0, POOL_PREFIX_LENGTH)])
      expect(decodeLaunchLabPool(bytes)).toEqual({
        status: 0,
        decimalsA: 6,
        decimalsB: 9,
        migrateType: 'cpmm',
        supply: 1_000_000_000_000_000n,
        totalSellA: 793_100_000_000_000n,
        virtualA: 1_073_471_847_374_405n,
        virtualB: 30_050_573_465n,
        realA: 123_456_789n,
        realB: 987_654n,
        totalFundRaisingB: 85_000_000_000n,
        totalLockedAmount: 5_000_000n,
        configId: key.pubKey,
        platformId: RAYDIUM_LAUNCHLAB_PLATFORM,
        mintA: mint,
        mintB: WSOL_MINT,
        creator,
      });
    expect(() => decodeLaunchLabPool(new Uint8Array(POOL_ACCOUNT_SIZE))).toThrow(/not a LaunchLab PoolState/);
  });

  it("writes test pools the SDK's LaunchpadPool layout reads back (encodeLaunchLabPool, for other packages' tests)", async () => {
    const mint = (await generateKeyPairSigner()).address;
    const pool = {
      status: 2,
      decimalsA: 6,
      decimalsB: 9,
      migrateType: 'amm' as const,
      supply: 10n ** 15n,
      totalSellA: 8n * 10n ** 14n,
      virtualA: 1_073_471_847_374_405n,
      virtualB: 30_050_573_465n,
      realA: 8n * 10n ** 14n,
      realB: 85_000_000_000n,
      totalFundRaisingB: 85_000_000_000n,
      totalLockedAmount: 7n,
      configId: address(key.pubKey),
      platformId: RAYDIUM_LAUNCHLAB_PLATFORM,
      mintA: mint,
      mintB: WSOL_MINT,
      creator: mint,
    };
    const decoded = LaunchpadPool.decode(Buffer.from(encodeLaunchLabPool(pool)));
    expect({
      status: decoded.status,
      migrateType: decoded.migrateType,
      supply: decoded.supply.toString(),
      realB: decoded.realB.toString(),
      totalFundRaisingB: decoded.totalFundRaisingB.toString(),
      locked: decoded.vestingSchedule.totalLockedAmount.toString(),
      platformId: decoded.platformId.toBase58(),
      mintA: decoded.mintA.toBase58(),
      creator: decoded.creator.toBase58(),
    }).toEqual({
      status: 2,
      migrateType: 0,
      supply: '1000000000000000',
      realB: '85000000000',
      totalFundRaisingB: '85000000000',
      locked: '7',
      platformId: RAYDIUM_LAUNCHLAB_PLATFORM,
      mintA: mint,
      creator: mint,
    });
    expect(decodeLaunchLabPool(encodeLaunchLabPool(pool))).toEqual(pool);
  });

  it("decodes the GlobalConfig laid out by the SDK's LaunchpadConfig layout with the mainnet values", () => {
    const data = encodeWithSdk(LaunchpadConfig, [149, 8, 156, 202, 160, 252, 176, 217], {
      epoch: new BN(key.epoch),
      curveType: key.curveType,
      index: key.index,
      migrateFee: new BN(key.migrateFee),
      tradeFeeRate: new BN(key.tradeFeeRate),
      maxShareFeeRate: new BN(key.maxShareFeeRate),
      minSupplyA: new BN(key.minSupplyA),
      maxLockRate: new BN(key.maxLockRate),
      minSellRateA: new BN(key.minSellRateA),
      minMigrateRateA: new BN(key.minMigrateRateA),
      minFundRaisingB: new BN(key.minFundRaisingB),
      mintB: pk(key.mintB),
      protocolFeeOwner: pk(key.protocolFeeOwner),
      migrateFeeOwner: pk(key.migrateFeeOwner),
      migrateToAmmWallet: pk(key.migrateToAmmWallet),
      migrateToCpmmWallet: pk(key.migrateToCpmmWallet),
    });
    expect(decodeLaunchLabConfig(data)).toEqual(mainnetConfig);
    // The test encoder other packages use writes what the SDK reads.
    const written = LaunchpadConfig.decode(Buffer.from(encodeLaunchLabConfig(mainnetConfig)));
    expect([written.minFundRaisingB.toString(), written.maxLockRate.toString(), written.mintB.toBase58()]).toEqual([
      key.minFundRaisingB,
      key.maxLockRate,
      key.mintB,
    ]);
    expect(decodeLaunchLabConfig(encodeLaunchLabConfig(mainnetConfig))).toEqual(mainnetConfig);
  });
});
