import { getBase58Decoder, getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import type { PaymentAuthorization } from '@svc/store';
import type { PaymentPayload } from '@x402/core/types';
import { stacksTransactionOf } from '../schemes/stacks/facilitator.js';
import { decodeStacksTransaction } from '../schemes/stacks/transaction.js';

const HEX_40 = /^0x[0-9a-fA-F]{40}$/;
const HEX_64 = /^0x[0-9a-fA-F]{64}$/;
const UINT = /^\d{1,78}$/;

/**
 * The authorization a payment payload carries, as its chain makes it single-use: what reconciliation looks up there
 * after an interrupted settlement. Undefined for a payload that carries none it can read (verification refuses it).
 * EVM addresses and nonces are lowercased, so every spelling of one authorization names the same row.
 */
export function authorizationOf(payload: PaymentPayload): PaymentAuthorization | undefined {
  const { network, scheme, asset } = payload.accepted;
  try {
    if (network.startsWith('eip155:')) return eip3009AuthorizationOf(payload, scheme, asset);
    if (network.startsWith('stacks:')) return stacksAuthorizationOf(payload, scheme, asset);
    if (network.startsWith('solana:')) return solanaAuthorizationOf(payload, scheme, asset);
  } catch {
    // A malformed transaction: verification refuses the payment, and an unreadable one needs no reconciliation.
  }
  return undefined;
}

function eip3009AuthorizationOf(payload: PaymentPayload, scheme: string, asset: string): PaymentAuthorization | undefined {
  const authorization = payload.payload['authorization'] as Record<string, unknown> | undefined;
  const { from, nonce, validBefore } = authorization ?? {};
  if (typeof from !== 'string' || !HEX_40.test(from) || typeof nonce !== 'string' || !HEX_64.test(nonce)) return undefined;
  if (!HEX_40.test(asset)) return undefined;
  const expiry = typeof validBefore === 'string' || typeof validBefore === 'number' ? String(validBefore) : '';
  return {
    scheme,
    asset: asset.toLowerCase(),
    authorizer: from.toLowerCase(),
    nonce: nonce.toLowerCase(),
    validBefore: UINT.test(expiry) ? BigInt(expiry) : null,
  };
}

function stacksAuthorizationOf(payload: PaymentPayload, scheme: string, asset: string): PaymentAuthorization | undefined {
  const hex = stacksTransactionOf(payload);
  if (!hex) return undefined;
  const tx = decodeStacksTransaction(hex);
  // The payer signs the whole transaction (fee and nonce included), so its txid is fixed before the broadcast.
  return { scheme, asset, authorizer: tx.sender, nonce: tx.nonce.toString(), txHash: tx.txid };
}

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58 = getBase58Decoder();

/** A Solana x402 payment transaction as its signatures name it. */
export interface SolanaPaymentTransaction {
  /** The payer and its signature: what makes the payment single-use. */
  readonly payer: string;
  readonly payerSignature: string;
  /** The transaction's id (its fee payer's signature), once the facilitator has signed it. */
  readonly signature: string | null;
  /** Its recent blockhash: a cluster lands it only while that blockhash is valid. */
  readonly recentBlockhash: string;
}

/** Reads a wire (base64) Solana payment transaction; undefined when the payer has not signed it. */
export function solanaPaymentTransactionOf(wire: string): SolanaPaymentTransaction | undefined {
  const transaction = transactionDecoder.decode(getBase64Encoder().encode(wire));
  // The fee payer (the facilitator, which signs last) is the first signer; the payer is another one.
  const [[, feePayerSignature] = [], ...others] = Object.entries(transaction.signatures);
  const signed = others.find(([, signature]) => signature !== null);
  if (!signed) return undefined;
  const [payer, payerSignature] = signed;
  return {
    payer,
    payerSignature: base58.decode(payerSignature!),
    signature: feePayerSignature ? base58.decode(feePayerSignature) : null,
    recentBlockhash: messageDecoder.decode(transaction.messageBytes).lifetimeToken,
  };
}

function solanaAuthorizationOf(payload: PaymentPayload, scheme: string, asset: string): PaymentAuthorization | undefined {
  const wire = payload.payload['transaction'];
  if (typeof wire !== 'string') return undefined;
  const transaction = solanaPaymentTransactionOf(wire);
  if (!transaction) return undefined;
  return { scheme, asset, authorizer: transaction.payer, nonce: transaction.payerSignature, lifetime: transaction.recentBlockhash };
}
