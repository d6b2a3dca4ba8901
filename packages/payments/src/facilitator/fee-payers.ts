import type { FacilitatorClient } from '@x402/core/server';
import { NETWORKS } from '../tokens.js';

/**
 * The fee payers a facilitator announces in `/supported` (`kinds[].extra.feePayer`). The exact SVM scheme needs the
 * Solana one in every SOL_USDC requirement: the client builds the transaction with it as fee payer and the
 * facilitator co-signs as that account. Live mode reads it from FACILITATOR_URL at start-up.
 */
export async function feePayersOf(facilitator: FacilitatorClient): Promise<{ solana?: string }> {
  const { kinds } = await facilitator.getSupported();
  const solana = kinds.find((kind) => kind.scheme === 'exact' && kind.network === NETWORKS.solana)?.extra?.['feePayer'];
  return typeof solana === 'string' ? { solana } : {};
}
