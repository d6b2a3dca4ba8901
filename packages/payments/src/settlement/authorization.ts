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

function solanaAuthorizationOf(payload: PaymentPayload, scheme: string, asset: string): PaymentAuthorization | undefined {
  const wire = payload.payload['transaction'];
  if (typeof wire !== 'string') return undefined;
  const transaction = transactionDecoder.decode(getBase64Encoder().encode(wire));
  // The fee payer (the facilitator) signs last; the payer's signature is the one already present.
  const signed = Object.entries(transaction.signatures).find(([, signature]) => signature !== null);
  if (!signed) return undefined;
  const [payer, signature] = signed;
  const lifetime = messageDecoder.decode(transaction.messageBytes).lifetimeToken;
  return { scheme, asset, authorizer: payer, nonce: getBase58Decoder().decode(signature!), lifetime };
}
