import type { Blockhash, Rpc, Signature, SolanaRpcApi } from '@solana/kit';

type LandedSolanaTransaction = NonNullable<
  Awaited<ReturnType<ReturnType<Rpc<SolanaRpcApi>['getTransaction']>['send']>>
>;

/**
 * Where a sent (or only signed) Solana transaction stands, looked at once: `landed` at 'confirmed' (successful or
 * failed: see `meta.err`); `pending` while it may still land (the node has not seen it and its recent blockhash is
 * valid, or it was processed and is not confirmed yet); `never` once its blockhash expired and the node never
 * processed it. Without a recorded blockhash (or on a chain that lands on send, see SolanaChain.landsOnSend) only
 * what the node has processed counts.
 */
export type SolanaLanding = { readonly landed: LandedSolanaTransaction } | 'pending' | 'never';

export async function solanaLandingOf(
  rpc: Rpc<SolanaRpcApi>,
  signature: Signature,
  recentBlockhash: string | null,
): Promise<SolanaLanding> {
  // Validity first: a blockhash seen expired before the lookups means nothing more can be processed after them.
  const mayStillLand =
    recentBlockhash !== null &&
    (await rpc.isBlockhashValid(recentBlockhash as Blockhash, { commitment: 'processed' }).send()).value;
  const landed = await rpc
    .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
    .send();
  if (landed?.meta) return { landed };
  if (mayStillLand) return 'pending';
  const [processed] = (await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send()).value;
  return processed ? 'pending' : 'never';
}

/** How often `landedTransaction` looks again while the transaction may still land. */
const PENDING_POLL_MS = 2_000;

/**
 * The signature's transaction at 'confirmed' once it has landed, or undefined once it never can (see solanaLandingOf).
 * A transaction that may still land is waited for, so a caller that retries on undefined never sends a second
 * transaction while the first can still land.
 */
export async function landedTransaction(
  rpc: Rpc<SolanaRpcApi>,
  signature: Signature,
  recentBlockhash: string | null,
  pollMs = PENDING_POLL_MS,
) {
  for (;;) {
    const landing = await solanaLandingOf(rpc, signature, recentBlockhash);
    if (landing === 'never') return undefined;
    if (landing !== 'pending') return landing.landed;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
