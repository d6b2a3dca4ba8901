import { ServiceError } from '@svc/contracts';
import { accountForWallet, consumeNonce, nonceUsed, type Queryable } from '@svc/store';
import { type SiwxNonces } from './nonces.js';
import {
  type EVMMessageVerifier,
  parseSIWxHeader,
  type SIWxErrorCode,
  type SIWxPayload,
  type SupportedChain,
  validateSIWxMessage,
  verifySIWxSignature,
} from '@x402/extensions/sign-in-with-x';
import { getAddress } from 'viem';
import { SIWX_SUPPORTED_CHAINS } from './chains.js';

/** Why a sign-in proof was refused: `extra.reason` of the 401 `identity_invalid` problem. */
export type SiwxRejectReason =
  | 'malformed'
  | 'unsupported_chain'
  | 'domain_mismatch'
  | 'uri_mismatch'
  | 'issued_at_too_old'
  | 'issued_at_in_future'
  | 'expired'
  | 'not_yet_valid'
  | 'unknown_nonce'
  | 'replayed'
  | 'bad_signature'
  | 'verifier_error';

const HINT =
  'Call again without it to get a fresh challenge in the 402 (PAYMENT-REQUIRED extensions["sign-in-with-x"]).';

const MESSAGES: Record<SiwxRejectReason, string> = {
  malformed: 'the SIGN-IN-WITH-X value is not base64 JSON of a CAIP-122 sign-in payload',
  unsupported_chain: 'the proof is for a chain this service does not accept for sign-in',
  domain_mismatch: "the signed domain is not this service's host",
  uri_mismatch: 'the signed URI is not a resource of this service',
  issued_at_too_old: 'the signed challenge is too old',
  issued_at_in_future: 'issuedAt is in the future',
  expired: 'the signed challenge has expired',
  not_yet_valid: 'the signed challenge is not valid yet (notBefore)',
  unknown_nonce: 'the nonce was not issued by this service',
  replayed: 'the nonce was already used: every proof is single use',
  bad_signature: 'the signature does not match the signed message and address',
  verifier_error: 'the smart-wallet signature could not be checked (RPC verifier failed)',
};

/** The 401 for a refused proof; `extra.reason` is stable, `extra.siwxError` the spec's code when there is one. */
export function siwxRejected(
  reason: SiwxRejectReason,
  detail?: string,
  siwxError?: SIWxErrorCode,
  cause?: unknown,
): ServiceError {
  const message = `Sign-in proof rejected (${reason}): ${MESSAGES[reason]}${detail ? ` (${detail})` : ''}. ${HINT}`;
  return new ServiceError('identity_invalid', message, {
    extra: { reason, ...(siwxError ? { siwxError } : {}) },
    cause,
  });
}

const SDK_REASONS: Record<SIWxErrorCode, SiwxRejectReason> = {
  invalid_siwx_domain_mismatch: 'domain_mismatch',
  invalid_siwx_uri_mismatch: 'uri_mismatch',
  invalid_siwx_issued_at: 'malformed',
  invalid_siwx_issued_at_too_old: 'issued_at_too_old',
  invalid_siwx_issued_at_in_future: 'issued_at_in_future',
  invalid_siwx_expiration_time: 'malformed',
  invalid_siwx_expired: 'expired',
  invalid_siwx_not_before: 'malformed',
  invalid_siwx_not_yet_valid: 'not_yet_valid',
  invalid_siwx_nonce: 'unknown_nonce',
  invalid_siwx_signature: 'bad_signature',
  invalid_siwx_chain_id: 'unsupported_chain',
  invalid_siwx_unsupported_chain: 'unsupported_chain',
  invalid_siwx_malformed_signature: 'bad_signature',
  invalid_siwx_verifier_error: 'verifier_error',
};

const NONCE_REASONS = { unknown: 'unknown_nonce', used: 'replayed', expired: 'expired' } as const satisfies Record<
  string,
  SiwxRejectReason
>;

export interface VerifySiwxOptions {
  /** The nonces this service issues: a proof's nonce must carry their tag. */
  readonly nonces: SiwxNonces;
  /** The public base URL (or origin) clients call: `domain` must be its host[:port] and `uri` on its origin. */
  readonly origin: string;
  /** The resource being called: when given, the signed `uri` must name it (same origin and path). */
  readonly resourceUrl?: string;
  /** Maximum age of `issuedAt`. Default 300 s (the spec's). */
  readonly maxAgeSeconds?: number;
  /** Tolerated clock difference between the instance that issued the challenge and this one. Default 5 s. */
  readonly clockSkewSeconds?: number;
  /**
   * EVM verifier for smart-contract wallets (EIP-1271, EIP-6492): viem `publicClient.verifyMessage` when an RPC is
   * configured. Without it only EOA (EIP-191 ecrecover) signatures verify.
   */
  readonly evmVerifier?: EVMMessageVerifier;
  /** Default: Base (eip191) and Solana mainnet (ed25519). */
  readonly chains?: readonly SupportedChain[];
}

