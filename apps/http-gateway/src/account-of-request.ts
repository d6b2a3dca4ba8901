import { ServiceError } from '@svc/contracts';
import { type EVMMessageVerifier, issueSiwxChallenge, siwxExtensions, siwxHeaderFrom, verifySiwxProof } from '@svc/payments';
import type { Queryable } from '@svc/store';
import type { FastifyRequest } from 'fastify';
import type { AccountOfRequest } from './routes/access-keys.js';

export interface SiwxRequestSettings {
  /** The origin clients call: a proof's `domain` must be its host and its `uri` the called route. */
  readonly publicBaseUrl: string;
  readonly evmVerifier?: EVMMessageVerifier | undefined;
}

/**
 * Sign-in for the account routes (`/api/account/...`): the same SIWX proofs as identity-gated tools, in
 * `SIGN-IN-WITH-X` (or `Authorization: SIWX <value>`), signed for the route called. Without a proof the answer is
 * 401 `credentials_required` whose `extensions["sign-in-with-x"]` is a fresh challenge for that route (as a tool's
 * 402 carries one); an invalid, replayed or expired proof is 401 `identity_invalid`. Proofs are single use.
 */
export function siwxAccountOf(db: Queryable, settings: SiwxRequestSettings): AccountOfRequest {
  return async (request: FastifyRequest) => {
    const resourceUrl = `${settings.publicBaseUrl}${request.url.split('?')[0]}`;
    const proof = siwxHeaderFrom(request.headers);
    if (!proof) {
      const challenge = await issueSiwxChallenge(db, { publicBaseUrl: settings.publicBaseUrl, resourceUrl });
      throw new ServiceError('credentials_required', 'Sign in: sign the challenge in extensions["sign-in-with-x"] and send it in SIGN-IN-WITH-X.', {
        extra: { extensions: siwxExtensions(challenge) },
      });
    }
    const identity = await verifySiwxProof(db, proof, { origin: settings.publicBaseUrl, resourceUrl, evmVerifier: settings.evmVerifier });
    return identity.accountId;
  };
}
