/**
 * Meteora's Dynamic Fee Sharing program (DFS, MeteoraAg/dynamic-fee-sharing release 0.1.1, commit f9be4a9): a fee
 * vault holding one token for 2 to 5 share holders. Made the creator of a DBC pool (transfer_pool_creator), it
 * receives the pool's creator trading fees through fund_by_claiming_fee (any share holder may call it; the vault PDA
 * signs DBC's claim_creator_trading_fee) and pays each holder its share through claim_fee. Layouts and account lists
 * from the program's source (instructions/*.rs, state/fee_vault.rs) and its SDK's IDL
 * (MeteoraAg/dynamic-fee-sharing-sdk src/idl/idl.json, which predates fund_by_claiming_fee); excerpt with sources in
 * fixtures/dfs-idl-excerpt.json. Anchor discriminators: sha256("global:<instruction>") / ("account:FeeVault").
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
import { anchorDiscriminator, anchorInstructionData } from '../solana-chain/borsh.js';
import {
  claimCreatorTradingFeeAccounts,
  claimCreatorTradingFeeData,
  DBC_PROGRAM_ADDRESS,
  type DbcPoolAccounts,
  SPL_TOKEN_PROGRAM,
  SYSTEM_PROGRAM,
  WRAPPED_SOL_MINT,
} from './dbc-program.js';

export const DFS_PROGRAM_ADDRESS: Address = address('dfsdo2UqvwfN8DuUVrMRNfQe11VaiNoKcMqLHVvDPzh');
/** The program's limits on share holders (constants.rs MAX_USER; initialize's validate requires at least 2). */
export const DFS_MIN_USERS = 2;
export const DFS_MAX_USERS = 5;
/** fee_per_share is a Q64 fixed-point number (constants.rs PRECISION_SCALE). */
const PRECISION_SCALE = 64n;

const text = (seed: string) => new TextEncoder().encode(seed);
const key = (account: Address) => getAddressEncoder().encode(account);
type Seed = Parameters<typeof getProgramDerivedAddress>[0]['seeds'][number];
const pda = async (seeds: Seed[]) =>
  (await getProgramDerivedAddress({ programAddress: DFS_PROGRAM_ADDRESS, seeds }))[0];

/** The PDA fee vault of `base` (a key that signs its creation) for `tokenMint`. */
export const dfsFeeVaultAddress = (base: Address, tokenMint: Address = WRAPPED_SOL_MINT) =>
  pda([text('fee_vault'), key(base), key(tokenMint)]);
/** The vault's token account (owned by the program's fee_vault_authority). */
export const dfsTokenVaultAddress = (feeVault: Address) => pda([text('token_vault'), key(feeVault)]);
export const dfsFeeVaultAuthority = () => pda([text('fee_vault_authority')]);
const dfsEventAuthority = () => pda([text('__event_authority')]);

export interface DfsShareHolder {
  readonly address: Address;
  readonly share: number;
  /** Fees claimed so far (atomic). */
  readonly feeClaimed: bigint;
  readonly feePerShareCheckpoint: bigint;
}

/** A FeeVault account (640 bytes after the discriminator). */
export interface DfsFeeVault {
  /** Set at creation: the launchpad records the token's creator here. */
  readonly owner: Address;
  readonly tokenMint: Address;
  readonly tokenVault: Address;
  /** 1 for a PDA vault (the only kind fund_by_claiming_fee accepts). */
  readonly feeVaultType: number;
  readonly totalShare: number;
  readonly totalFundedFee: bigint;
  readonly feePerShare: bigint;
  readonly base: Address;
  /** The share holders in index order (claim_fee takes the index); empty slots left out. */
  readonly users: readonly DfsShareHolder[];
}

const ZERO_KEY = SYSTEM_PROGRAM;

export function decodeDfsFeeVault(data: Uint8Array): DfsFeeVault {
  const expected = anchorDiscriminator('account', 'FeeVault');
  if (data.length < 648 || expected.some((byte, index) => data[index] !== byte))
    throw new Error('not a Meteora fee-sharing FeeVault account');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const pubkeyAt = (offset: number) => getAddressDecoder().decode(data.subarray(offset, offset + 32));
  const u128At = (offset: number) => view.getBigUint64(offset, true) | (view.getBigUint64(offset + 8, true) << 64n);
  const users: DfsShareHolder[] = [];
  for (let index = 0; index < DFS_MAX_USERS; index++) {
    const at = 248 + 80 * index;
    const holder = pubkeyAt(at);
    if (holder === ZERO_KEY) continue;
    users.push({
      address: holder,
      share: view.getUint32(at + 32, true),
      feeClaimed: view.getBigUint64(at + 40, true),
      feePerShareCheckpoint: u128At(at + 64),
    });
  }
  return {
    owner: pubkeyAt(8),
    tokenMint: pubkeyAt(40),
    tokenVault: pubkeyAt(72),
    feeVaultType: data[105]!,
    totalShare: view.getUint32(120, true),
    totalFundedFee: view.getBigUint64(128, true),
    feePerShare: u128At(136),
    base: pubkeyAt(152),
    users,
  };
}

/**
 * What `holder` would receive from the vault after `funded` more atoms are funded, summed over every index it holds
 * (a holder may be listed twice): the program's own arithmetic (fund_fee, validate_and_claim_fee), Q64 rounded down.
 */
