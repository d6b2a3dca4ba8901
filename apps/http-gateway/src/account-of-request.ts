import { ServiceError } from '@svc/contracts';
import {
  encodePaymentRequired,
  type EVMMessageVerifier,
  issueSiwxChallenge,
  type PaymentRequirementsBuilder,
  type SiwxNonces,
  siwxExtensions,
  siwxHeaderFrom,
  verifySiwxProof,
} from '@svc/payments';
import type { Queryable } from '@svc/store';
import type { PaymentRequired } from '@x402/core/types';
import type { FastifyRequest } from 'fastify';

/** The account a request is signed in as; throws the ServiceError to answer (401, or 402 with a SIWX challenge) otherwise. */
export type AccountOfRequest = (request: FastifyRequest) => Promise<string>;

/**
 * A request to an identity-gated account route came without a sign-in proof: answered 402 with a PAYMENT-REQUIRED
 * that carries a fresh challenge in `extensions["sign-in-with-x"]`, because the official client (`wrapFetchWithSIWx`)
 * signs in on a 402 only, exactly as for identity-gated tools. That client signs for the network of `accepts[0]`, so
 * `accepts` names the sign-in networks (Base first, then Solana) at amount "0": nothing is to be paid.
 */
export class SignInRequired extends ServiceError {
  readonly header: string;
  constructor(readonly paymentRequired: PaymentRequired) {
    super(
      'sign_in_required',
      'Sign in: sign the challenge in extensions["sign-in-with-x"] and send it in SIGN-IN-WITH-X.',
    );
    this.header = encodePaymentRequired(paymentRequired).header;
  }
}

export interface SiwxAccountOptions {
  readonly db: Queryable;
  /** The origin clients call: proofs must name its host and a URL on it. */
  readonly publicBaseUrl: string;
  readonly evmVerifier?: EVMMessageVerifier | undefined;
  readonly nonces: SiwxNonces;
  /** Builds the zero-amount `accepts` that tell the sign-in client which network to sign for. */
  readonly payments: Pick<PaymentRequirementsBuilder, 'accepts'>;
}

/**
 * Identity for account routes (access keys, credit by wallet, webhooks…): the SIGN-IN-WITH-X proof (or
 * `Authorization: SIWX …`) of the route's own URL, verified and its nonce consumed, as invoke does for tools. A
 * wallet's first sign-in creates its account. An invalid proof is 401 `identity_invalid` naming the reason.
 */
export function siwxAccountOf(options: SiwxAccountOptions): AccountOfRequest {
  const { db, publicBaseUrl, evmVerifier, nonces, payments } = options;
  return async (request) => {
    const resourceUrl = `${publicBaseUrl}${request.url.split('?')[0]}`;
    const proof = siwxHeaderFrom(request.headers);
    if (!proof) {
      const challenge = issueSiwxChallenge({ nonces, publicBaseUrl, resourceUrl });
      throw new SignInRequired({
        x402Version: 2,
        error:
          'sign_in_required: this route acts for your account; sign the challenge in extensions["sign-in-with-x"] and send it in SIGN-IN-WITH-X',
        resource: {
          url: resourceUrl,
          description: 'Account route (sign-in only, no payment)',
          mimeType: 'application/json',
        },
        accepts: await payments.accepts('0', ['BASE_USDC', 'SOL_USDC']),
        extensions: siwxExtensions(challenge),
      });
    }
    return (await verifySiwxProof(db, proof, { nonces, origin: publicBaseUrl, resourceUrl, evmVerifier })).accountId;
  };
}
