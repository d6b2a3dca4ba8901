import { BaseError, RpcRequestError } from 'viem';

/**
 * Answers a node gives when it already holds a transaction of this nonce: the transaction being sent may be the one
 * (a request that timed out reached the node, and viem's retry met it), so its outcome is still open.
 */
const MAY_ALREADY_HOLD_IT = /already known|known transaction|nonce too low|already imported/i;

/**
 * What a failed `eth_sendRawTransaction` says of the transaction. `refused`: the node answered with a JSON-RPC error
 * that refuses it (invalid, underpriced, insufficient funds…), so it certainly left it out. `nonce-taken`: the node
 * holds a transaction of this nonce ("already known", "nonce too low"), which may be this very one (a request that
 * timed out reached the node and viem's retry met it) or another sender's: only the node's knowledge of its hash
 * tells. `unanswered`: a transport failure (timeout, reset, a 5xx) that may come after the node took it.
 */
export function sendFailureKind(error: unknown): 'refused' | 'nonce-taken' | 'unanswered' {
  if (!(error instanceof BaseError)) return 'unanswered';
  const answer = error.walk((cause) => cause instanceof RpcRequestError);
  if (!(answer instanceof RpcRequestError)) return 'unanswered';
  return MAY_ALREADY_HOLD_IT.test(answer.details) ? 'nonce-taken' : 'refused';
}