export function dfsClaimable(vault: DfsFeeVault, holder: Address, funded = 0n): bigint {
  const total = BigInt(vault.totalShare);
  const feePerShare = vault.feePerShare + (total > 0n ? (funded << PRECISION_SCALE) / total : 0n);
  return vault.users
    .filter((user) => user.address === holder)
    .reduce(
      (sum, user) => sum + ((BigInt(user.share) * (feePerShare - user.feePerShareCheckpoint)) >> PRECISION_SCALE),
      0n,
    );
}

/** The indexes `holder` holds in the vault (claim_fee is called once per index). */
export const dfsIndexesOf = (vault: DfsFeeVault, holder: Address): number[] =>
  vault.users.flatMap((user, index) => (user.address === holder ? [index] : []));

const writable = (account: Address) => ({ address: account, role: AccountRole.WRITABLE });
const readonly = (account: Address) => ({ address: account, role: AccountRole.READONLY });
const signer = (account: Address, isWritable = false) => ({
  address: account,
  role: isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER,
});

/**
 * initialize_fee_vault_pda: a PDA fee vault for wrapped SOL, created from `base` (a signer), recording `owner`, with
 * `users` and their shares (2 to 5 holders, every share positive); `payer` pays its rent and its token account's.
 */
export async function initializeDfsFeeVaultInstruction(input: {
  base: Address;
  owner: Address;
  payer: Address;
  users: readonly { address: Address; share: number }[];
}): Promise<Instruction> {
  const feeVault = await dfsFeeVaultAddress(input.base);
  // InitializeFeeVaultParameters { padding: [u64; 8], users: Vec<UserShare { address, share: u32 }> }
  const params = new Uint8Array(64 + 4 + 36 * input.users.length);
  const view = new DataView(params.buffer);
  view.setUint32(64, input.users.length, true);
  input.users.forEach((user, index) => {
    params.set(key(user.address), 68 + 36 * index);
    view.setUint32(68 + 36 * index + 32, user.share, true);
  });
  return {
    programAddress: DFS_PROGRAM_ADDRESS,
    accounts: [
      writable(feeVault),
      readonly(await dfsFeeVaultAuthority()),
      writable(await dfsTokenVaultAddress(feeVault)),
      readonly(WRAPPED_SOL_MINT),
      readonly(input.owner),
      signer(input.base),
      signer(input.payer, true),
      readonly(SPL_TOKEN_PROGRAM),
      readonly(SYSTEM_PROGRAM),
      readonly(await dfsEventAuthority()),
      readonly(DFS_PROGRAM_ADDRESS),
    ],
    data: anchorInstructionData('initialize_fee_vault_pda', params),
  };
}

/**
 * fund_by_claiming_fee with DBC's claim_creator_trading_fee as its payload: the vault (the pool's creator) claims
 * the pool's creator quote fees into its token vault and credits its holders. `signer` must be a share holder;
 * base fees (none under a quote-only config) go to `baseTokenAccount`, so the payload claims none of them.
 */
export async function fundDfsByClaimingDbcCreatorFeeInstruction(input: {
  feeVault: Address;
  signer: Address;
  pool: DbcPoolAccounts;
  baseTokenAccount: Address;
}): Promise<Instruction> {
  const tokenVault = await dfsTokenVaultAddress(input.feeVault);
  const payload = claimCreatorTradingFeeData(0n, 0xffff_ffff_ffff_ffffn);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, payload.length, true);
  return {
    programAddress: DFS_PROGRAM_ADDRESS,
    accounts: [
      writable(input.feeVault),
      writable(tokenVault),
      signer(input.signer),
      readonly(DBC_PROGRAM_ADDRESS),
      readonly(await dfsEventAuthority()),
      readonly(DFS_PROGRAM_ADDRESS),
      // remaining accounts: claim_creator_trading_fee's, the vault as creator (the program signs for it) and its
      // token vault as the quote receiver (index 3, which the program checks against the whitelist).
      ...(await claimCreatorTradingFeeAccounts({
        pool: input.pool,
        creator: input.feeVault,
        creatorSigns: false,
        baseTokenAccount: input.baseTokenAccount,
        quoteTokenAccount: tokenVault,
      })),
    ],
    data: anchorInstructionData('fund_by_claiming_fee', length, payload),
  };
}

/** claim_fee: `user` (a signer, the holder at `index`) takes its unclaimed share into `userTokenAccount`. */
export async function claimDfsFeeInstruction(input: {
  feeVault: Address;
  user: Address;
  userTokenAccount: Address;
  index: number;
}): Promise<Instruction> {
  return {
    programAddress: DFS_PROGRAM_ADDRESS,
    accounts: [
      writable(input.feeVault),
      readonly(await dfsFeeVaultAuthority()),
      writable(await dfsTokenVaultAddress(input.feeVault)),
      readonly(WRAPPED_SOL_MINT),
      writable(input.userTokenAccount),
      signer(input.user),
      readonly(SPL_TOKEN_PROGRAM),
      readonly(await dfsEventAuthority()),
      readonly(DFS_PROGRAM_ADDRESS),
    ],
    data: new Uint8Array([...anchorDiscriminator('global', 'claim_fee'), input.index]),
  };
}
