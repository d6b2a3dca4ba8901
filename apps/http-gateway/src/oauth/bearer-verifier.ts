import { ServiceError } from '@svc/contracts';
import type { BearerTokenVerifier, Credential } from '@svc/payments';
import { findOAuthGrant, type OAuthGrantRevocation, type Queryable } from '@svc/store';
import type { AccessTokens } from './access-tokens.js';

const REVOKED_BECAUSE: Record<OAuthGrantRevocation, string> = {
  client_request: 'its client revoked it',
  code_reuse: 'the authorization code it came from was presented twice',
  refresh_token_reuse: 'a spent refresh token of its grant was presented again',
};

/**
 * The MCP endpoint's check of `Authorization: Bearer` tokens issued by our OAuth server. Beyond the JWT checks, the
 * token's grant is read on every request: one primary-key lookup (MCP requests read the database anyway) buys
 * revocation that takes effect at once rather than when the token expires. OAuth sessions are read-only by design.
 */
export class OAuthBearerVerifier implements BearerTokenVerifier {
  constructor(
    private readonly db: Queryable,
    private readonly accessTokens: AccessTokens,
  ) {}

  async verify(token: string): Promise<Credential> {
    const claims = await this.accessTokens.verify(token);
    const grant = await findOAuthGrant(this.db, claims.grantId);
    if (grant && !grant.revokedAt) return { accountId: claims.accountId, readOnly: true };
    const because = grant?.revokedReason ? REVOKED_BECAUSE[grant.revokedReason] : 'its grant no longer exists';
    throw new ServiceError('credentials_invalid', `The access token was revoked: ${because}. Authorize again.`, {
      extra: { reason: 'revoked' },
    });
  }
}
