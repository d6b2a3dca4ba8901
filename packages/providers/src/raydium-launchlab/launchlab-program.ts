/**
 * Raydium LaunchLab (program LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj), called with @solana/kit from the layouts
 * @raydium-io/raydium-sdk-v2 publishes (src/raydium/launchpad/layout.ts, pda.ts, instrument.ts): the PDAs, the
 * GlobalConfig and PoolState accounts, and the initialize_v2 instruction. The SDK itself builds on web3.js v1, bn.js
 * and axios and fetches configs from Raydium's API while building; these layouts need none of that. The contract test
 * (launchlab-program.test.ts) checks every byte against the SDK's own builders and layouts.
 */
import {
  type AccountMeta,
  AccountRole,
  type AccountSignerMeta,
  type Address,
  address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
  type InstructionWithSigners,
  type TransactionSigner,
} from '@solana/kit';
import { borshString, borshU64, concatBytes } from '../solana-chain/borsh.js';

type Seed = Parameters<typeof getProgramDerivedAddress>[0]['seeds'][number];

export const LAUNCHLAB_PROGRAM_ADDRESS = address('LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj');
/** Raydium's own LaunchLab platform (the SDK's default platformId). */
export const RAYDIUM_LAUNCHLAB_PLATFORM = address('4Bu96XjU84XjPDSpveTVf6LYGCkfW5FK7SNkREWcEfV4');
export const WSOL_MINT = address('So11111111111111111111111111111111111111112');
const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const METADATA_PROGRAM = address('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s');
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
const RENT_SYSVAR = address('SysvarRent111111111111111111111111111111111');

/** The constant-product curve (curve type 0) every SOL-quoted LaunchLab launch uses; its tokens have 6 decimals. */
export const CONSTANT_PRODUCT_CURVE = 0;
export const LAUNCHLAB_TOKEN_DECIMALS = 6;
/** Rates in the config account are parts per million. */
export const RATE_DENOMINATOR = 1_000_000n;
/** Sizes of the accounts a launch creates (rent): PoolState, an SPL mint, two token vaults, a Metaplex metadata. */
export const POOL_ACCOUNT_SIZE = 429;
export const LAUNCH_ACCOUNT_SIZES = [POOL_ACCOUNT_SIZE, 82, 165, 165, 679] as const;

const INITIALIZE_V2_DISCRIMINATOR = new Uint8Array([67, 153, 175, 39, 218, 16, 38, 32]);
const POOL_STATE_DISCRIMINATOR = new Uint8Array([247, 237, 227, 245, 215, 195, 222, 70]);
const GLOBAL_CONFIG_DISCRIMINATOR = new Uint8Array([149, 8, 156, 202, 160, 252, 176, 217]);

const text = (seed: string) => new TextEncoder().encode(seed);
const key = (account: Address) => getAddressEncoder().encode(account);

async function pda(seeds: Seed[], programAddress: Address = LAUNCHLAB_PROGRAM_ADDRESS): Promise<Address> {
  const [found] = await getProgramDerivedAddress({ programAddress, seeds });
  return found;
}

export const launchLabAuthority = () => pda([text('vault_auth_seed')]);
/** The GlobalConfig of a quote mint, curve type and index (u8, u16 little-endian). */
export const launchLabConfigAddress = (mintB: Address = WSOL_MINT, curveType = CONSTANT_PRODUCT_CURVE, index = 0) =>
  pda([text('global_config'), key(mintB), new Uint8Array([curveType]), new Uint8Array([index & 0xff, index >> 8])]);
export const launchLabPoolAddress = (mintA: Address, mintB: Address = WSOL_MINT) =>
  pda([text('pool'), key(mintA), key(mintB)]);
export const launchLabVaultAddress = (pool: Address, mint: Address) => pda([text('pool_vault'), key(pool), key(mint)]);
const eventAuthority = () => pda([text('__event_authority')]);
export const metadataAddress = (mint: Address) =>
  pda([text('metadata'), key(METADATA_PROGRAM), key(mint)], METADATA_PROGRAM);

/** The limits a GlobalConfig puts on a launch (rates in parts per million, amounts atomic). */
export interface LaunchLabConfig {
  readonly curveType: number;
  readonly migrateFee: bigint;
  readonly tradeFeeRate: bigint;
  readonly minSupplyA: bigint;
  readonly maxLockRate: bigint;
  readonly minSellRateA: bigint;
  readonly minMigrateRateA: bigint;
  readonly minFundRaisingB: bigint;
  readonly mintB: Address;
}

