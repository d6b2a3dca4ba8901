import type { Transaction as SolanaTransaction } from '@solana/kit';
import type { PaymentAuthorization } from '@svc/store';
import type { PaymentPayload } from '@x402/core/types';
import { BATCH_SETTLEMENT_SCHEME } from '@x402/evm';
import { createHash } from 'node:crypto';
import { invalidPayload } from './payment-rejected.js';
import { stacksTransactionOf } from './schemes/stacks/facilitator.js';
import {
  decodeStacksTransaction,
  type StacksDecodedTransaction,
  StacksTransactionDecodeError,
} from './schemes/stacks/transaction.js';
import { decodeSolanaTransaction, solanaPaymentTransactionOf } from './schemes/svm/transaction.js';

/**
 * What makes a signed payment single-use on its chain, read from what was signed (never from its JSON spelling):
 * - `eip3009`: an EIP-3009 authorization is used once per token contract, payer and nonce (`authorizationState`);
 * - `permit2`: a Permit2 signature transfer is used once per payer and nonce on the chain, whatever the token;
 * - `svm`: a Solana transaction lands once, and its message (what the payer signed) is its identity;
 * - `stacks`: a Stacks account's nonce is used once, so the signed sender and its nonce are the identity.
 * Addresses and hex are lowercased (EVM), numbers are canonical decimals.
 */
export type PaymentIdentity =
  | Readonly<{ kind: 'eip3009'; network: string; asset: string; payer: string; nonce: string }>
  | Readonly<{ kind: 'permit2'; network: string; payer: string; nonce: string }>
  | Readonly<{ kind: 'svm'; network: string; messageHash: string }>
  | Readonly<{ kind: 'stacks'; network: string; payer: string; nonce: string }>;

/** A payment payload read once: the key it is claimed under, and what its claim records for reconciliation. */
export interface SignedPayment {
  /**
   * The key it is claimed under (payment_claims, idempotency_keys): its identity's fields in a fixed order, so every
   * JSON spelling of one authorization is one claim.
   */
  readonly id: string;
  readonly identity: PaymentIdentity;
  /**
   * The authorization as reconciliation looks it up on chain after an interrupted settlement; undefined where it
   * cannot (a Permit2 transfer, a Solana transaction its payer has not signed).
   */
  readonly authorization: PaymentAuthorization | undefined;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})+$/;
const UINT256_DECIMAL = /^(?:0|[1-9]\d{0,77})$/;
const MAX_UINT256 = (1n << 256n) - 1n;
/** A Solana transaction is at most 1232 bytes; its base64 at most 1644 characters. */
const MAX_SVM_TRANSACTION_BASE64 = 1644;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Field readers that refuse, naming the field, anything but the one shape the scheme signs. */
function fieldsOf(value: unknown, path: string) {
  if (!isObject(value)) throw invalidPayload(`${path} must be an object`);
  const read = (name: string, pattern: RegExp, rule: string): string => {
    const field = value[name];
    if (typeof field !== 'string' || !pattern.test(field)) throw invalidPayload(`${path}.${name} must be ${rule}`);
    return field;
  };
  return {
    object: (name: string) => fieldsOf(value[name], `${path}.${name}`),
    address: (name: string) => read(name, EVM_ADDRESS, 'a 0x-prefixed EVM address').toLowerCase(),
    bytes32: (name: string) => read(name, BYTES32, '0x-prefixed 32-byte hex').toLowerCase(),
    hex: (name: string) => read(name, HEX_BYTES, '0x-prefixed hex bytes'),
    uint256: (name: string) => {
      const digits = read(name, UINT256_DECIMAL, 'a decimal integer string');
      if (BigInt(digits) > MAX_UINT256) throw invalidPayload(`${path}.${name} must be at most 2^256 - 1`);
      return digits;
    },
  };
}

/** What a scheme's reader finds in a payload: all of SignedPayment but the key derived from the identity. */
type SchemePayment = Omit<SignedPayment, 'id'>;

/** The accepted requirements' fields the authorization is recorded under. */
type Accepted = Readonly<{ network: string; scheme: string; asset: unknown }>;

function evmPayment({ network, scheme, asset }: Accepted, payload: Json): SchemePayment {
  const fields = fieldsOf(payload, 'payload');
  fields.hex('signature');
  // The exact EVM facilitator takes any payload with `permit2Authorization` as Permit2, so the identity does too.
  if ('permit2Authorization' in payload) {
    const permit = fields.object('permit2Authorization');
    const permitted = permit.object('permitted');
    permitted.address('token');
    permitted.uint256('amount');
    permit.address('spender');
    permit.uint256('deadline');
    const witness = permit.object('witness');
    witness.address('to');
    witness.uint256('validAfter');
    const payer = permit.address('from');
    // Reconciliation reads EIP-3009 authorization state only.
    return { identity: { kind: 'permit2', network, payer, nonce: permit.uint256('nonce') }, authorization: undefined };
  }
  const authorization = fields.object('authorization');
  authorization.address('to');
  authorization.uint256('value');
  authorization.uint256('validAfter');
  const validBefore = authorization.uint256('validBefore');
  if (typeof asset !== 'string' || !EVM_ADDRESS.test(asset)) {
    throw invalidPayload('accepted.asset must be a 0x-prefixed EVM address');
  }
  const token = asset.toLowerCase();
  const payer = authorization.address('from');
  const nonce = authorization.bytes32('nonce');
  return {
    identity: { kind: 'eip3009', network, asset: token, payer, nonce },
    authorization: { scheme, asset: token, authorizer: payer, nonce, validBefore: BigInt(validBefore) },
  };
}

