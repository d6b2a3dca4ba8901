import type { CredentialResolver } from '@svc/payments';
import type { AccountOfRequest } from './account-of-request.js';

const BEARER = /^Bearer\s/i;

/**
 * An account route that an agent holding a vault access key (`x-api-key`) or a Bearer token (OAuth or user-issued)
 * may call as well as a wallet signed in with SIWX: a request carrying either credential acts for the credential's
 * account (and is refused as MCP refuses it: 401 for a bad one, 400 for two); any other goes to the SIWX sign-in.
 */
export function credentialOrSignInAccountOf(
  credentials: Pick<CredentialResolver, 'resolve'>,
  signedIn: AccountOfRequest,
): AccountOfRequest {
  return async (request) => {
    const apiKey = request.headers['x-api-key'];
    const { authorization } = request.headers;
    if (apiKey === undefined && !(authorization !== undefined && BEARER.test(authorization))) return signedIn(request);
    return (await credentials.resolve({ apiKey, authorization })).accountId;
  };
}
