import { ServiceError } from '@svc/contracts';
import {
  type OAuthGrantRevocationResult,
  type Queryable,
  revokeOAuthGrant,
  revokeOAuthGrantOfRefreshToken,
} from '@svc/store';
import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from './access-tokens.js';
import { identifyClient } from './client-identification.js';
import { OAUTH_PATHS } from './endpoints.js';
import { OAuthError } from './errors.js';
import { oauthParams, requiredParam } from './params.js';

export interface RevokeRouteOptions {
  readonly db: Queryable;
  readonly accessTokens: AccessTokens;
}

/** Our refresh tokens are opaque base64url; our access tokens are JWTs (three dot-separated parts). */
const isJwt = (token: string) => token.split('.').length === 3;

/**
 * `POST /oauth/revoke` (RFC 7009). Either kind of token revokes its whole grant: the refresh token and every access
 * token issued from the same consent (§2.1 allows both directions), so a client that logs out leaves nothing usable.
 * `token_type_hint` is not needed: the two kinds are told apart by shape. Unknown, expired or foreign-signed tokens
 * are answered 200 like revoked ones (§2.2); a token of another client is refused.
 */
export function revokeRoute(app: FastifyInstance, options: RevokeRouteOptions): void {
  const { db, accessTokens } = options;

  async function revokeAccessToken(token: string, clientId: string): Promise<OAuthGrantRevocationResult> {
    const claims = await accessTokens.verify(token).catch((error: unknown) => {
      // Not a live token of ours: nothing to revoke.
      if (error instanceof ServiceError && error.code === 'credentials_invalid') return undefined;
      throw error;
    });
    // A user-issued token is revoked by its owner on the account API, not by an OAuth client.
    return claims?.kind === 'oauth' ? revokeOAuthGrant(db, claims.grantId, clientId) : 'unknown';
  }

  app.post(OAUTH_PATHS.revoke, async (request, reply) => {
    const params = oauthParams(request.body);
    const token = requiredParam(params, 'token');
    const client = await identifyClient(db, params);
    const result = isJwt(token)
      ? await revokeAccessToken(token, client.id)
      : await revokeOAuthGrantOfRefreshToken(db, token, client.id);
    if (result === 'wrong_client')
      throw new OAuthError('unauthorized_client', 'This token was issued to another client.');
    return reply.code(200).header('cache-control', 'no-store').send();
  });
}
