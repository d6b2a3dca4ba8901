/**
 * Where verified Stacks payments are settled. The facilitator reads balances and nonces from it and hands it the
 * client's signed transaction bytes; it never signs anything itself.
 *
 * Implementations: the sandbox ledger (`StacksSandboxLedger` in `@svc/sandbox`, structurally) and
 * {@link StacksHttpBroadcaster} (a Stacks node / Hiro API) in `broadcaster.ts`.
 */

/** 'STX' (micro-STX) or a SIP-010 token contract id (`ADDRESS.contract-name`). */
export type StacksTargetAsset = string;

export interface StacksSettlementTarget {
  /** Spendable balance in atomic units. */
  balanceOf(principal: string, asset: StacksTargetAsset): bigint | Promise<bigint>;
  /** The nonce the principal's next transaction must carry (counting pending ones, where the target has a mempool). */
  nextNonce(principal: string): bigint | Promise<bigint>;
  /**
   * Submits a serialized signed transaction (hex) and resolves once it is applied / confirmed with success, with the
   * txid. Rejects when it is refused or fails; the error message says why.
   */
  submit(serializedTxHex: string): Promise<{ txid: string }>;
}
