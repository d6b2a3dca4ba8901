/**
 * The pump.fun instructions the live launchpad sends, built as its published IDL lays them out (accounts in IDL order
 * with its writable and signer flags, Anchor discriminator then Borsh arguments; fixtures/pump-idl-excerpt.json):
 * create_v2 (a Token-2022 coin, SOL-paired, mayhem mode and cashback off), buy_exact_quote_in_v2 (spend exactly this
 * much SOL for at least so many tokens), sell_v2 (sell exactly so many tokens for at least so much SOL) and
 * collect_creator_fee_v2. Only SOL-paired coins: the quote side is wrapped SOL under the classic Token program.
 */
import {
  AccountRole,
  type AccountMeta,
  type AccountSignerMeta,
  type Address,
  getAddressEncoder,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  associatedTokenAddress,
  bondingCurveAddress,
  creatorVaultAddress,
  eventAuthorityAddress,
  feeConfigAddress,
  globalVolumeAccumulatorAddress,
  mayhemGlobalParamsAddress,
  mayhemSolVaultAddress,
  mayhemStateAddress,
  mintAuthorityAddress,
  PUMP_FEES_PROGRAM_ADDRESS,
  PUMP_MAYHEM_PROGRAM_ADDRESS,
  PUMP_PROGRAM_ADDRESS,
  pumpGlobalAddress,
  sharingConfigAddress,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  userVolumeAccumulatorAddress,
  WSOL_MINT,
} from './pump-program.js';
import { anchorDiscriminator, anchorInstructionData, borshBool, borshString, borshU64 } from '../solana-chain/borsh.js';

type Meta = AccountMeta | AccountSignerMeta;
const writable = (account: Address): Meta => ({ address: account, role: AccountRole.WRITABLE });
const readonly = (account: Address): Meta => ({ address: account, role: AccountRole.READONLY });
const writableSigner = (signer: TransactionSigner): Meta => ({
  address: signer.address,
  role: AccountRole.WRITABLE_SIGNER,
  signer,
});

const pubkey = (value: Address) => new Uint8Array(getAddressEncoder().encode(value));

export interface CreateV2Args {
  /** The new mint's key pair: it signs the creation. */
  readonly mint: TransactionSigner;
  /** Pays and signs. */
  readonly user: TransactionSigner;
  readonly creator: Address;
  readonly name: string;
  readonly symbol: string;
  /** The coin's metadata JSON (at most 200 characters). */
  readonly uri: string;
}

/** create_v2: a new Token-2022 coin on its bonding curve, SOL-paired (no optional quote accounts), no mayhem mode. */
export async function createV2Instruction(args: CreateV2Args): Promise<Instruction> {
  const mint = args.mint.address;
  const bondingCurve = await bondingCurveAddress(mint);
  const solVault = await mayhemSolVaultAddress();
  return {
    programAddress: PUMP_PROGRAM_ADDRESS,
    accounts: [
      writableSigner(args.mint),
      readonly(await mintAuthorityAddress()),
      writable(bondingCurve),
      writable(await associatedTokenAddress(bondingCurve, mint, TOKEN_2022_PROGRAM)),
      readonly(await pumpGlobalAddress()),
      writableSigner(args.user),
      readonly(SYSTEM_PROGRAM),
      readonly(TOKEN_2022_PROGRAM),
      readonly(ASSOCIATED_TOKEN_PROGRAM),
      writable(PUMP_MAYHEM_PROGRAM_ADDRESS),
      readonly(await mayhemGlobalParamsAddress()),
      writable(solVault),
      writable(await mayhemStateAddress(mint)),
      writable(await associatedTokenAddress(solVault, mint, TOKEN_2022_PROGRAM)),
      readonly(await eventAuthorityAddress()),
      readonly(PUMP_PROGRAM_ADDRESS),
    ],
    // is_mayhem_mode false; is_cashback_enabled is an OptionBool (a struct of one bool): false.
    data: anchorInstructionData(
      'create_v2',
      borshString(args.name),
      borshString(args.symbol),
      borshString(args.uri),
      pubkey(args.creator),
      borshBool(false),
      borshBool(false),
    ),
  };
}

/** What a buy or a sale on a SOL-paired curve names. */
export interface TradeAccounts {
  readonly mint: Address;
  /** The mint's token program: Token-2022 for create_v2 coins, the classic one for older coins. */
  readonly baseTokenProgram: Address;
  /** The trader: signs and pays. */
  readonly user: TransactionSigner;
  /** bonding_curve.creator: its creator vault takes the creator fee. */
  readonly creator: Address;
  /** One of Global's fee recipients (the reserved ones for a mayhem-mode coin). */
  readonly feeRecipient: Address;
  /** One of Global's buyback fee recipients. */
  readonly buybackFeeRecipient: Address;
}

