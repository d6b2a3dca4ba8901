import { invalidField, ServiceError } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import {
  buyExactQuoteInV2Instruction,
  collectCreatorFeeV2Instruction,
  createV2Instruction,
  feeRecipientsFor,
  sellV2Instruction,
  type TradeAccounts,
  TOKEN_2022_PROGRAM,
  userVolumeAccumulatorAddress,
} from '@svc/providers';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createNoopSigner,
  createTransactionMessage,
  type Instruction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  type TransactionSigner,
} from '@solana/kit';
import { getBurnCheckedInstruction, getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token-2022';
import type { CurveBuyQuote, CurveSellQuote } from '../../../ports/solana-launchpads.js';
import {
  associatedTokenAccount,
  associatedTokenAccountSize,
  type TokenProgram,
  tokenBalanceOf,
  tokenProgramOf,
} from '../../../solana/spl-accounts.js';
import { type LiveCurve, type PumpChainState, programBuyQuote, programSellQuote } from './pump-chain-state.js';

const PUMP_DECIMALS = 6;
/** A user_volume_accumulator's bytes (pump docs: "Rent for 137-byte account"), made on a trader's first trade. */
const USER_ACCUMULATOR_BYTES = 137n;
/** The buy transaction's signature fee. */
const SIGNATURE_FEE = 5_000n;

/**
 * Refuses a buy the vault cannot pay in full before anything is signed (400): the SOL it spends, and the rent of
 * the accounts the buy creates when they are missing (its token account, its volume accumulator), and the fee.
 * A buy that failed on chain for want of rent would have settled the call for nothing.
 */
async function requireBuyFunds(
  state: PumpChainState,
  buyer: Address,
  lamports: bigint,
  tokenAccount: Address,
  program: TokenProgram,
) {
  const rpc = state.rpc();
  const missing = async (account: Address, bytes: bigint) =>
    (await state.accountData(account)) ? 0n : rpc.getMinimumBalanceForRentExemption(bytes).send();
  const rent =
    (await missing(tokenAccount, associatedTokenAccountSize({ program }))) +
    (await missing(await userVolumeAccumulatorAddress(buyer), USER_ACCUMULATOR_BYTES));
  const needed = lamports + rent + SIGNATURE_FEE;
  const { value: balance } = await rpc.getBalance(buyer).send();
  if (balance < needed)
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the buy needs ${formatUnits(needed, 9)} SOL with its new accounts' rent and fee; the vault holds ${formatUnits(balance, 9)} SOL. Nothing was sent.`,
    );
}

/** A transaction `payer` pays for, signed by every signer but the payer (a noop stand-in the vault replaces). */
async function transactionOf(
  state: PumpChainState,
  payer: TransactionSigner,
  instructions: readonly Instruction[],
): Promise<Transaction> {
  const { value: blockhash } = await state.rpc().getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return partiallySignTransactionMessageWithSigners(message);
}

/** The price moved between the caller's quote and the build: a 409 before anything is signed. */
const movedPast = (what: string) =>
  new ServiceError(
    'state_conflict',
    `The price moved past your slippage bound before the trade was signed: ${what}. Nothing was sent; quote again.`,
  );

async function tradeAccountsOf(
  state: PumpChainState,
  live: LiveCurve,
  mint: Address,
  user: TransactionSigner,
): Promise<{ trade: TradeAccounts; program: TokenProgram }> {
  const program = await tokenProgramOf(state.rpc(), mint);
  const recipients = feeRecipientsFor(await state.globalOf(), mint, live.curve.isMayhemMode);
  return {
    program,
    trade: { mint, baseTokenProgram: program, user, creator: live.curve.creator, ...recipients },
  };
}

/** The buyer's token account for the coin, created if missing (idempotent), so the curve can pay the tokens into it. */
const buyerTokenAccount = async (user: TransactionSigner, mint: Address, program: TokenProgram) =>
  getCreateAssociatedTokenIdempotentInstruction({
    payer: user,
    ata: await associatedTokenAccount(user.address, mint, program),
    owner: user.address,
    mint,
    tokenProgram: program,
  });

/**
 * A buy of `mint` spending exactly `lamports` (fees included) for at least `minTokens` (buy_exact_quote_in_v2): the
 * program refuses a worse fill on chain; a quote already worse is a 409 here.
 */
export async function buyTransaction(
  state: PumpChainState,
  mint: string,
  buyer: string,
  lamports: bigint,
  minTokens: bigint,
): Promise<{ transaction: Transaction; quote: CurveBuyQuote }> {
  const live = await state.onCurve(mint);
  const quote = programBuyQuote(live, lamports);
  if (quote.tokensOut < minTokens)
    throw movedPast(
      `${formatUnits(quote.tokensOut, PUMP_DECIMALS)} tokens now, at least ${formatUnits(minTokens, PUMP_DECIMALS)} asked`,
    );
  const user = createNoopSigner(address(buyer));
  const { trade, program } = await tradeAccountsOf(state, live, address(mint), user);
  const tokenAccount = await associatedTokenAccount(user.address, address(mint), program);
  await requireBuyFunds(state, user.address, lamports, tokenAccount, program);
  const instructions = [
    await buyerTokenAccount(user, address(mint), program),
    await buyExactQuoteInV2Instruction(trade, lamports, minTokens),
  ];
  return { transaction: await transactionOf(state, user, instructions), quote };
}

