import { randomUUID } from 'node:crypto';
import { ServiceError } from '@svc/contracts';
import type { OAuthGrant, UserTokenRecord, UserTokenScope } from '@svc/store';
import { errors, jwtVerify, SignJWT } from 'jose';
import { type OAuthSigningKey, SIGNING_ALGORITHM } from './signing-key.js';

/** RFC 9068 JWT access token media type, in the `typ` header: a JWT of another kind can never pass for one. */
const ACCESS_TOKEN_TYPE = 'at+jwt';

/** What a verified access token says: issued through the OAuth flow, or by a signed-in wallet for itself. */
export type AccessTokenClaims =
  | {
      readonly kind: 'oauth';
      readonly accountId: string;
      /** The consent it was issued from: revoking that grant revokes the token. */
      readonly grantId: string;
    }
  | {
      readonly kind: 'user';
      readonly accountId: string;
      /** Its row (user_tokens): revoking the row revokes the token. */
      readonly tokenId: string;
      readonly scope: UserTokenScope;
    };

const USER_SCOPES: readonly string[] = ['read', 'transact'] satisfies UserTokenScope[];

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
   * A user-issued token (`POST /api/account/tokens`): the same profile as the OAuth flow's, for the same resource, with
   * `scope` read or transact and `token_id` naming its row instead of a grant; it expires when its row says.
   */
  issueUserToken(token: UserTokenRecord): Promise<string> {
    const { key, issuer, resource } = this.options;
    return new SignJWT({ scope: token.scope, token_id: token.id })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: ACCESS_TOKEN_TYPE })
      .setIssuer(issuer)
      .setAudience(resource)
      .setSubject(token.accountId)
      .setJti(randomUUID())
      .setIssuedAt(token.createdAt)
      .setExpirationTime(token.expiresAt)
      .sign(key.privateKey);
  }

  /**
   * The claims of a token this server signed for the MCP resource and that has not expired: an OAuth one (with
   * `grant_id`) or a user-issued one (with `token_id`). Throws ServiceError('credentials_invalid') with `extra.reason`
   * (expired, bad_signature, wrong_issuer, wrong_audience, malformed) otherwise. Revocation is the caller's check: it
   * needs the database.
   */
  async verify(token: string): Promise<AccessTokenClaims> {
    const { key, issuer, resource } = this.options;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, key.publicKey, {
        algorithms: [SIGNING_ALGORITHM],
        issuer,
        audience: resource,
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['sub', 'jti', 'exp', 'scope'],
      }));
    } catch (error) {
      throw rejection(error);
    }
    const accountId = payload.sub as string;
    if (typeof payload.grant_id === 'string' && typeof payload.client_id === 'string')
      return { kind: 'oauth', accountId, grantId: payload.grant_id };
    if (typeof payload.token_id === 'string' && USER_SCOPES.includes(payload.scope as string))
      return { kind: 'user', accountId, tokenId: payload.token_id, scope: payload.scope as UserTokenScope };
    throw rejection(undefined);
  }
}
