import { getBase64Encoder, getTransactionDecoder } from '@solana/kit';
import type { PaymentPayload } from '@x402/core/types';
import { createHash } from 'node:crypto';
import { invalidPayload } from './payment-rejected.js';
import { decodeStacksTransaction, StacksTransactionDecodeError } from './schemes/stacks/transaction.js';
import { stacksTransactionOf } from './schemes/stacks/facilitator.js';

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
    raw: (name: string) => value[name],
  };
}

function evmIdentity(network: string, asset: unknown, payload: Json): PaymentIdentity {
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
    return { kind: 'permit2', network, payer: permit.address('from'), nonce: permit.uint256('nonce') };
  }
  const authorization = fields.object('authorization');
  authorization.address('to');
  for (const amount of ['value', 'validAfter', 'validBefore']) authorization.uint256(amount);
  if (typeof asset !== 'string' || !EVM_ADDRESS.test(asset)) {
    throw invalidPayload('accepted.asset must be a 0x-prefixed EVM address');
  }
  const from = authorization.address('from');
  return { kind: 'eip3009', network, asset: asset.toLowerCase(), payer: from, nonce: authorization.bytes32('nonce') };
}

function svmIdentity(network: string, payload: Json): PaymentIdentity {
  const transaction = payload['transaction'];
  if (typeof transaction !== 'string' || transaction.length === 0 || transaction.length > MAX_SVM_TRANSACTION_BASE64) {
    const rule = `a base64 Solana transaction of at most ${MAX_SVM_TRANSACTION_BASE64} characters`;
    throw invalidPayload(`payload.transaction must be ${rule}`);
  }
  let messageBytes: Uint8Array;
  try {
    messageBytes = Uint8Array.from(getTransactionDecoder().decode(getBase64Encoder().encode(transaction)).messageBytes);
  } catch {
    throw invalidPayload('payload.transaction is not a base64-encoded Solana transaction');
  }
  return { kind: 'svm', network, messageHash: createHash('sha256').update(messageBytes).digest('hex') };
}

function stacksIdentity(network: string, payload: PaymentPayload): PaymentIdentity {
  const hex = stacksTransactionOf(payload);
  if (!hex) throw invalidPayload('payload.transaction must be a hex-encoded signed Stacks transaction');
  let sender: string;
  let nonce: bigint;
  try {
    const transaction = decodeStacksTransaction(hex);
    // Stacks nonces are predictable: only a sender proven by its signature may take a claim on its nonce.
    if (!transaction.signature.valid) {
      throw invalidPayload(`payload.transaction's signature does not verify (${transaction.signature.reason})`);
    }
    ({ sender, nonce } = transaction);
  } catch (error) {
    if (error instanceof StacksTransactionDecodeError) throw invalidPayload(`payload.transaction: ${error.message}`);
    throw error;
  }
  return { kind: 'stacks', network, payer: sender, nonce: nonce.toString() };
}

/**
 * The single-use identity of a payment (see PaymentIdentity), after checking that the payload has the shape its
 * scheme signs. Throws PaymentRejected `invalid_payload` naming the first field that does not.
 */
export function paymentIdentityOf(payload: PaymentPayload): PaymentIdentity {
  const accepted = payload.accepted as unknown;
  if (!isObject(accepted) || accepted['scheme'] !== 'exact' || typeof accepted['network'] !== 'string') {
    throw invalidPayload('accepted must name the scheme "exact" and a network');
  }
  const network = accepted['network'];
  const scheme = payload.payload as unknown;
  if (!isObject(scheme)) throw invalidPayload('payload must be an object');
  if (network.startsWith('eip155:')) return evmIdentity(network, accepted['asset'], scheme);
  if (network.startsWith('solana:')) return svmIdentity(network, scheme);
  if (network.startsWith('stacks:')) return stacksIdentity(network, payload);
  const named = JSON.stringify(network.slice(0, 64));
  throw invalidPayload(`accepted.network ${named} is not an EVM, Solana or Stacks network`);
}

/**
 * The key a payment is claimed under (payment_claims, idempotency_keys): its identity's fields in a fixed order,
 * so every JSON spelling of one authorization is one claim.
 */
export function paymentIdOf(payload: PaymentPayload): string {
  return Object.values(paymentIdentityOf(payload)).join('/');
}
