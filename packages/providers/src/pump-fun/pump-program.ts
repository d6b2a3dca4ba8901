/**
 * pump.fun's bonding-curve program, read with @solana/kit from its published Anchor IDL (pump-fun/pump-public-docs
 * idl/pump.json; excerpt in fixtures/pump-idl-excerpt.json): the program addresses, the PDAs and the BondingCurve and
 * Global account layouts. Its instructions are built in pump-instructions.ts. The @pump-fun/pump-sdk package builds
 * the same bytes but pulls in @coral-xyz/anchor and web3.js v1; these few layouts do not need them.
 * Anchor discriminators are sha256("global:<instruction>") and sha256("account:<Account>"), first 8 bytes.
 */
import { anchorDiscriminator } from '../solana-chain/borsh.js';
import { type Address, address, getAddressDecoder, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';

type Seed = Parameters<typeof getProgramDerivedAddress>[0]['seeds'][number];

export const PUMP_PROGRAM_ADDRESS = address('6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P');
/** pump.fun's fee program: the market-cap fee tiers (FeeConfig) and creator fee sharing configs. */
export const PUMP_FEES_PROGRAM_ADDRESS = address('pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ');
/** The mayhem program create_v2 names (its accounts are passed even when mayhem mode is off). */
export const PUMP_MAYHEM_PROGRAM_ADDRESS = address('MAyhSmzXzV1pTf7LsNkrNwkWKTo4ougAJ1PPg47MD4e');
export const WSOL_MINT = address('So11111111111111111111111111111111111111112');
export const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
/** create_v2 mints its coins under Token-2022; coins of the older `create` are classic SPL Token mints. */
export const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
export const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
export const SYSTEM_PROGRAM = address('11111111111111111111111111111111');

const text = (seed: string) => new TextEncoder().encode(seed);
const key = (account: Address) => getAddressEncoder().encode(account);

async function pda(seeds: Seed[], programAddress: Address = PUMP_PROGRAM_ADDRESS): Promise<Address> {
  const [found] = await getProgramDerivedAddress({ programAddress, seeds });
  return found;
}

export const bondingCurveAddress = (mint: Address) => pda([text('bonding-curve'), key(mint)]);
export const creatorVaultAddress = (creator: Address) => pda([text('creator-vault'), key(creator)]);
export const pumpGlobalAddress = () => pda([text('global')]);
export const eventAuthorityAddress = () => pda([text('__event_authority')]);
export const mintAuthorityAddress = () => pda([text('mint-authority')]);
export const globalVolumeAccumulatorAddress = () => pda([text('global_volume_accumulator')]);
export const userVolumeAccumulatorAddress = (user: Address) => pda([text('user_volume_accumulator'), key(user)]);
export const feeConfigAddress = () => pda([text('fee_config'), key(PUMP_PROGRAM_ADDRESS)], PUMP_FEES_PROGRAM_ADDRESS);
export const sharingConfigAddress = (mint: Address) =>
  pda([text('sharing-config'), key(mint)], PUMP_FEES_PROGRAM_ADDRESS);
export const mayhemGlobalParamsAddress = () => pda([text('global-params')], PUMP_MAYHEM_PROGRAM_ADDRESS);
export const mayhemSolVaultAddress = () => pda([text('sol-vault')], PUMP_MAYHEM_PROGRAM_ADDRESS);
export const mayhemStateAddress = (mint: Address) =>
  pda([text('mayhem-state'), key(mint)], PUMP_MAYHEM_PROGRAM_ADDRESS);
/** `owner`'s associated token account for `mint` under `tokenProgram` (classic by default: the WSOL quote side). */
export const associatedTokenAddress = (owner: Address, mint: Address, tokenProgram: Address = TOKEN_PROGRAM) =>
  pda([key(owner), key(tokenProgram), key(mint)], ASSOCIATED_TOKEN_PROGRAM);

/** A BondingCurve account: its reserves (atomic), whether it completed, and the coin's creator. */
export interface PumpBondingCurve {
  readonly virtualTokenReserves: bigint;
  readonly virtualSolReserves: bigint;
  readonly realTokenReserves: bigint;
  readonly realSolReserves: bigint;
  readonly tokenTotalSupply: bigint;
  readonly complete: boolean;
  readonly creator: Address;
  /** Mayhem-mode coins pay their fees to the reserved fee recipients. */
  readonly isMayhemMode: boolean;
  /** The coin's quote mint; undefined for a SOL-paired coin (Pubkey::default() on chain, or an account too old to hold it). */
  readonly quoteMint: Address | undefined;
}

function expectDiscriminator(data: Uint8Array, account: string): DataView {
  const expected = anchorDiscriminator('account', account);
  if (data.length < 8 || expected.some((byte, index) => data[index] !== byte))
    throw new Error(`not a pump.fun ${account} account`);
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

/** The all-zero key, Pubkey::default(): what an unset pubkey field holds. */
const DEFAULT_KEY = SYSTEM_PROGRAM;
/** BondingCurve's length with every IDL field (the program tops older, shorter accounts up to it on their next trade). */
const BONDING_CURVE_LENGTH = 115;

/** Decodes a BondingCurve account (fields in IDL order after the 8-byte discriminator). */
export function decodeBondingCurve(data: Uint8Array): PumpBondingCurve {
  const view = expectDiscriminator(data, 'BondingCurve');
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  const full = data.length >= BONDING_CURVE_LENGTH;
  const quoteMint = full ? getAddressDecoder().decode(data.subarray(83, 115)) : DEFAULT_KEY;
  return {
    virtualTokenReserves: u64(8),
    virtualSolReserves: u64(16),
    realTokenReserves: u64(24),
    realSolReserves: u64(32),
    tokenTotalSupply: u64(40),
    complete: data[48] === 1,
    creator: getAddressDecoder().decode(data.subarray(49, 81)),
    isMayhemMode: full && data[81] === 1,
    quoteMint: quoteMint === DEFAULT_KEY ? undefined : quoteMint,
  };
}

/** The Global account's launch constants, default fees (basis points) and fee recipients. */
export interface PumpGlobal {
  readonly feeRecipient: Address;
  readonly initialVirtualTokenReserves: bigint;
  readonly initialVirtualSolReserves: bigint;
  readonly initialRealTokenReserves: bigint;
  readonly tokenTotalSupply: bigint;
  readonly feeBasisPoints: bigint;
  readonly creatorFeeBasisPoints: bigint;
  /** The 8 fee recipients of ordinary coins: fee_recipient and fee_recipients[7]. */
  readonly feeRecipients: readonly Address[];
  /** The 8 fee recipients of mayhem-mode coins: reserved_fee_recipient and reserved_fee_recipients[7]. */
  readonly reservedFeeRecipients: readonly Address[];
  /** buyback_fee_recipients[8]: one of them is every buy's and sale's buyback fee recipient. */
  readonly buybackFeeRecipients: readonly Address[];
}

/**
 * Decodes the Global account, its fields at their IDL offsets: initialized (bool) 8, authority 9, fee_recipient 41,
 * initial_virtual_token_reserves 73, initial_virtual_sol_reserves 81, initial_real_token_reserves 89,
 * token_total_supply 97, fee_basis_points 105, withdraw_authority 113, enable_migrate 145, pool_migration_fee 146,
 * creator_fee_basis_points 154, fee_recipients[7] 162, set_creator_authority 386, admin_set_creator_authority 418,
 * create_v2_enabled 450, whitelist_pda 451, reserved_fee_recipient 483, mayhem_mode_enabled 515,
 * reserved_fee_recipients[7] 516, is_cashback_enabled 740, buyback_fee_recipients[8] 741.
 */
export function decodeGlobal(data: Uint8Array): PumpGlobal {
  const view = expectDiscriminator(data, 'Global');
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  const keyAt = (offset: number) => getAddressDecoder().decode(data.subarray(offset, offset + 32));
  const keys = (offset: number, count: number) => Array.from({ length: count }, (_, i) => keyAt(offset + 32 * i));
  const feeRecipient = keyAt(41);
  return {
    feeRecipient,
    initialVirtualTokenReserves: u64(73),
    initialVirtualSolReserves: u64(81),
    initialRealTokenReserves: u64(89),
    tokenTotalSupply: u64(97),
    feeBasisPoints: u64(105),
    creatorFeeBasisPoints: u64(154),
    feeRecipients: [feeRecipient, ...keys(162, 7)],
    reservedFeeRecipients: [keyAt(483), ...keys(516, 7)],
    buybackFeeRecipients: keys(741, 8),
  };
}