/**
 * A sale of exactly `tokens` for at least `minLamports` after fees (sell_v2). More than the seller holds is a 400,
 * a quote already worse than the bound a 409, both before anything is signed.
 */
export async function sellTransaction(
  state: PumpChainState,
  mint: string,
  seller: string,
  tokens: bigint,
  minLamports: bigint,
): Promise<{ transaction: Transaction; quote: CurveSellQuote }> {
  const live = await state.onCurve(mint);
  const user = createNoopSigner(address(seller));
  const { trade, program } = await tradeAccountsOf(state, live, address(mint), user);
  const held = await tokenBalanceOf(state.rpc(), user.address, address(mint), program);
  if (held < tokens)
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault holds ${formatUnits(held, PUMP_DECIMALS)} of ${mint}, less than ${formatUnits(tokens, PUMP_DECIMALS)}. Nothing was sent.`,
    );
  const quote = programSellQuote(live, tokens);
  if (quote.lamportsOut < minLamports)
    throw movedPast(`${formatUnits(quote.lamportsOut, 9)} SOL now, at least ${formatUnits(minLamports, 9)} asked`);
  const instructions = [await sellV2Instruction(trade, tokens, minLamports)];
  return { transaction: await transactionOf(state, user, instructions), quote };
}

/**
 * A burn of `tokens` of a pump.fun coin from its creator's vault (SPL BurnChecked under the mint's token program).
 * Refused before signing: a caller who is not the curve's creator (403), more than held (400).
 */
export async function burnTransaction(
  state: PumpChainState,
  mint: string,
  owner: string,
  tokens: bigint,
): Promise<Transaction> {
  const curve = await state.curveOf(mint);
  if (!curve) throw new ServiceError('not_found', `${mint} has no pump.fun bonding curve.`);
  if (curve.creator !== owner)
    throw new ServiceError(
      'not_holder',
      `Only the creator of ${mint} (${curve.creator}) may burn it on the curve launchpad. Nothing was burned.`,
    );
  const program = await tokenProgramOf(state.rpc(), address(mint));
  const authority = createNoopSigner(address(owner));
  const held = await tokenBalanceOf(state.rpc(), authority.address, address(mint), program);
  if (held < tokens)
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault holds ${formatUnits(held, PUMP_DECIMALS)} of ${mint}, less than ${formatUnits(tokens, PUMP_DECIMALS)}. Nothing was burned.`,
    );
  const burn = getBurnCheckedInstruction(
    {
      account: await associatedTokenAccount(authority.address, address(mint), program),
      mint: address(mint),
      authority,
      amount: tokens,
      decimals: PUMP_DECIMALS,
    },
    { programAddress: program },
  );
  return transactionOf(state, authority, [burn]);
}

/** collect_creator_fee_v2 of `lamports` waiting in `creator`'s creator vault; nothing waiting is a 409. */
export async function claimCreatorFeesTransaction(
  state: PumpChainState,
  creator: string,
  lamports: bigint,
): Promise<Transaction> {
  if (lamports <= 0n)
    throw new ServiceError('state_conflict', 'No pump.fun creator fees are available to claim. Nothing was sent.');
  return transactionOf(state, createNoopSigner(address(creator)), [
    await collectCreatorFeeV2Instruction(address(creator)),
  ]);
}

export interface PumpLaunch {
  readonly creator: string;
  readonly name: string;
  readonly symbol: string;
  /** The coin's metadata JSON, already published. */
  readonly uri: string;
  readonly devBuyLamports: bigint;
  /** The least the developer buy may fill for; default: exactly its quote (the curve is new in the same transaction). */
  readonly minDevTokens?: bigint | undefined;
}

/**
 * create_v2 of a new SOL-paired Token-2022 coin (its mint key generated here and signing now), and when
 * `devBuyLamports` is positive, the creator's buy on the new curve in the same transaction.
 */
export async function launchTransaction(
  state: PumpChainState,
  launch: PumpLaunch,
  mintSigner: TransactionSigner,
): Promise<{ transaction: Transaction; mint: string; devBuy?: CurveBuyQuote }> {
  const user = createNoopSigner(address(launch.creator));
  const instructions: Instruction[] = [
    await createV2Instruction({
      mint: mintSigner,
      user,
      creator: user.address,
      name: launch.name,
      symbol: launch.symbol,
      uri: launch.uri,
    }),
  ];
  let devBuy: CurveBuyQuote | undefined;
  if (launch.devBuyLamports > 0n) {
    const global = await state.globalOf();
    const fresh = await state.freshCurve(global, user.address);
    devBuy = programBuyQuote(fresh, launch.devBuyLamports);
    const recipients = feeRecipientsFor(global, mintSigner.address, false);
    instructions.push(
      await buyerTokenAccount(user, mintSigner.address, TOKEN_2022_PROGRAM as TokenProgram),
      await buyExactQuoteInV2Instruction(
        {
          mint: mintSigner.address,
          baseTokenProgram: TOKEN_2022_PROGRAM,
          user,
          creator: user.address,
          ...recipients,
        },
        launch.devBuyLamports,
        launch.minDevTokens ?? devBuy.tokensOut,
      ),
    );
  }
  return {
    transaction: await transactionOf(state, user, instructions),
    mint: mintSigner.address,
    ...(devBuy && { devBuy }),
  };
}
