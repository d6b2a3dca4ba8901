import { ServiceError } from '@svc/contracts';
import {
  type Blockhash,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type Transaction,
} from '@solana/kit';

const CONFIRM_TIMEOUT_MS = 60_000;
const POLL_MS = 400;

/**
 * Sends a fully signed transaction (with preflight) and waits until the chain reports it confirmed, by polling
 * getSignatureStatuses (no websocket needed). Its signature is known before sending (getSignatureFromTransaction),
 * which is what a caller records to reconcile after a crash. A transaction that lands but fails throws.
 */
export async function sendAndConfirm(rpc: Rpc<SolanaRpcApi>, transaction: Transaction): Promise<Signature> {
  const signature = getSignatureFromTransaction(transaction);
  try {
    await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
  } catch (error) {
    throw new ServiceError('upstream_error', `The Solana node refused transaction ${signature}: ${error instanceof Error ? error.message : String(error)}`, {
      extra: { signature },
      cause: error,
    });
  }
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS;
  for (;;) {
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
    if (status?.err) throw new ServiceError('upstream_error', `Solana transaction ${signature} failed: ${JSON.stringify(status.err)}`, { extra: { signature } });
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return signature;
    if (Date.now() > deadline) throw new ServiceError('upstream_error', `Solana transaction ${signature} was not confirmed within ${CONFIRM_TIMEOUT_MS / 1000} s; check it on chain before retrying`, { extra: { signature } });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const compiledMessageDecoder = getCompiledTransactionMessageDecoder();

/** The recent blockhash a transaction was signed against: a cluster lands it only while that blockhash is valid. */
export function recentBlockhashOf(transaction: Transaction): string {
  return compiledMessageDecoder.decode(transaction.messageBytes).lifetimeToken;
}

/** How often `landedTransaction` looks again while the transaction may still land. */
const PENDING_POLL_MS = 2_000;

/**
 * The signature's transaction at 'confirmed' once it has landed (successful or failed: see `meta.err`), or undefined
 * once it never can. A node that has not seen a transaction may still land it while its recent blockhash is valid,
 * and one processed just before the blockhash expired may not be confirmed yet: both are waited for, so a caller that
 * retries on undefined never sends a second transaction while the first can still land. Without a recorded blockhash
 * (or on a chain that lands on send, see SolanaChain.landsOnSend) only what the node has processed counts.
 */
export async function landedTransaction(rpc: Rpc<SolanaRpcApi>, signature: Signature, recentBlockhash: string | null, pollMs = PENDING_POLL_MS) {
  for (;;) {
    // Validity first: a blockhash seen expired before the lookups means nothing more can be processed after them.
    const mayStillLand = recentBlockhash !== null && (await rpc.isBlockhashValid(recentBlockhash as Blockhash, { commitment: 'processed' }).send()).value;
    const landed = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send();
    if (landed?.meta) return landed;
    if (!mayStillLand) {
      const [processed] = (await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send()).value;
      if (!processed) return undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
