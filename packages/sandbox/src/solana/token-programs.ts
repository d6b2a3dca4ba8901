/**
 * The two SPL token programs the sandbox ledger runs (LiteSVM ships both): the classic Token program and Token-2022,
 * whose mints and token accounts carry extensions (TLV entries after the classic layout and an account-type byte).
 * One reader for both, so the ledger, the RPC facade and the swap venue agree on what an account holds.
 */
import { type Address, isSome, type MaybeEncodedAccount, type ReadonlyUint8Array } from '@solana/kit';
import * as classic from '@solana-program/token';
import * as token2022 from '@solana-program/token-2022';
import { type TransferFeeSchedule, transferFeeAt } from '@svc/chains';

export { TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';

export type TokenProgramAddress = typeof classic.TOKEN_PROGRAM_ADDRESS | typeof token2022.TOKEN_2022_PROGRAM_ADDRESS;
export type TokenExtension = token2022.Extension;

/** Size of a classic token account; a Token-2022 account with extensions puts its account type right after it. */
const BASE_ACCOUNT_SIZE = classic.getTokenSize();
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

export const isTokenProgram = (program: Address): program is TokenProgramAddress =>
  program === classic.TOKEN_PROGRAM_ADDRESS || program === token2022.TOKEN_2022_PROGRAM_ADDRESS;

export interface DecodedMint {
  readonly program: TokenProgramAddress;
  readonly supply: bigint;
  readonly decimals: number;
  readonly isInitialized: boolean;
  readonly mintAuthority: Address | null;
  readonly freezeAuthority: Address | null;
  /** Token-2022 extensions (empty for a classic mint). */
  readonly extensions: readonly TokenExtension[];
}

export interface DecodedTokenAccount {
  readonly program: TokenProgramAddress;
  readonly mint: Address;
  readonly owner: Address;
  readonly amount: bigint;
  /** 0 uninitialized, 1 initialized, 2 frozen. */
  readonly state: number;
  readonly isNative: boolean;
  readonly extensions: readonly TokenExtension[];
}

/** An account as LiteSVM returns it (getAccount's maybe-account, or one of getProgramAccounts'). */
type AccountLike = MaybeEncodedAccount | { readonly programAddress: Address; readonly data: ReadonlyUint8Array };

const present = (account: AccountLike) => !('exists' in account) || account.exists;

const hasLayout = (data: ReadonlyUint8Array, baseSize: number, accountType: number) =>
  data.length === baseSize || (data.length > BASE_ACCOUNT_SIZE && data[BASE_ACCOUNT_SIZE] === accountType);

/** The mint in `account` under either token program; undefined for anything else. */
export function decodeMint(account: AccountLike): DecodedMint | undefined {
  if (!present(account) || !('data' in account) || !isTokenProgram(account.programAddress)) return undefined;
  const { data, programAddress: program } = account;
  let extensions: readonly TokenExtension[] = [];
  let mint: classic.Mint;
  if (program === token2022.TOKEN_2022_PROGRAM_ADDRESS) {
    if (!hasLayout(data, classic.getMintSize(), ACCOUNT_TYPE_MINT)) return undefined;
    const decoded = token2022.getMintDecoder().decode(data);
    if (isSome(decoded.extensions)) extensions = decoded.extensions.value;
    mint = decoded;
  } else {
    if (data.length !== classic.getMintSize()) return undefined;
    mint = classic.getMintDecoder().decode(data);
  }
  return {
    program,
    supply: mint.supply,
    decimals: mint.decimals,
    isInitialized: mint.isInitialized,
    mintAuthority: isSome(mint.mintAuthority) ? mint.mintAuthority.value : null,
    freezeAuthority: isSome(mint.freezeAuthority) ? mint.freezeAuthority.value : null,
    extensions,
  };
}

/** The token account in `account` under either token program; undefined for anything else. */
export function decodeTokenAccount(account: AccountLike): DecodedTokenAccount | undefined {
  if (!present(account) || !('data' in account) || !isTokenProgram(account.programAddress)) return undefined;
  const { data, programAddress: program } = account;
  let extensions: readonly TokenExtension[] = [];
  let token: classic.Token;
  if (program === token2022.TOKEN_2022_PROGRAM_ADDRESS) {
    if (!hasLayout(data, BASE_ACCOUNT_SIZE, ACCOUNT_TYPE_ACCOUNT)) return undefined;
    const decoded = token2022.getTokenDecoder().decode(data);
    if (isSome(decoded.extensions)) extensions = decoded.extensions.value;
    token = decoded;
  } else {
    if (data.length !== BASE_ACCOUNT_SIZE) return undefined;
    token = classic.getTokenDecoder().decode(data);
  }
  return {
    program,
    mint: token.mint,
    owner: token.owner,
    amount: token.amount,
    state: token.state,
    isNative: isSome(token.isNative),
    extensions,
  };
}

/** `account`'s data with its amount set to `amount` (every other field and extension kept). */
export function withTokenAmount(account: MaybeEncodedAccount & { exists: true }, amount: bigint): Uint8Array {
  if (account.programAddress === token2022.TOKEN_2022_PROGRAM_ADDRESS) {
    const token = token2022.getTokenDecoder().decode(account.data);
    return new Uint8Array(token2022.getTokenEncoder().encode({ ...token, amount }));
  }
  const token = classic.getTokenDecoder().decode(account.data);
  return new Uint8Array(classic.getTokenEncoder().encode({ ...token, amount }));
}

/** `account`'s mint data with its supply set to `supply` (every other field and extension kept). */
export function withMintSupply(account: MaybeEncodedAccount & { exists: true }, supply: bigint): Uint8Array {
  if (account.programAddress === token2022.TOKEN_2022_PROGRAM_ADDRESS) {
    const mint = token2022.getMintDecoder().decode(account.data);
    return new Uint8Array(token2022.getMintEncoder().encode({ ...mint, supply }));
  }
  const mint = classic.getMintDecoder().decode(account.data);
  return new Uint8Array(classic.getMintEncoder().encode({ ...mint, supply }));
}

/** The transfer-fee schedule a mint applies at `epoch`; undefined when it has no transfer-fee extension. */
export function mintTransferFee(mint: DecodedMint, epoch: bigint): TransferFeeSchedule | undefined {
  const config = mint.extensions.find((extension) => extension.__kind === 'TransferFeeConfig');
  return config?.__kind === 'TransferFeeConfig' ? transferFeeAt(config, epoch) : undefined;
}

/** The fee withheld on a Token-2022 account (its TransferFeeAmount extension), 0 without one. */
export function withheldAmountOf(token: DecodedTokenAccount): bigint {
  const entry = token.extensions.find((extension) => extension.__kind === 'TransferFeeAmount');
  return entry?.__kind === 'TransferFeeAmount' ? entry.withheldAmount : 0n;
}