function svmPayment({ network, scheme, asset }: Accepted, payload: Json): SchemePayment {
  const wire = payload['transaction'];
  if (typeof wire !== 'string' || wire.length === 0 || wire.length > MAX_SVM_TRANSACTION_BASE64) {
    const rule = `a base64 Solana transaction of at most ${MAX_SVM_TRANSACTION_BASE64} characters`;
    throw invalidPayload(`payload.transaction must be ${rule}`);
  }
  let transaction: SolanaTransaction;
  try {
    transaction = decodeSolanaTransaction(wire);
  } catch {
    throw invalidPayload('payload.transaction is not a base64-encoded Solana transaction');
  }
  const messageHash = createHash('sha256').update(Uint8Array.from(transaction.messageBytes)).digest('hex');
  const signed = solanaPaymentTransactionOf(transaction);
  return {
    identity: { kind: 'svm', network, messageHash },
    authorization: signed && {
      scheme,
      asset: String(asset),
      authorizer: signed.payer,
      nonce: signed.payerSignature,
      lifetime: signed.recentBlockhash,
    },
  };
}

function stacksPayment({ network, scheme, asset }: Accepted, payload: PaymentPayload): SchemePayment {
  const hex = stacksTransactionOf(payload);
  if (!hex) throw invalidPayload('payload.transaction must be a hex-encoded signed Stacks transaction');
  let transaction: StacksDecodedTransaction;
  try {
    transaction = decodeStacksTransaction(hex);
  } catch (error) {
    if (error instanceof StacksTransactionDecodeError) throw invalidPayload(`payload.transaction: ${error.message}`);
    throw error;
  }
  // Stacks nonces are predictable: only a sender proven by its signature may take a claim on its nonce.
  if (!transaction.signature.valid) {
    throw invalidPayload(`payload.transaction's signature does not verify (${transaction.signature.reason})`);
  }
  const { sender, nonce, txid } = transaction;
  return {
    identity: { kind: 'stacks', network, payer: sender, nonce: nonce.toString() },
    // The payer signs the whole transaction (fee and nonce included), so its txid is fixed before the broadcast.
    authorization: { scheme, asset: String(asset), authorizer: sender, nonce: nonce.toString(), txHash: txid },
  };
}

function schemePaymentOf(payload: PaymentPayload): SchemePayment {
  const accepted = payload.accepted as unknown;
  if (!isObject(accepted) || accepted['scheme'] !== 'exact' || typeof accepted['network'] !== 'string') {
    throw invalidPayload('accepted must name the scheme "exact" and a network');
  }
  const network = accepted['network'];
  const recordedAs = { network, scheme: accepted['scheme'], asset: accepted['asset'] };
  const scheme = payload.payload as unknown;
  if (!isObject(scheme)) throw invalidPayload('payload must be an object');
  if (network.startsWith('eip155:')) return evmPayment(recordedAs, scheme);
  if (network.startsWith('solana:')) return svmPayment(recordedAs, scheme);
  if (network.startsWith('stacks:')) return stacksPayment(recordedAs, payload);
  const named = JSON.stringify(network.slice(0, 64));
  throw invalidPayload(`accepted.network ${named} is not an EVM, Solana or Stacks network`);
}

/**
 * Reads a payment payload once: its single-use identity (see PaymentIdentity), the key it is claimed under, and the
 * authorization its claim records, after checking that it has the shape its scheme signs. Throws PaymentRejected
 * `invalid_payload` naming the first field that does not.
 */
export function signedPaymentOf(payload: PaymentPayload): SignedPayment {
  const { identity, authorization } = schemePaymentOf(payload);
  return { id: Object.values(identity).join('/'), identity, authorization };
}

/**
 * The key a payment is claimed under (see SignedPayment.id). A `batch-settlement` voucher's is its channel and
 * cumulative ceiling (`batch-settlement:<channel>:<max>`, what ChannelPayments charges it as): a voucher pays for one
 * call, so the same voucher again is the same payment.
 */
export function paymentIdOf(payload: PaymentPayload): string {
  const accepted = payload.accepted as unknown;
  if (isObject(accepted) && accepted['scheme'] === BATCH_SETTLEMENT_SCHEME) {
    const voucher = fieldsOf(payload.payload, 'payload').object('voucher');
    return voucherPaymentId(voucher.bytes32('channelId'), voucher.uint256('maxClaimableAmount'));
  }
  return signedPaymentOf(payload).id;
}

/** The payment id of a channel's voucher with cumulative ceiling `maxClaimableAmount`. */
export const voucherPaymentId = (channelId: string, maxClaimableAmount: string): string =>
  `${BATCH_SETTLEMENT_SCHEME}:${channelId.toLowerCase()}:${maxClaimableAmount}`;
