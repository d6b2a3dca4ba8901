import type { Queryable } from './db.js';

export interface PaymentClaim {
  /** sha256 of the signed payment payload: the same PAYMENT-SIGNATURE always maps to the same id. */
  readonly paymentId: string;
  readonly tool: string;
  readonly network: string;
  readonly payer?: string | null;
}

/**
 * Claim a payment for one request. False when another request already claimed (or settled) it. A claim is marked
 * settled together with its call's ledger row (recordSettledCall) or released (releasePaymentClaim).
 */
export async function claimPayment(db: Queryable, claim: PaymentClaim): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO payment_claims (payment_id, tool, network, payer, state) VALUES ($1, $2, $3, $4, 'claimed')
     ON CONFLICT (payment_id) DO NOTHING RETURNING payment_id`,
    [claim.paymentId, claim.tool, claim.network, claim.payer ?? null],
  );
  return rows.length === 1;
}

/** Give an unsettled payment back (the call failed before settlement), so the same signed payment can be retried. */
export async function releasePaymentClaim(db: Queryable, paymentId: string): Promise<void> {
  await db.query(`DELETE FROM payment_claims WHERE payment_id = $1 AND state = 'claimed'`, [paymentId]);
}

export async function findPaymentClaim(db: Queryable, paymentId: string): Promise<{ state: 'claimed' | 'settled'; txHash: string | null } | undefined> {
  const { rows } = await db.query<{ state: 'claimed' | 'settled'; tx_hash: string | null }>('SELECT state, tx_hash FROM payment_claims WHERE payment_id = $1', [paymentId]);
  const row = rows[0];
  return row ? { state: row.state, txHash: row.tx_hash } : undefined;
}
