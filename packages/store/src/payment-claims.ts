import type { Queryable } from './db.js';

/**
 * What makes a payment single-use on its chain, as reconciliation looks it up there: EIP-3009 `from` and `nonce` on
 * the asset contract; a Stacks sender and its account nonce (with the txid, known before the broadcast); a Solana
 * payer and its signature of the transaction (the transaction's id is known once the fee payer has signed it).
 */
export interface PaymentAuthorization {
  readonly scheme: string;
  readonly asset: string;
  readonly authorizer: string;
  readonly nonce: string;
  /** Unix seconds from which the chain refuses the authorization (EIP-3009 `validBefore`); null where none. */
  readonly validBefore?: bigint | null;
  /** What else bounds its life on chain: a Solana transaction's recent blockhash. */
  readonly lifetime?: string | null;
  /** The transaction's id where it is fixed before the broadcast (a Stacks txid). */
  readonly txHash?: string | null;
}

export interface PaymentClaim {
  /** The payment's single-use identity (see `paymentIdOf`): the same authorization always maps to the same id. */
  readonly paymentId: string;
  readonly tool: string;
  readonly network: string;
  readonly payer?: string | null;
  /** Recorded so an interrupted settlement can be reconciled on chain; a claim without it cannot be. */
  readonly authorization?: PaymentAuthorization | null;
}

/**
 * Claim a payment for one request. False when another request already claimed (or settled) it. A claim is marked
 * settling just before it settles (markSettling), then settled together with its call's ledger row
 * (recordSettledCall), or released (releasePaymentClaim) when nothing was settled.
 */
export async function claimPayment(db: Queryable, claim: PaymentClaim): Promise<boolean> {
  const authorization = claim.authorization;
  const { rows } = await db.query(
    `INSERT INTO payment_claims (payment_id, tool, network, payer, state, scheme, asset, authorizer, auth_nonce, valid_before, tx_lifetime, tx_hash)
     VALUES ($1, $2, $3, $4, 'claimed', $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (payment_id) DO NOTHING RETURNING payment_id`,
    [
      claim.paymentId,
      claim.tool,
      claim.network,
      claim.payer ?? null,
      authorization?.scheme ?? null,
      authorization?.asset ?? null,
      authorization?.authorizer ?? null,
      authorization?.nonce ?? null,
      authorization?.validBefore?.toString() ?? null,
      authorization?.lifetime ?? null,
      authorization?.txHash ?? null,
    ],
  );
  return rows.length === 1;
}

/** The call a settling payment pays for: what its ledger row says if the gateway stops before writing it. */
export interface SettlementIntent {
  readonly payer: string;
  /** The payment token's id (or the asset where it has none). */
  readonly token: string;
  /** Atomic units, as a decimal string. */
  readonly amount: string;
  readonly accountId?: string | null;
  /** Micro-USD a credit top-up adds to `accountId` once settled (also when only reconciliation finds it landed). */
  readonly creditAmount?: bigint | null;
}

/**
 * Record the intent to settle a claimed payment, before anything is sent to the facilitator: from here on the claim
 * is reconciled on chain if its call never records the outcome.
 */
export async function markSettling(db: Queryable, paymentId: string, intent: SettlementIntent): Promise<void> {
  await db.query(
    `UPDATE payment_claims SET state = 'settling', payer = $2, token = $3, amount = $4, account_id = $5, credit_amount = $6,
            settling_at = now(), reconcile_after = now()
      WHERE payment_id = $1 AND state = 'claimed'`,
    [
      paymentId,
      intent.payer,
      intent.token,
      intent.amount,
      intent.accountId ?? null,
      intent.creditAmount?.toString() ?? null,
    ],
  );
}

/** A settlement transaction our own facilitator has just broadcast, named by the authorization it carries. */
export interface SettlementBroadcast {
  readonly network: string;
  /** Null where the authorizer's signature alone names the authorization (a Solana payer's). */
  readonly asset: string | null;
  readonly authorizer: string;
  readonly nonce: string;
  readonly txHash: string;
}

/** Attach a just-broadcast transaction to its settling claim, before its receipt is awaited. */
export async function recordSettlementBroadcast(db: Queryable, broadcast: SettlementBroadcast): Promise<void> {
  await db.query(
    `UPDATE payment_claims SET tx_hash = $5
      WHERE network = $1 AND ($2::text IS NULL OR asset = $2) AND authorizer = $3 AND auth_nonce = $4 AND state = 'settling'`,
    [broadcast.network, broadcast.asset, broadcast.authorizer, broadcast.nonce, broadcast.txHash],
  );
}

/** Give an unsettled payment back (the call failed before settlement), so the same signed payment can be retried. */
export async function releasePaymentClaim(db: Queryable, paymentId: string): Promise<void> {
  await db.query(`DELETE FROM payment_claims WHERE payment_id = $1 AND state = 'claimed'`, [paymentId]);
}

export type PaymentClaimState = 'claimed' | 'settling' | 'settled';

export async function findPaymentClaim(
  db: Queryable,
  paymentId: string,
): Promise<{ state: PaymentClaimState; txHash: string | null } | undefined> {
  const { rows } = await db.query<{ state: PaymentClaimState; tx_hash: string | null }>(
    'SELECT state, tx_hash FROM payment_claims WHERE payment_id = $1',
    [paymentId],
  );
  const row = rows[0];
  return row ? { state: row.state, txHash: row.tx_hash } : undefined;
}
