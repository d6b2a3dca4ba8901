import {
  type Db,
  issueRefreshToken,
  type OAuthClient,
  type OAuthGrant,
  redeemAuthorizationCode,
  rotateRefreshToken,
} from '@svc/store';
import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from './access-tokens.js';
import { identifyClient } from './client-identification.js';
import { OAUTH_PATHS, type OAuthUrls } from './endpoints.js';
import { OAuthError } from './errors.js';
import { type OAuthParams, oauthParams, requiredParam } from './params.js';
import { verifierMatchesChallenge } from './pkce.js';
import { grantedScope, OAUTH_LIFETIMES } from './policy.js';

export interface TokenRouteOptions {
  readonly db: Db;
  readonly urls: OAuthUrls;
  readonly accessTokens: AccessTokens;
}

interface Issued {
  readonly grant: OAuthGrant;
  readonly refreshToken: string;
}

const CODE_REFUSALS = {
  unknown: 'The authorization code is not valid.',
  expired: `The authorization code has expired (codes live ${OAUTH_LIFETIMES.authorizationCodeSeconds} s); authorize again.`,
  reused: 'The authorization code was already used; every token issued from it is revoked.',
} as const;

const REFRESH_REFUSALS = {
  unknown: 'The refresh token is not valid.',
  wrong_client: 'The refresh token was issued to another client.',
  revoked: 'The refresh token was revoked; authorize again.',
  reused:
    'The refresh token was already used; its grant is revoked (refresh tokens rotate on every use). Authorize again.',
  expired: 'The refresh token has expired; authorize again.',
} as const;

/** RFC 8707: a token request may name the resource, which must then be the one we issue tokens for. */
function checkResource(params: OAuthParams, urls: OAuthUrls): void {
  if (params.resource !== undefined && params.resource !== urls.resource)
    throw new OAuthError('invalid_target', `This server issues tokens for ${urls.resource} only.`);
}

/**
 * grant_type=authorization_code: the code is spent first (single use even when the rest is wrong), then it must have
 * been issued to this client, for this redirect_uri, and the verifier must hash to its PKCE challenge.
 */
async function exchangeCode(db: Db, client: OAuthClient, params: OAuthParams): Promise<Issued> {
  const code = requiredParam(params, 'code');
  const redirectUri = requiredParam(params, 'redirect_uri');
  const verifier = requiredParam(params, 'code_verifier');
  const redemption = await redeemAuthorizationCode(db, code);
  if (!redemption.ok) throw new OAuthError('invalid_grant', CODE_REFUSALS[redemption.reason]);
  const { grant, redirectUri: authorizedRedirectUri, codeChallenge } = redemption.code;
  if (grant.clientId !== client.id)
    throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
  if (redirectUri !== authorizedRedirectUri)
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the one of the authorization request.');
  if (!verifierMatchesChallenge(verifier, codeChallenge))
    throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge (PKCE S256).');
  return { grant, refreshToken: await issueRefreshToken(db, grant.id, OAUTH_LIFETIMES.refreshTokenSeconds) };
}

/** grant_type=refresh_token: the presented token is exchanged for its successor (rotation). */
async function refresh(db: Db, client: OAuthClient, params: OAuthParams): Promise<Issued> {
  const presented = requiredParam(params, 'refresh_token');
  // A narrower scope may be asked for (RFC 6749 §6); with one scope on offer, validating it is all there is to do.
  grantedScope(params.scope);
  const rotation = await rotateRefreshToken(db, presented, {
    clientId: client.id,
    ttlSeconds: OAUTH_LIFETIMES.refreshTokenSeconds,
  });
  if (!rotation.ok) throw new OAuthError('invalid_grant', REFRESH_REFUSALS[rotation.reason]);
  return rotation;
}

/** `POST /oauth/token`: authorization_code (PKCE S256) and refresh_token grants for public clients. */
export function tokenRoute(app: FastifyInstance, options: TokenRouteOptions): void {
  const { db, urls, accessTokens } = options;
  app.post(OAUTH_PATHS.token, async (request, reply) => {
    const params = oauthParams(request.body);
    const grantType = requiredParam(params, 'grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      throw new OAuthError('unsupported_grant_type', 'Supported grant types: authorization_code, refresh_token.');
    }
    const client = await identifyClient(db, params);
    checkResource(params, urls);
    const { grant, refreshToken } =
      grantType === 'authorization_code' ? await exchangeCode(db, client, params) : await refresh(db, client, params);
    return reply
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send({
        access_token: await accessTokens.issue(grant),
        token_type: 'Bearer',
        expires_in: accessTokens.lifetimeSeconds,
        refresh_token: refreshToken,
        scope: grant.scope,
      });
  });
}
