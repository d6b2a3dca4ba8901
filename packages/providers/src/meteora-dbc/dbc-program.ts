/**
 * Meteora's Dynamic Bonding Curve program (DBC), read and called with @solana/kit from its published Anchor IDL
 * (the IDL bundled in @meteora-ag/dynamic-bonding-curve-sdk 1.5.12, program version 0.2.1; the same layouts as
 * version 0.1.10 in MeteoraAg/dynamic-bonding-curve-sdk src/idl/dynamic-bonding-curve/idl.json): the PDAs, the PoolConfig and VirtualPool layouts (zero-copy, C layout with explicit padding), and
 * the four instructions the service's launchpad uses: initialize_virtual_pool_with_spl_token, swap (the developer
 * buy), transfer_pool_creator (hands the creator's fee rights to a fee-sharing vault) and claim_creator_trading_fee.
 * The SDK builds the same instructions (dbc-program.test.ts checks it) but through @coral-xyz/anchor and web3.js v1;
 * the service's Solana code is @solana/kit, so the SDK is a test dependency only.
 */
import {
  AccountRole,
  type Address,
  address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
} from '@solana/kit';
import { anchorDiscriminator, borshString, borshU64, concatBytes } from '../solana-chain/borsh.js';

export const DBC_PROGRAM_ADDRESS: Address = address('dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN');
/** The IDL's fixed pool_authority (the PDA of "pool_authority"): owner of every pool's vaults. */
export const DBC_POOL_AUTHORITY: Address = address('FhVo3mqL8PW5pH5U2CN4XE33DokiyZnUwuGpH2hmHLuM');
export const METAPLEX_METADATA_PROGRAM: Address = address('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s');
export const WRAPPED_SOL_MINT: Address = address('So11111111111111111111111111111111111111112');
export const SPL_TOKEN_PROGRAM: Address = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
export const SYSTEM_PROGRAM: Address = address('11111111111111111111111111111111');
/** The instructions sysvar: swap reads it for the rate limiter and the first-swap-with-minimum-fee rule. */
export const SYSVAR_INSTRUCTIONS: Address = address('Sysvar1nstructions1111111111111111111111111');

type Seed = Parameters<typeof getProgramDerivedAddress>[0]['seeds'][number];
const text = (seed: string) => new TextEncoder().encode(seed);
const key = (account: Address) => getAddressEncoder().encode(account);
const pda = async (programAddress: Address, seeds: Seed[]) =>
  (await getProgramDerivedAddress({ programAddress, seeds }))[0];

export const dbcEventAuthority = () => pda(DBC_PROGRAM_ADDRESS, [text('__event_authority')]);

/** The pool of `baseMint` under `config`: seeds "pool", config, then the larger mint key and the smaller one. */
export function dbcPoolAddress(config: Address, baseMint: Address, quoteMint: Address = WRAPPED_SOL_MINT) {
  const [base, quote] = [key(baseMint), key(quoteMint)];
  const quoteFirst = Buffer.compare(Buffer.from(quote), Buffer.from(base)) > 0;
  return pda(DBC_PROGRAM_ADDRESS, [text('pool'), key(config), quoteFirst ? quote : base, quoteFirst ? base : quote]);
}

export const dbcTokenVault = (pool: Address, mint: Address) =>
  pda(DBC_PROGRAM_ADDRESS, [text('token_vault'), key(mint), key(pool)]);

export const metaplexMetadataAddress = (mint: Address) =>
  pda(METAPLEX_METADATA_PROGRAM, [text('metadata'), key(METAPLEX_METADATA_PROGRAM), key(mint)]);

/** The fields of a PoolConfig the launchpad uses (offsets after the 8-byte discriminator, from the IDL). */
export interface DbcPoolConfig {
  readonly quoteMint: Address;
  readonly feeClaimer: Address;
  /** 0: fees collected in the quote token only; 1: in the output token. */
  readonly collectFeeMode: number;
  /** 0: activation by slot; 1: by timestamp. */
  readonly activationType: number;
  readonly tokenDecimals: number;
  /** 0: SPL token; 1: Token-2022. */
  readonly tokenType: number;
  /** Percent of the trading fee (after the protocol's) that goes to the pool's creator; the partner keeps the rest. */
  readonly creatorTradingFeePercentage: number;
  /** Quote raised (atomic) at which the curve completes and migrates. */
  readonly migrationQuoteThreshold: bigint;
  /** Lamports the partner charges the payer of each pool creation. */
  readonly poolCreationFee: bigint;
}

