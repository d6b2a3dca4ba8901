import { ServiceError } from '@svc/contracts';
import type { BearerTokenVerifier, Credential } from '@svc/payments';
import { findOAuthGrant, findUserToken, type OAuthGrantRevocation, type Queryable } from '@svc/store';
import type { AccessTokens } from './access-tokens.js';

const REVOKED_BECAUSE: Record<OAuthGrantRevocation, string> = {
  client_request: 'its client revoked it',
  code_reuse: 'the authorization code it came from was presented twice',
  refresh_token_reuse: 'a spent refresh token of its grant was presented again',
};

const revoked = (because: string, then: string) =>
  new ServiceError('credentials_invalid', `The access token was revoked: ${because}. ${then}`, {
    extra: { reason: 'revoked' },
  });

/**
 * The MCP and A2A endpoints' check of `Authorization: Bearer` tokens: those our OAuth server issues and those a
 * signed-in wallet issues itself. Beyond the JWT checks, the token's grant (or user token row) is read on every request:
 * one primary-key lookup (MCP requests read the database anyway) buys revocation that takes effect at once rather than
 * when the token expires. OAuth sessions are read-only by design; a user token is read-only unless its scope is
 * `transact`.
 */
export class OAuthBearerVerifier implements BearerTokenVerifier {
  constructor(
    private readonly db: Queryable,
    private readonly accessTokens: AccessTokens,
  ) {}

  async verify(token: string): Promise<Credential> {
    const claims = await this.accessTokens.verify(token);
    if (claims.kind === 'user') {
      const row = await findUserToken(this.db, claims.tokenId);
      if (!row || row.accountId !== claims.accountId) throw revoked('it no longer exists', 'Issue a new one.');
      if (row.revokedAt) throw revoked('its owner revoked it', 'Issue a new one.');
      return { accountId: row.accountId, readOnly: row.scope !== 'transact' };
    }
    const grant = await findOAuthGrant(this.db, claims.grantId);
    if (grant && !grant.revokedAt)
      return {
        accountId: claims.accountId,
        readOnly: true,
        ...(grant.toolsFilter ? { toolsFilter: grant.toolsFilter } : {}),
      };
    const because = grant?.revokedReason ? REVOKED_BECAUSE[grant.revokedReason] : 'its grant no longer exists';
    throw revoked(because, 'Authorize again.');
  }
}
