import { randomUUID } from 'node:crypto';
import { ServiceError } from '@svc/contracts';
import type { OAuthGrant } from '@svc/store';
import { errors, jwtVerify, SignJWT } from 'jose';
import { type OAuthSigningKey, SIGNING_ALGORITHM } from './signing-key.js';

/** RFC 9068 JWT access token media type, in the `typ` header: a JWT of another kind can never pass for one. */
const ACCESS_TOKEN_TYPE = 'at+jwt';

/** What a verified access token says. */
export interface AccessTokenClaims {
  readonly accountId: string;
  /** The consent it was issued from: revoking that grant revokes the token. */
  readonly grantId: string;
}

export interface AccessTokensOptions {
  readonly key: OAuthSigningKey;
  readonly issuer: string;
  /** The audience: the MCP endpoint's URL. */
  readonly resource: string;
  readonly lifetimeSeconds: number;
}

const rejected = (reason: string, message: string, cause?: unknown) =>
  new ServiceError('credentials_invalid', message, { extra: { reason }, cause });

/** Why jose refused a token, as the `reason` a client (and our logs) can act on. */
function rejection(error: unknown): ServiceError {
  if (error instanceof errors.JWTExpired)
    return rejected('expired', 'The access token has expired: get a new one with the refresh token.', error);
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return rejected('bad_signature', 'The access token signature does not verify with this server’s key.', error);
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iss')
    return rejected('wrong_issuer', 'The access token was issued by another server.', error);
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud')
    return rejected('wrong_audience', 'The access token was issued for another resource.', error);
  return rejected('malformed', 'The Bearer token is not an access token issued by this server.', error);
}

/** Signs and checks the short-lived JWT access tokens (RFC 9068 profile) for the MCP endpoint. */
export class AccessTokens {
  constructor(private readonly options: AccessTokensOptions) {}

  get lifetimeSeconds(): number {
    return this.options.lifetimeSeconds;
  }

  /** A fresh access token for a grant: `sub` its account, `aud` the MCP resource, `grant_id` for revocation checks. */
  issue(grant: OAuthGrant): Promise<string> {
    const { key, issuer, resource, lifetimeSeconds } = this.options;
    return new SignJWT({ client_id: grant.clientId, scope: grant.scope, grant_id: grant.id })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: ACCESS_TOKEN_TYPE })
      .setIssuer(issuer)
      .setAudience(resource)
      .setSubject(grant.accountId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${lifetimeSeconds}s`)
      .sign(key.privateKey);
  }

  /**
   * The claims of a token this server signed for the MCP resource and that has not expired. Throws
   * ServiceError('credentials_invalid') with `extra.reason` (expired, bad_signature, wrong_issuer, wrong_audience,
   * malformed) otherwise. Revocation is the caller's check: it needs the database.
   */
  async verify(token: string): Promise<AccessTokenClaims> {
    const { key, issuer, resource } = this.options;
    try {
      const { payload } = await jwtVerify<{ grant_id: string }>(token, key.publicKey, {
        algorithms: [SIGNING_ALGORITHM],
        issuer,
        audience: resource,
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['sub', 'jti', 'exp', 'client_id', 'scope', 'grant_id'],
      });
      return { accountId: payload.sub!, grantId: payload.grant_id };
    } catch (error) {
      throw rejection(error);
    }
  }
}
