import { invalidField } from '@svc/contracts';
import { type TransferFeeSchedule, transferFeeAt } from '@svc/chains';
import { type Address, isAddress, isSome, type Rpc, type SolanaRpcApi } from '@solana/kit';
import { findAssociatedTokenPda, getMintSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import {
  type Extension,
  type ExtensionArgs,
  getMintDecoder,
  getTokenDecoder,
  getTokenSize,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@solana-program/token-2022';

/** The program that owns a mint and its token accounts: the classic Token program or Token-2022. */
export type TokenProgram = typeof TOKEN_PROGRAM_ADDRESS | typeof TOKEN_2022_PROGRAM_ADDRESS;

/** The name a node's jsonParsed encoding gives each token program (what the tools report). */
export const TOKEN_PROGRAM_NAMES = {
  [TOKEN_PROGRAM_ADDRESS]: 'spl-token',
  [TOKEN_2022_PROGRAM_ADDRESS]: 'spl-token-2022',
} as const satisfies Record<TokenProgram, string>;

const isTokenProgram = (owner: string): owner is TokenProgram =>
  owner === TOKEN_PROGRAM_ADDRESS || owner === TOKEN_2022_PROGRAM_ADDRESS;

/** An SPL mint (classic Token program or Token-2022) as read from the chain. */
export interface SplMint {
  readonly address: Address;
  readonly decimals: number;
  readonly program: TokenProgram;
  /** Token-2022 with the transfer-fee extension: the fee schedule in force this epoch. */
  readonly transferFee?: TransferFeeSchedule;
}

/** getMultipleAccounts' limit per call. */
const MAX_ACCOUNTS_PER_CALL = 100;

const bytesOf = (data: readonly [string, string]) => new Uint8Array(Buffer.from(data[0], 'base64'));

type EncodedAccount = { readonly owner: string; readonly data: readonly [string, string] } | null;
type TransferFeeConfig = Extract<Extension, { __kind: 'TransferFeeConfig' }>;

/** The mint in `account` under either token program, with its transfer-fee config if any; undefined if none. */
function decodeSplMint(
  address: Address,
  account: EncodedAccount,
): (Omit<SplMint, 'transferFee'> & { feeConfig?: TransferFeeConfig }) | undefined {
  const program = account?.owner;
  if (!account || program === undefined || !isTokenProgram(program)) return undefined;
  const data = bytesOf(account.data);
  // A classic mint is exactly 82 bytes; a Token-2022 mint may carry extensions (its account type, 1, at byte 165).
  const isMint =
    data.length === getMintSize() ||
    (program === TOKEN_2022_PROGRAM_ADDRESS && data.length > getTokenSize() && data[getTokenSize()] === 1);
  if (!isMint) return undefined;
  // Token-2022's layout extends the classic one, so its decoder reads both.
  const decoded = getMintDecoder().decode(data);
  const extensions = isSome(decoded.extensions) ? decoded.extensions.value : [];
  const feeConfig = extensions.find((extension) => extension.__kind === 'TransferFeeConfig');
  return {
    address,
    decimals: decoded.decimals,
    program,
    ...(feeConfig?.__kind === 'TransferFeeConfig' && { feeConfig }),
  };
}

/** The SPL mints at `mints` (either token program; fee schedules for the current epoch); absent ones are left out. */
export async function splMintsOf(rpc: Rpc<SolanaRpcApi>, mints: readonly Address[]): Promise<Map<Address, SplMint>> {
  const decoded = [];
  for (let start = 0; start < mints.length; start += MAX_ACCOUNTS_PER_CALL) {
    const batch = mints.slice(start, start + MAX_ACCOUNTS_PER_CALL);
    const { value } = await rpc.getMultipleAccounts(batch, { encoding: 'base64' }).send();
    decoded.push(...batch.map((mint, index) => decodeSplMint(mint, value[index] ?? null)));
  }
  const epoch = decoded.some((mint) => mint?.feeConfig) ? (await rpc.getEpochInfo().send()).epoch : 0n;
  const found = new Map<Address, SplMint>();
  for (const mint of decoded) {
    if (!mint) continue;
    const { feeConfig, ...rest } = mint;
    found.set(mint.address, feeConfig ? { ...rest, transferFee: transferFeeAt(feeConfig, epoch) } : rest);
  }
  return found;
}

/** The SPL mint at `mint` under either token program, read from the chain; a 400 unknown_token on `field` if none. */
export async function splMintOf(rpc: Rpc<SolanaRpcApi>, mint: string, field: string): Promise<SplMint> {
  if (!isAddress(mint)) throw invalidField(field, 'format', 'must be a base58 Solana address of 32 bytes');
  const found = (await splMintsOf(rpc, [mint])).get(mint);
  if (!found) throw invalidField(field, 'unknown_token', `${mint} is not an SPL token mint on this chain`);
  return found;
}

/** The token program that owns `mint` (classic when there is no such account: the caller reports it missing). */
export async function tokenProgramOf(rpc: Rpc<SolanaRpcApi>, mint: Address): Promise<TokenProgram> {
  const owner = (await rpc.getAccountInfo(mint, { encoding: 'base64', dataSlice: { offset: 0, length: 0 } }).send())
    .value?.owner;
  return owner === TOKEN_2022_PROGRAM_ADDRESS ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS;
}

/** `owner`'s associated token account for `mint` under `program`. */
export async function associatedTokenAccount(owner: Address, mint: Address, program: TokenProgram): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: program });
  return ata;
}

/** A token account as read from the chain: its amount and Token-2022 extensions. */
export interface SplTokenAccount {
  readonly amount: bigint;
  readonly extensions: readonly Extension[];
}

/** The token account at `account` (either token program); undefined when there is none. */
export async function tokenAccountAt(rpc: Rpc<SolanaRpcApi>, account: Address): Promise<SplTokenAccount | undefined> {
  const info = (await rpc.getAccountInfo(account, { encoding: 'base64' }).send()).value;
  if (!info || !isTokenProgram(info.owner)) return undefined;
  // Token-2022's layout extends the classic one, so its decoder reads both.
  const token = getTokenDecoder().decode(bytesOf(info.data));
  return { amount: token.amount, extensions: isSome(token.extensions) ? token.extensions.value : [] };
}

/** Atomic balance of `owner`'s associated token account for `mint` (0 when it has none), under the mint's program. */
export async function tokenBalanceOf(
  rpc: Rpc<SolanaRpcApi>,
  owner: Address,
  mint: Address,
  program?: TokenProgram,
): Promise<bigint> {
  const ata = await associatedTokenAccount(owner, mint, program ?? (await tokenProgramOf(rpc, mint)));
  return (await tokenAccountAt(rpc, ata))?.amount ?? 0n;
}

/**
 * Bytes of the associated token account the ATA program creates for `mint`: a classic account, or a Token-2022 one
 * with ImmutableOwner (and TransferFeeAmount for a fee mint), what its rent-exempt minimum is computed from.
 */
export function associatedTokenAccountSize(mint: Pick<SplMint, 'program' | 'transferFee'>): bigint {
  if (mint.program === TOKEN_PROGRAM_ADDRESS) return BigInt(getTokenSize());
  const extensions: ExtensionArgs[] = [{ __kind: 'ImmutableOwner' }];
  if (mint.transferFee) extensions.push({ __kind: 'TransferFeeAmount', withheldAmount: 0n });
  return BigInt(getTokenSize(extensions));
}
