import { ServiceError } from '@svc/contracts';
import { SPL_TOKEN_PROGRAM, WRAPPED_SOL_MINT } from '@svc/providers';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  type Instruction,
  type KeyPairSigner,
  partiallySignTransaction,
  pipe,
  type Rpc,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type SolanaRpcApi,
  type Transaction,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeAccount3Instruction,
  getTokenSize,
} from '@solana-program/token';

/** SPL Memo v2: sponsored launches carry a memo the sponsor quota is counted from. */
const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

export const memoInstruction = (text: string): Instruction => ({
  programAddress: MEMO_PROGRAM,
  data: new TextEncoder().encode(text),
});

/** `owner`'s associated token account for `mint` (classic SPL token program). */
export const ataOf = async (owner: Address, mint: Address) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram: SPL_TOKEN_PROGRAM }))[0];

/** Creates `owner`'s associated token account for `mint` if it does not exist; `payer` pays its rent. */
export const createAtaIdempotent = (payer: Address, owner: Address, mint: Address) =>
  getCreateAssociatedTokenIdempotentInstructionAsync({ payer: createNoopSigner(payer), owner, mint });

/**
 * A wrapped-SOL account that lives for one transaction: created and initialised for `owner` (rent from `owner`),
 * then closed back to `owner` by {@link closeTemporaryWsol}, so whatever it received arrives as native SOL and
 * the owner's own WSOL account (a separate balance) is left alone.
 */
export async function temporaryWsolAccount(rpc: Rpc<SolanaRpcApi>, owner: Address) {
  const account = await generateKeyPairSigner();
  const space = BigInt(getTokenSize());
  const rent = await rpc.getMinimumBalanceForRentExemption(space).send();
  return {
    signer: account,
    open: [
      getCreateAccountInstruction({
        payer: createNoopSigner(owner),
        newAccount: account,
        lamports: rent,
        space,
        programAddress: SPL_TOKEN_PROGRAM,
      }),
      getInitializeAccount3Instruction({ account: account.address, mint: WRAPPED_SOL_MINT, owner }),
    ],
    close: getCloseAccountInstruction({ account: account.address, destination: owner, owner: createNoopSigner(owner) }),
  };
}

/**
 * A v0 transaction of `instructions` paid by `feePayer`, signed by `signers` (keys the launchpad holds: a new mint,
 * a temporary account, the sponsor); the vault signs it afterwards.
 */
export async function partlySigned(
  rpc: Rpc<SolanaRpcApi>,
  feePayer: Address,
  instructions: readonly Instruction[],
  signers: readonly KeyPairSigner[],
): Promise<Transaction> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return partiallySignTransaction(
    signers.map((signer) => signer.keyPair),
    compileTransaction(message),
  );
}

/**
 * Runs `transaction` against the cluster without signatures (replacing its blockhash) and returns the accounts'
 * data after it: a launch that would fail is refused here, before anything is signed or paid.
 */
export async function simulated(
  rpc: Rpc<SolanaRpcApi>,
  transaction: Transaction,
  accounts: readonly Address[],
): Promise<(Uint8Array | undefined)[]> {
  const { value } = await rpc
    .simulateTransaction(getBase64EncodedWireTransaction(transaction), {
      encoding: 'base64',
      sigVerify: false,
      replaceRecentBlockhash: true,
      accounts: { encoding: 'base64', addresses: [...accounts] },
    })
    .send();
  if (value.err)
    throw new ServiceError(
      'upstream_error',
      `The cluster refused the launch in simulation (${JSON.stringify(value.err)}): ${(value.logs ?? []).slice(-3).join(' | ')}. Nothing was sent or charged.`,
    );
  return (value.accounts ?? []).map((account) =>
    account ? new Uint8Array(getBase64Encoder().encode(account.data[0])) : undefined,
  );
}

/** The amount of an SPL token account's bytes (u64 at offset 64). */
export const tokenAccountAmount = (data: Uint8Array | undefined): bigint =>
  data && data.length >= 72 ? new DataView(data.buffer, data.byteOffset).getBigUint64(64, true) : 0n;
