import { invalidField } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  type Instruction,
  address,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token';
import { getTransferCheckedWithFeeInstruction } from '@solana-program/token-2022';
import { transferFeeOf } from '@svc/chains';
import { callerOf, type Handler, type HandlerContext, withCommitPoint } from '../../handler.js';
import { atomicAmount, LAMPORTS_PER_SIGNATURE } from '../amounts.js';
import { sendAndConfirm } from '../send-transaction.js';
import { solanaChainOf } from '../solana-chain.js';
import {
  associatedTokenAccount,
  associatedTokenAccountSize,
  splMintOf,
  TOKEN_PROGRAM_NAMES,
  tokenAccountAt,
  tokenBalanceOf,
} from '../spl-accounts.js';
import { vaultSolanaSigner } from '../vault-signer.js';

/** The Memo program (v2): a Token-2022 account with the memo-transfer extension takes only transfers led by a memo. */
const MEMO_PROGRAM_ADDRESS = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/**
 * Sends native SOL ('SOL') or an SPL token (its mint; So111…112 is WSOL, moved as a token) from the caller's vault.
 * A token moves with TransferChecked under the program that owns its mint (classic SPL Token or Token-2022); a
 * Token-2022 mint with a transfer fee moves with TransferCheckedWithFee, and the recipient receives `amount` less the
 * fee (withheld on their account; the output reports both). A recipient account that requires memos (Token-2022
 * memo-transfer extension) gets the transfer led by a memo.
 * Checked before anything is signed, each a 400 that moves nothing: the recipient is a base58 address of 32 bytes,
 * the mint is an SPL mint on this chain (unknown_token), the amount fits the token's decimals, and the vault holds the
 * amount plus the fee (and the recipient's token account rent when it has none yet; insufficient_funds). A SOL
 * transfer to an address with no account must be at least its rent-exempt minimum, as the chain requires.
 * Output: `{network, signature, from, to, tokenAddress, amount, atomic}`.
 */
export const solanaTransfer: Handler<'solanaTransfer'> = withCommitPoint((input, context) =>
  transferFromVault(input, context),
);

/** What one transfer did (the tool's output). */
export type SolanaTransferResult = {
  readonly network: string;
  readonly signature: string;
  readonly from: string;
  readonly to: string;
  readonly tokenAddress: string;
  readonly amount: string;
  readonly atomic: string;
  readonly tokenProgram?: 'spl-token' | 'spl-token-2022';
  readonly transferFee?: string;
  readonly transferFeeAtomic?: string;
  readonly received?: string;
  readonly receivedAtomic?: string;
  readonly memo?: string;
};

/**
 * The transfer itself, for the tool and for the account vault's sweep, which passes exact decimal text (a token
 * balance as read) where the tool's schema has a number.
 */
export async function transferFromVault(
  input: { readonly toWalletAddress: string; readonly amount: number | string; readonly tokenAddress: string },
  context: HandlerContext,
): Promise<SolanaTransferResult> {
  const { accountId } = callerOf(context);
  const chain = solanaChainOf(context);
  const rpc = chain.rpc();
  const to = input.toWalletAddress.trim();
  if (!isAddress(to)) throw invalidField('toWalletAddress', 'format', 'must be a base58 Solana address of 32 bytes');
  const native = input.tokenAddress === 'SOL';
  const mint = native ? undefined : await splMintOf(rpc, input.tokenAddress, 'tokenAddress');
  const decimals = mint ? mint.decimals : 9;
  const atomic = atomicAmount(input.amount, decimals, 'amount');
  const vault = await vaultSolanaSigner(context, accountId);
  const lamports = (await rpc.getBalance(vault.address).send()).value;

  const instructions: Instruction[] = [];
  let lamportsNeeded = LAMPORTS_PER_SIGNATURE;
  let tokenFacts: Partial<SolanaTransferResult> = {};
  if (!mint) {
    const recipient = (await rpc.getAccountInfo(to, { encoding: 'base64' }).send()).value;
    const rentMinimum = await rpc.getMinimumBalanceForRentExemption(0n).send();
    if (!recipient && atomic < rentMinimum) {
      throw invalidField(
        'amount',
        'too_small',
        `${to} has no account yet: send at least ${formatUnits(rentMinimum, 9)} SOL (its rent-exempt minimum)`,
      );
    }
    lamportsNeeded += atomic;
    instructions.push(getTransferSolInstruction({ source: vault, destination: to, amount: atomic }));
  } else {
    const held = await tokenBalanceOf(rpc, vault.address, mint.address, mint.program);
    if (held < atomic) {
      throw invalidField(
        'amount',
        'insufficient_funds',
        `the vault holds ${formatUnits(held, decimals)} of ${mint.address}, less than ${formatUnits(atomic, decimals)}`,
      );
    }
    const [source, destination] = await Promise.all([
      associatedTokenAccount(vault.address, mint.address, mint.program),
      associatedTokenAccount(to, mint.address, mint.program),
    ]);
    const recipientAccount = await tokenAccountAt(rpc, destination);
    if (!recipientAccount) {
      lamportsNeeded += await rpc.getMinimumBalanceForRentExemption(associatedTokenAccountSize(mint)).send();
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({
          payer: vault,
          ata: destination,
          owner: to,
          mint: mint.address,
          tokenProgram: mint.program,
        }),
      );
    }
    const requiresMemo = recipientAccount?.extensions.some(
      (extension) => extension.__kind === 'MemoTransfer' && extension.requireIncomingTransferMemos,
    );
    const memo = requiresMemo ? `transfer of ${formatUnits(atomic, decimals)} ${mint.address}` : undefined;
    if (memo) instructions.push({ programAddress: MEMO_PROGRAM_ADDRESS, data: new TextEncoder().encode(memo) });
    const accounts = { source, mint: mint.address, destination, authority: vault, amount: atomic, decimals };
    const fee = transferFeeOf(mint.transferFee, atomic);
    instructions.push(
      mint.transferFee
        ? getTransferCheckedWithFeeInstruction({ ...accounts, fee })
        : // TransferChecked has the same layout under both token programs.
          getTransferCheckedInstruction(accounts, { programAddress: mint.program }),
    );
    tokenFacts = {
      tokenProgram: TOKEN_PROGRAM_NAMES[mint.program],
      ...(mint.transferFee && {
        transferFee: formatUnits(fee, decimals),
        transferFeeAtomic: fee.toString(),
        received: formatUnits(atomic - fee, decimals),
        receivedAtomic: (atomic - fee).toString(),
      }),
      ...(memo && { memo }),
    };
  }
  if (lamports < lamportsNeeded) {
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault holds ${formatUnits(lamports, 9)} SOL; this transfer needs ${formatUnits(lamportsNeeded, 9)} SOL including fees`,
    );
  }

  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(vault, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  await context.commit?.();
  const signature = await sendAndConfirm(rpc, signed);
  return {
    network: chain.network,
    signature,
    from: vault.address,
    to,
    tokenAddress: input.tokenAddress,
    amount: formatUnits(atomic, decimals),
    atomic: atomic.toString(),
    ...tokenFacts,
  };
}
