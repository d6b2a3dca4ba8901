/**
 * pump.fun's bonding-curve program, read and called with @solana/kit from its published Anchor IDL
 * (pump-fun/pump-public-docs idl/pump.json; excerpt in fixtures/pump-idl-excerpt.json): the PDAs, the BondingCurve and
 * Global account layouts, and the collect_creator_fee_v2 instruction (SOL-paired coins). The @pump-fun/pump-sdk
 * package builds the same bytes but pulls in @coral-xyz/anchor and web3.js v1; these few layouts do not need them.
 * Anchor discriminators are sha256("global:<instruction>") and sha256("account:<Account>"), first 8 bytes.
 */
import { createHash } from 'node:crypto';
import {
  AccountRole,
  type Address,
  address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
} from '@solana/kit';

type Seed = Parameters<typeof getProgramDerivedAddress>[0]['seeds'][number];

export const PUMP_PROGRAM_ADDRESS = address('6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P');
const WSOL_MINT = address('So11111111111111111111111111111111111111112');
const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');

export const anchorDiscriminator = (namespace: 'global' | 'account', name: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(`${namespace}:${name}`).digest().subarray(0, 8));

const text = (seed: string) => new TextEncoder().encode(seed);
const key = (account: Address) => getAddressEncoder().encode(account);

async function pda(seeds: Seed[], programAddress: Address = PUMP_PROGRAM_ADDRESS): Promise<Address> {
  const [found] = await getProgramDerivedAddress({ programAddress, seeds });
  return found;
}

export const bondingCurveAddress = (mint: Address) => pda([text('bonding-curve'), key(mint)]);
export const creatorVaultAddress = (creator: Address) => pda([text('creator-vault'), key(creator)]);
export const pumpGlobalAddress = () => pda([text('global')]);
const eventAuthorityAddress = () => pda([text('__event_authority')]);
const associatedTokenAddress = (owner: Address, mint: Address) =>
  pda([key(owner), key(TOKEN_PROGRAM), key(mint)], ASSOCIATED_TOKEN_PROGRAM);

/** A BondingCurve account: its reserves (atomic), whether it completed, and the coin's creator. */
export interface PumpBondingCurve {
  readonly virtualTokenReserves: bigint;
  readonly virtualSolReserves: bigint;
  readonly realTokenReserves: bigint;
  readonly realSolReserves: bigint;
  readonly tokenTotalSupply: bigint;
  readonly complete: boolean;
  readonly creator: Address;
}

function expectDiscriminator(data: Uint8Array, account: string): DataView {
  const expected = anchorDiscriminator('account', account);
  if (data.length < 8 || expected.some((byte, index) => data[index] !== byte))
    throw new Error(`not a pump.fun ${account} account`);
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

/** Decodes a BondingCurve account (fields in IDL order after the 8-byte discriminator; later fields not read). */
export function decodeBondingCurve(data: Uint8Array): PumpBondingCurve {
  const view = expectDiscriminator(data, 'BondingCurve');
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  return {
    virtualTokenReserves: u64(8),
    virtualSolReserves: u64(16),
    realTokenReserves: u64(24),
    realSolReserves: u64(32),
    tokenTotalSupply: u64(40),
    complete: data[48] === 1,
    creator: getAddressDecoder().decode(data.subarray(49, 81)),
  };
}

/** The Global account's fee settings (basis points) and its default fee recipient. */
export interface PumpGlobalFees {
  readonly feeRecipient: Address;
  readonly feeBasisPoints: bigint;
  readonly creatorFeeBasisPoints: bigint;
}

/**
 * Decodes the fee fields of the Global account: initialized (bool), authority, fee_recipient, four u64 launch
 * constants, fee_basis_points, withdraw_authority, enable_migrate (bool), pool_migration_fee, creator_fee_basis_points.
 */
export function decodeGlobalFees(data: Uint8Array): PumpGlobalFees {
  const view = expectDiscriminator(data, 'Global');
  return {
    feeRecipient: getAddressDecoder().decode(data.subarray(41, 73)),
    feeBasisPoints: view.getBigUint64(105, true),
    creatorFeeBasisPoints: view.getBigUint64(154, true),
  };
}

/**
 * collect_creator_fee_v2 for a SOL-paired coin: moves the lamports in `creator`'s creator vault (above rent) to
 * `creator`. Permissionless (no signer among its accounts); the fee payer signs the transaction.
 */
export async function collectCreatorFeeV2Instruction(creator: Address): Promise<Instruction> {
  const vault = await creatorVaultAddress(creator);
  const writable = (account: Address) => ({ address: account, role: AccountRole.WRITABLE });
  const readonly = (account: Address) => ({ address: account, role: AccountRole.READONLY });
  return {
    programAddress: PUMP_PROGRAM_ADDRESS,
    accounts: [
      writable(creator),
      writable(await associatedTokenAddress(creator, WSOL_MINT)),
      writable(vault),
      writable(await associatedTokenAddress(vault, WSOL_MINT)),
      readonly(WSOL_MINT),
      readonly(TOKEN_PROGRAM),
      readonly(ASSOCIATED_TOKEN_PROGRAM),
      readonly(SYSTEM_PROGRAM),
      readonly(await eventAuthorityAddress()),
      readonly(PUMP_PROGRAM_ADDRESS),
    ],
    data: anchorDiscriminator('global', 'collect_creator_fee_v2'),
  };
}