export interface SiwxIdentity {
  /** EIP-55 checksummed for EVM, base58 as signed for Solana. */
  readonly address: string;
  /** CAIP-2, e.g. eip155:8453. */
  readonly chainId: string;
  readonly accountId: string;
  /** True on the wallet's first valid sign-in (the account was created by this call). */
  readonly createdAccount: boolean;
  /** The consumed nonce (useful for logs / correlation). */
  readonly nonce: string;
}

function parse(headerValue: string): SIWxPayload {
  try {
    return parseSIWxHeader(headerValue.trim());
  } catch (cause) {
    throw siwxRejected('malformed', cause instanceof Error ? cause.message : undefined, undefined, cause);
  }
}

async function validateMessage(payload: SIWxPayload, origin: URL, options: VerifySiwxOptions): Promise<void> {
  if (payload.version !== '1') throw siwxRejected('malformed', `version must be "1", got "${payload.version}"`);
  const maxAge = (options.maxAgeSeconds ?? 300) * 1000;
  let result = await validateSIWxMessage(payload, origin, { maxAge });
  if (!result.isValid && result.invalidReason === 'invalid_siwx_issued_at_in_future') {
    // Issued by another instance whose clock runs slightly ahead: within the tolerance, check the rest as if issued now.
    const ahead = new Date(payload.issuedAt).getTime() - Date.now();
    if (ahead <= (options.clockSkewSeconds ?? 5) * 1000)
      result = await validateSIWxMessage({ ...payload, issuedAt: new Date().toISOString() }, origin, { maxAge });
  }
  if (!result.isValid)
    throw siwxRejected(SDK_REASONS[result.invalidReason], result.invalidMessage, result.invalidReason);
  if (options.resourceUrl !== undefined) {
    const signed = new URL(payload.uri);
    const called = new URL(options.resourceUrl, origin);
    if (signed.pathname !== called.pathname) {
      throw siwxRejected(
        'uri_mismatch',
        `signed for ${signed.pathname}, called ${called.pathname}`,
        'invalid_siwx_uri_mismatch',
      );
    }
  }
}

async function verifySignature(payload: SIWxPayload, evmVerifier: EVMMessageVerifier | undefined): Promise<void> {
  let result: Awaited<ReturnType<typeof verifySIWxSignature>>;
  try {
    result = await verifySIWxSignature(payload, evmVerifier ? { evmVerifier } : undefined);
  } catch (cause) {
    // The SIWE formatter throws on an address it cannot render (not a valid EIP-55 address) before any crypto.
    throw siwxRejected(
      'bad_signature',
      cause instanceof Error ? cause.message : undefined,
      'invalid_siwx_signature',
      cause,
    );
  }
  if (!result.isValid)
    throw siwxRejected(SDK_REASONS[result.invalidReason], result.invalidMessage, result.invalidReason);
}

/**
 * Verify a sign-in proof (the SIGN-IN-WITH-X value) and resolve its wallet's account, creating it on the first
 * sign-in. Checks, in order: shape; chain is one we offer (and its signature type); domain, uri origin (and path
 * when `resourceUrl` is given), issuedAt age, expirationTime, notBefore (SDK `validateSIWxMessage`); the nonce was
 * issued by us and is unused; the signature (SDK `verifySIWxSignature`: EIP-191 recovery, or `evmVerifier` for
 * EIP-1271/6492; Ed25519 for Solana); then the nonce is consumed atomically, so a replay (even a concurrent one)
 * fails. Throws ServiceError('identity_invalid') — HTTP 401 — with `extra.reason` on any failure.
 */
export async function verifySiwxProof(
  db: Queryable,
  headerValue: string,
  options: VerifySiwxOptions,
): Promise<SiwxIdentity> {
  const payload = parse(headerValue);

  const chains = options.chains ?? SIWX_SUPPORTED_CHAINS;
  const chain = chains.find((candidate) => candidate.chainId === payload.chainId);
  if (!chain)
    throw siwxRejected(
      'unsupported_chain',
      `${payload.chainId}; accepted: ${chains.map((c) => c.chainId).join(', ')}`,
      'invalid_siwx_unsupported_chain',
    );
  if (chain.type !== payload.type)
    throw siwxRejected(
      'unsupported_chain',
      `${payload.chainId} signs with ${chain.type}, not ${payload.type}`,
      'invalid_siwx_unsupported_chain',
    );

  await validateMessage(payload, new URL(new URL(options.origin).origin), options);

  const issued = options.nonces.check(payload.nonce);
  if (issued.state !== 'ok') throw siwxRejected(NONCE_REASONS[issued.state], undefined, 'invalid_siwx_nonce');
  // Cheap read first, so a replay never costs a signature check (or an RPC call with an EIP-1271 verifier).
  if (await nonceUsed(db, payload.nonce)) throw siwxRejected('replayed', undefined, 'invalid_siwx_nonce');

  await verifySignature(payload, options.evmVerifier);

  if ((await consumeNonce(db, payload.nonce, issued.expiresAt)) !== 'ok')
    throw siwxRejected('replayed', undefined, 'invalid_siwx_nonce');

  const address = payload.chainId.startsWith('eip155:') ? getAddress(payload.address) : payload.address;
  const { accountId, created } = await accountForWallet(db, payload.chainId, address);
  return { address, chainId: payload.chainId, accountId, createdAccount: created, nonce: payload.nonce };
}
