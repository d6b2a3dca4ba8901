import { BaseError, RpcRequestError } from 'viem';

/**
 * Answers a node gives when it already holds a transaction of this nonce: the transaction being sent may be the one
 * (a request that timed out reached the node, and viem's retry met it), so its outcome is still open.
 */
const MAY_ALREADY_HOLD_IT = /already known|known transaction|nonce too low|already imported/i;

/**
 * Whether a failed `eth_sendRawTransaction` certainly left the transaction out: the node answered with a JSON-RPC
 * error that refuses it (invalid, underpriced, insufficient funds…). A transport failure (timeout, reset, a 5xx)
 * may come after the node took it, and "already known"/"nonce too low" may mean it holds this very one: then the
 * transaction may still be mined, and only its receipt (or reconciliation) can tell.
 */
export function nodeRefusedTransaction(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const answer = error.walk((cause) => cause instanceof RpcRequestError);
  return answer instanceof RpcRequestError && !MAY_ALREADY_HOLD_IT.test(answer.details);
}
