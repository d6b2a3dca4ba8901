import { invalidField } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  type Instruction,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { callerOf, type Handler, type HandlerContext, withCommitPoint } from '../../handler.js';
import { atomicAmount, LAMPORTS_PER_SIGNATURE } from '../amounts.js';
import { sendAndConfirm } from '../send-transaction.js';
import { solanaChainOf } from '../solana-chain.js';
import { splMintOf, tokenBalanceOf } from '../spl-accounts.js';
import { vaultSolanaSigner } from '../vault-signer.js';

/** Space of an SPL token account: creating the recipient's costs its rent-exempt minimum. */
const TOKEN_ACCOUNT_SIZE = 165n;

/**
 * Sends native SOL ('SOL') or an SPL token (its mint; So111…112 is WSOL, moved as a token) from the caller's vault.
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
    const held = await tokenBalanceOf(rpc, vault.address, mint.address);
    if (held < atomic) {
      throw invalidField(
        'amount',
        'insufficient_funds',
        `the vault holds ${formatUnits(held, decimals)} of ${mint.address}, less than ${formatUnits(atomic, decimals)}`,
      );
    }
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: vault.address, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: to, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ]);
    if (!(await rpc.getAccountInfo(destination, { encoding: 'base64' }).send()).value) {
      lamportsNeeded += await rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send();
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({
          payer: vault,
          ata: destination,
          owner: to,
          mint: mint.address,
        }),
      );
    }
    instructions.push(
      getTransferCheckedInstruction({
        source,
        mint: mint.address,
        destination,
        authority: vault,
        amount: atomic,
        decimals,
      }),
    );
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
  };
}
