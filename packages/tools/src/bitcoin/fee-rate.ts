import type { EsploraClient } from '@svc/providers';

/** Used when the indexer has no estimate at all (an empty mempool): Bitcoin Core's 1 sat/vB of old. */
const FALLBACK_FEE_RATE = 1;

/** The caller's fee rate, or the indexer's estimate for confirmation in the next block (Esplora target "1"). */
export async function feeRateFor(requested: number | undefined, esplora: EsploraClient): Promise<number> {
  if (requested !== undefined) return requested;
  const estimates = await esplora.feeEstimates();
  const nextBlock = estimates['1'];
  return typeof nextBlock === 'number' && nextBlock > 0 ? nextBlock : FALLBACK_FEE_RATE;
}