/** The accounts buy_v2, buy_exact_quote_in_v2 and sell_v2 share, in IDL order; buys add the global accumulator. */
async function tradeAccounts(trade: TradeAccounts, side: 'buy' | 'sell'): Promise<Meta[]> {
  const { mint, user } = trade;
  const bondingCurve = await bondingCurveAddress(mint);
  const creatorVault = await creatorVaultAddress(trade.creator);
  const userAccumulator = await userVolumeAccumulatorAddress(user.address);
  const quoteAta = (owner: Address) => associatedTokenAddress(owner, WSOL_MINT, TOKEN_PROGRAM);
  return [
    readonly(await pumpGlobalAddress()),
    readonly(mint),
    readonly(WSOL_MINT),
    readonly(trade.baseTokenProgram),
    readonly(TOKEN_PROGRAM),
    readonly(ASSOCIATED_TOKEN_PROGRAM),
    writable(trade.feeRecipient),
    writable(await quoteAta(trade.feeRecipient)),
    writable(trade.buybackFeeRecipient),
    writable(await quoteAta(trade.buybackFeeRecipient)),
    writable(bondingCurve),
    writable(await associatedTokenAddress(bondingCurve, mint, trade.baseTokenProgram)),
    writable(await quoteAta(bondingCurve)),
    writableSigner(user),
    writable(await associatedTokenAddress(user.address, mint, trade.baseTokenProgram)),
    writable(await quoteAta(user.address)),
    writable(creatorVault),
    writable(await quoteAta(creatorVault)),
    readonly(await sharingConfigAddress(mint)),
    ...(side === 'buy' ? [readonly(await globalVolumeAccumulatorAddress())] : []),
    writable(userAccumulator),
    writable(await quoteAta(userAccumulator)),
    readonly(await feeConfigAddress()),
    readonly(PUMP_FEES_PROGRAM_ADDRESS),
    readonly(SYSTEM_PROGRAM),
    readonly(await eventAuthorityAddress()),
    readonly(PUMP_PROGRAM_ADDRESS),
  ];
}

/** buy_exact_quote_in_v2: spends exactly `spendableQuoteIn` lamports (fees included) for at least `minTokensOut`. */
export async function buyExactQuoteInV2Instruction(
  trade: TradeAccounts,
  spendableQuoteIn: bigint,
  minTokensOut: bigint,
): Promise<Instruction> {
  return {
    programAddress: PUMP_PROGRAM_ADDRESS,
    accounts: await tradeAccounts(trade, 'buy'),
    data: anchorInstructionData('buy_exact_quote_in_v2', borshU64(spendableQuoteIn, minTokensOut)),
  };
}

/** sell_v2: sells exactly `amount` tokens for at least `minSolOutput` lamports after fees. */
export async function sellV2Instruction(
  trade: TradeAccounts,
  amount: bigint,
  minSolOutput: bigint,
): Promise<Instruction> {
  return {
    programAddress: PUMP_PROGRAM_ADDRESS,
    accounts: await tradeAccounts(trade, 'sell'),
    data: anchorInstructionData('sell_v2', borshU64(amount, minSolOutput)),
  };
}

/**
 * collect_creator_fee_v2 for a SOL-paired coin: moves the lamports in `creator`'s creator vault (above rent) to
 * `creator`. Permissionless (no signer among its accounts); the fee payer signs the transaction.
 */
export async function collectCreatorFeeV2Instruction(creator: Address): Promise<Instruction> {
  const vault = await creatorVaultAddress(creator);
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

/**
 * The fee recipients a trade names: one of Global's eight (the reserved ones for a mayhem-mode coin) and one of its
 * buyback recipients, chosen by the mint's first byte so trades of different coins spread over them.
 */
export function feeRecipientsFor(
  global: {
    readonly feeRecipients: readonly Address[];
    readonly reservedFeeRecipients: readonly Address[];
    readonly buybackFeeRecipients: readonly Address[];
  },
  mint: Address,
  isMayhemMode: boolean,
): { feeRecipient: Address; buybackFeeRecipient: Address } {
  const pick = (recipients: readonly Address[]) =>
    recipients[getAddressEncoder().encode(mint)[0]! % recipients.length]!;
  return {
    feeRecipient: pick(isMayhemMode ? global.reservedFeeRecipients : global.feeRecipients),
    buybackFeeRecipient: pick(global.buybackFeeRecipients),
  };
}
