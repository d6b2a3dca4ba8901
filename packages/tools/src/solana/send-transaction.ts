import { ServiceError } from '@svc/contracts';
import {
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
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
      })
      .send();
  } catch (error) {
    throw new ServiceError(
      'upstream_error',
      `The Solana node refused transaction ${signature}: ${error instanceof Error ? error.message : String(error)}`,
      {
        extra: { signature },
        cause: error,
      },
    );
  }
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS;
  for (;;) {
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
    if (status?.err)
      throw new ServiceError(
        'upstream_error',
        `Solana transaction ${signature} failed: ${JSON.stringify(status.err)}`,
        { extra: { signature } },
      );
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized'))
      return signature;
    if (Date.now() > deadline)
      throw new ServiceError(
        'upstream_error',
        `Solana transaction ${signature} was not confirmed within ${CONFIRM_TIMEOUT_MS / 1000} s; check it on chain before retrying`,
        { extra: { signature } },
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const compiledMessageDecoder = getCompiledTransactionMessageDecoder();

/** The recent blockhash a transaction was signed against: a cluster lands it only while that blockhash is valid. */
export function recentBlockhashOf(transaction: Transaction): string {
  return compiledMessageDecoder.decode(transaction.messageBytes).lifetimeToken;
}