function viewOf(data: Uint8Array, discriminator: Uint8Array, what: string): DataView {
  if (data.length < 8 || discriminator.some((byte, index) => data[index] !== byte))
    throw new Error(`not a LaunchLab ${what} account`);
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

export function decodeLaunchLabConfig(data: Uint8Array): LaunchLabConfig {
  const view = viewOf(data, GLOBAL_CONFIG_DISCRIMINATOR, 'GlobalConfig');
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  return {
    curveType: view.getUint8(16),
    migrateFee: u64(19),
    tradeFeeRate: u64(27),
    minSupplyA: u64(43),
    maxLockRate: u64(51),
    minSellRateA: u64(59),
    minMigrateRateA: u64(67),
    minFundRaisingB: u64(75),
    mintB: getAddressDecoder().decode(data.subarray(83, 115)),
  };
}

/** PoolState status: trading on the curve, curve complete and awaiting migration, migrated to an AMM/CPMM pool. */
export const POOL_STATUS = { trading: 0, migrating: 1, migrated: 2 } as const;

export interface LaunchLabPool {
  readonly status: number;
  readonly decimalsA: number;
  readonly decimalsB: number;
  readonly migrateType: 'amm' | 'cpmm';
  readonly supply: bigint;
  readonly totalSellA: bigint;
  readonly virtualA: bigint;
  readonly virtualB: bigint;
  readonly realA: bigint;
  readonly realB: bigint;
  readonly totalFundRaisingB: bigint;
  readonly totalLockedAmount: bigint;
  readonly configId: Address;
  readonly platformId: Address;
  readonly mintA: Address;
  readonly mintB: Address;
  readonly creator: Address;
}

/** Bytes of a PoolState up to and including `creator`: what discovery asks the node for (dataSlice). */
export const POOL_PREFIX_LENGTH = 365;
export const POOL_OFFSETS = { status: 17, platformId: 173 } as const;

/** Decodes a PoolState (or its first POOL_PREFIX_LENGTH bytes), fields in the SDK layout's order. */
export function decodeLaunchLabPool(data: Uint8Array): LaunchLabPool {
  const view = viewOf(data, POOL_STATE_DISCRIMINATOR, 'PoolState');
  if (data.length < POOL_PREFIX_LENGTH) throw new Error('a LaunchLab PoolState is shorter than its layout');
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  const pubkey = (offset: number) => getAddressDecoder().decode(data.subarray(offset, offset + 32));
  return {
    status: data[17]!,
    decimalsA: data[18]!,
    decimalsB: data[19]!,
    migrateType: data[20] === 0 ? 'amm' : 'cpmm',
    supply: u64(21),
    totalSellA: u64(29),
    virtualA: u64(37),
    virtualB: u64(45),
    realA: u64(53),
    realB: u64(61),
    totalFundRaisingB: u64(69),
    totalLockedAmount: u64(101),
    configId: pubkey(141),
    platformId: pubkey(173),
    mintA: pubkey(205),
    mintB: pubkey(237),
    creator: pubkey(333),
  };
}

/** The constant-product curve's parameters of a launch (atomic units). */
export interface LaunchLabCurve {
  readonly supply: bigint;
  readonly totalSellA: bigint;
  readonly totalFundRaisingB: bigint;
  readonly totalLockedAmount: bigint;
  readonly migrateType: 'amm' | 'cpmm';
}

export interface InitializeV2Args {
  readonly payer: TransactionSigner;
  readonly creator: Address;
  readonly mintA: TransactionSigner;
  readonly platformId?: Address;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly curve: LaunchLabCurve;
  /** The CPMM pool's creator fee after migration: 0 in the quote token only (the SDK's default), 1 in both. */
  readonly cpmmCreatorFeeOn?: 0 | 1;
}

/**
 * initialize_v2 for a SOL-quoted constant-product launch: creates the mint (which signs), its metadata, the pool and
 * its two vaults. Data: MintParams {decimals u8, name, symbol, uri}, CurveParams::Constant {supply, total_base_sell,
 * total_quote_fund_raising, migrate_type u8}, VestingParams {total_locked_amount, cliff_period, unlock_period},
 * amm_fee_on u8. Nothing vests over time here: the locked share (if any) has no cliff and no unlock period.
 */
export async function initializeV2Instruction(args: InitializeV2Args): Promise<Instruction & InstructionWithSigners> {
  const mintA = args.mintA.address;
  const pool = await launchLabPoolAddress(mintA);
  const { curve } = args;
  const writable = (account: Address): AccountMeta => ({ address: account, role: AccountRole.WRITABLE });
  const readonly = (account: Address): AccountMeta => ({ address: account, role: AccountRole.READONLY });
  const signer = (account: TransactionSigner): AccountSignerMeta => ({
    address: account.address,
    role: AccountRole.WRITABLE_SIGNER,
    signer: account,
  });
  return {
    programAddress: LAUNCHLAB_PROGRAM_ADDRESS,
    accounts: [
      signer(args.payer),
      readonly(args.creator),
      readonly(await launchLabConfigAddress()),
      readonly(args.platformId ?? RAYDIUM_LAUNCHLAB_PLATFORM),
      readonly(await launchLabAuthority()),
      writable(pool),
      signer(args.mintA),
      readonly(WSOL_MINT),
      writable(await launchLabVaultAddress(pool, mintA)),
      writable(await launchLabVaultAddress(pool, WSOL_MINT)),
      writable(await metadataAddress(mintA)),
      readonly(TOKEN_PROGRAM),
      readonly(TOKEN_PROGRAM),
      readonly(METADATA_PROGRAM),
      readonly(SYSTEM_PROGRAM),
      readonly(RENT_SYSVAR),
      readonly(await eventAuthority()),
      readonly(LAUNCHLAB_PROGRAM_ADDRESS),
    ],
    data: concatBytes(
      INITIALIZE_V2_DISCRIMINATOR,
      new Uint8Array([LAUNCHLAB_TOKEN_DECIMALS]),
      borshString(args.name),
      borshString(args.symbol),
      borshString(args.uri),
      new Uint8Array([CONSTANT_PRODUCT_CURVE]),
      borshU64(curve.supply, curve.totalSellA, curve.totalFundRaisingB),
      new Uint8Array([curve.migrateType === 'amm' ? 0 : 1]),
      borshU64(curve.totalLockedAmount, 0n, 0n),
      new Uint8Array([args.cpmmCreatorFeeOn ?? 0]),
    ),
  };
}