/** The fields of a VirtualPool the launchpad uses. */
export interface DbcVirtualPool {
  readonly config: Address;
  /** Who may claim the creator's trading fees (a fee-sharing vault once transfer_pool_creator moved it). */
  readonly creator: Address;
  readonly baseMint: Address;
  readonly baseVault: Address;
  readonly quoteVault: Address;
  readonly baseReserve: bigint;
  readonly quoteReserve: bigint;
  /** Protocol fees of the pool not yet claimed, in SOL (atomic). */
  readonly protocolQuoteFee: bigint;
  /** Current price, Q64.64 square root of quote atoms per base atom. */
  readonly sqrtPrice: bigint;
  readonly activationPoint: bigint;
  readonly isMigrated: boolean;
  /** The curve completed (its quote reached the migration threshold). */
  readonly curveFinished: boolean;
  /** Creator trading fees not yet claimed (atomic). */
  readonly creatorBaseFee: bigint;
  readonly creatorQuoteFee: bigint;
}

function accountView(data: Uint8Array, account: 'PoolConfig' | 'VirtualPool', size: number): DataView {
  const expected = anchorDiscriminator('account', account);
  if (data.length < 8 + size || expected.some((byte, index) => data[index] !== byte))
    throw new Error(`not a Meteora DBC ${account} account`);
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

const pubkeyAt = (data: Uint8Array, offset: number) => getAddressDecoder().decode(data.subarray(offset, offset + 32));
const u128At = (view: DataView, offset: number) =>
  view.getBigUint64(offset, true) | (view.getBigUint64(offset + 8, true) << 64n);

/** Decodes a PoolConfig account (1,040 bytes after the discriminator). */
export function decodeDbcPoolConfig(data: Uint8Array): DbcPoolConfig {
  const view = accountView(data, 'PoolConfig', 1040);
  return {
    quoteMint: pubkeyAt(data, 8),
    feeClaimer: pubkeyAt(data, 40),
    collectFeeMode: data[232]!,
    activationType: data[234]!,
    tokenDecimals: data[235]!,
    tokenType: data[237]!,
    creatorTradingFeePercentage: data[245]!,
    migrationQuoteThreshold: view.getBigUint64(264, true),
    poolCreationFee: view.getBigUint64(368, true),
  };
}

/** Decodes a VirtualPool account (416 bytes after the discriminator). */
export function decodeDbcVirtualPool(data: Uint8Array): DbcVirtualPool {
  const view = accountView(data, 'VirtualPool', 416);
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  return {
    config: pubkeyAt(data, 72),
    creator: pubkeyAt(data, 104),
    baseMint: pubkeyAt(data, 136),
    baseVault: pubkeyAt(data, 168),
    quoteVault: pubkeyAt(data, 200),
    baseReserve: u64(232),
    quoteReserve: u64(240),
    protocolQuoteFee: u64(256),
    sqrtPrice: u128At(view, 280),
    activationPoint: u64(296),
    isMigrated: data[305] === 1,
    curveFinished: u64(344) > 0n,
    creatorBaseFee: u64(352),
    creatorQuoteFee: u64(360),
  };
}

const writable = (account: Address) => ({ address: account, role: AccountRole.WRITABLE });
const readonly = (account: Address) => ({ address: account, role: AccountRole.READONLY });
const signer = (account: Address, isWritable = false) => ({
  address: account,
  role: isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER,
});

/** The addresses every instruction on one pool needs. */
export interface DbcPoolAccounts {
  readonly config: Address;
  readonly pool: Address;
  readonly baseMint: Address;
  readonly quoteMint: Address;
  readonly baseVault: Address;
  readonly quoteVault: Address;
}

/** The pool of a new `baseMint` under `config` (SOL-quoted) and its vaults. */
export async function dbcPoolAccounts(config: Address, baseMint: Address): Promise<DbcPoolAccounts> {
  const pool = await dbcPoolAddress(config, baseMint);
  return {
    config,
    pool,
    baseMint,
    quoteMint: WRAPPED_SOL_MINT,
    baseVault: await dbcTokenVault(pool, baseMint),
    quoteVault: await dbcTokenVault(pool, WRAPPED_SOL_MINT),
  };
}

/**
 * initialize_virtual_pool_with_spl_token: creates the SPL mint `baseMint` (a signer), its Metaplex metadata (name,
 * symbol, uri) and the pool under `config`, whose creator is `creator` (a signer); `payer` pays the rent.
 */
export async function initializeDbcPoolInstruction(input: {
  pool: DbcPoolAccounts;
  creator: Address;
  payer: Address;
  name: string;
  symbol: string;
  uri: string;
}): Promise<Instruction> {
  const { pool } = input;
  return {
    programAddress: DBC_PROGRAM_ADDRESS,
    accounts: [
      readonly(pool.config),
      readonly(DBC_POOL_AUTHORITY),
      signer(input.creator),
      signer(pool.baseMint, true),
      readonly(pool.quoteMint),
      writable(pool.pool),
      writable(pool.baseVault),
      writable(pool.quoteVault),
      writable(await metaplexMetadataAddress(pool.baseMint)),
      readonly(METAPLEX_METADATA_PROGRAM),
      signer(input.payer, true),
      readonly(SPL_TOKEN_PROGRAM),
      readonly(SPL_TOKEN_PROGRAM),
      readonly(SYSTEM_PROGRAM),
      readonly(await dbcEventAuthority()),
      readonly(DBC_PROGRAM_ADDRESS),
    ],
    data: concatBytes(
      anchorDiscriminator('global', 'initialize_virtual_pool_with_spl_token'),
      borshString(input.name),
      borshString(input.symbol),
      borshString(input.uri),
    ),
  };
}

/**
 * swap, quote to base (a buy): `amountIn` lamports of wrapped SOL from `inputTokenAccount` for at least
 * `minimumAmountOut` base atoms into `outputTokenAccount`; `payer` owns the input and signs. No referral account
 * (the program id stands in for the absent optional account); the instructions sysvar follows as the remaining
 * account the rate limiter and the first-swap rule read.
 */
export async function dbcBuyInstruction(input: {
  pool: DbcPoolAccounts;
  payer: Address;
  inputTokenAccount: Address;
  outputTokenAccount: Address;
  amountIn: bigint;
  minimumAmountOut: bigint;
}): Promise<Instruction> {
  const { pool } = input;
  return {
    programAddress: DBC_PROGRAM_ADDRESS,
    accounts: [
      readonly(DBC_POOL_AUTHORITY),
      readonly(pool.config),
      writable(pool.pool),
      writable(input.inputTokenAccount),
      writable(input.outputTokenAccount),
      writable(pool.baseVault),
      writable(pool.quoteVault),
      readonly(pool.baseMint),
      readonly(pool.quoteMint),
      signer(input.payer),
      readonly(SPL_TOKEN_PROGRAM),
      readonly(SPL_TOKEN_PROGRAM),
      readonly(DBC_PROGRAM_ADDRESS),
      readonly(await dbcEventAuthority()),
      readonly(DBC_PROGRAM_ADDRESS),
      readonly(SYSVAR_INSTRUCTIONS),
    ],
    data: concatBytes(anchorDiscriminator('global', 'swap'), borshU64(input.amountIn, input.minimumAmountOut)),
  };
}

/** transfer_pool_creator: the pool's creator (a signer) hands its creator rights (fees, surplus) to `newCreator`. */
export async function transferDbcPoolCreatorInstruction(input: {
  pool: Address;
  config: Address;
  creator: Address;
  newCreator: Address;
}): Promise<Instruction> {
  return {
    programAddress: DBC_PROGRAM_ADDRESS,
    accounts: [
      writable(input.pool),
      readonly(input.config),
      signer(input.creator),
      readonly(input.newCreator),
      readonly(await dbcEventAuthority()),
      readonly(DBC_PROGRAM_ADDRESS),
    ],
    data: anchorDiscriminator('global', 'transfer_pool_creator'),
  };
}

/** The accounts of claim_creator_trading_fee, in the IDL's order, with `creator` as given (signer or not). */
export async function claimCreatorTradingFeeAccounts(input: {
  pool: DbcPoolAccounts;
  creator: Address;
  creatorSigns: boolean;
  baseTokenAccount: Address;
  quoteTokenAccount: Address;
}) {
  const { pool } = input;
  return [
    readonly(DBC_POOL_AUTHORITY),
    writable(pool.pool),
    writable(input.baseTokenAccount),
    writable(input.quoteTokenAccount),
    writable(pool.baseVault),
    writable(pool.quoteVault),
    readonly(pool.baseMint),
    readonly(pool.quoteMint),
    input.creatorSigns ? signer(input.creator) : readonly(input.creator),
    readonly(SPL_TOKEN_PROGRAM),
    readonly(SPL_TOKEN_PROGRAM),
    readonly(await dbcEventAuthority()),
    readonly(DBC_PROGRAM_ADDRESS),
  ];
}

/** The data of claim_creator_trading_fee: at most `maxBase` base atoms and `maxQuote` quote atoms. */
export const claimCreatorTradingFeeData = (maxBase: bigint, maxQuote: bigint) =>
  concatBytes(anchorDiscriminator('global', 'claim_creator_trading_fee'), borshU64(maxBase, maxQuote));

/**
 * claim_creator_trading_fee signed by the pool's creator: its base fees to `baseTokenAccount`, its quote (SOL) fees
 * to `quoteTokenAccount`.
 */
export async function claimCreatorTradingFeeInstruction(input: {
  pool: DbcPoolAccounts;
  creator: Address;
  baseTokenAccount: Address;
  quoteTokenAccount: Address;
  maxBase: bigint;
  maxQuote: bigint;
}): Promise<Instruction> {
  return {
    programAddress: DBC_PROGRAM_ADDRESS,
    accounts: await claimCreatorTradingFeeAccounts({ ...input, creatorSigns: true }),
    data: claimCreatorTradingFeeData(input.maxBase, input.maxQuote),
  };
}
