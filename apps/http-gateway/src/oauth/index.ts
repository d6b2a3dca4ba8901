import type { BearerTokenVerifier, EVMMessageVerifier, SiwxNonces } from '@svc/payments';
import type { AccessKeyEnvironment, Db, UserTokenRecord } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import { AccessTokens } from './access-tokens.js';
import { authorizeRoutes } from './authorize.js';
import { OAuthBearerVerifier } from './bearer-verifier.js';
import { oauthUrls } from './endpoints.js';
import { registerOAuthErrorHandling } from './errors.js';
import { metadataRoutes } from './metadata.js';
import { addFormBodyParser } from './params.js';
import { OAUTH_LIFETIMES } from './policy.js';
import { registerRoute } from './register.js';
import { revokeRoute } from './revoke.js';
import { ConsentSignIn } from './sign-in.js';
import type { OAuthSigningKey } from './signing-key.js';
import { tokenRoute } from './token.js';

export { loadSigningKey, newSigningKey, type OAuthSigningKey } from './signing-key.js';

export interface OAuthServerOptions {
  readonly db: Db;
  readonly publicBaseUrl: string;
  readonly signingKey: OAuthSigningKey;
  /** Vault access keys accepted on the consent page: this host's environment only. */
  readonly accessKeyEnvironment: AccessKeyEnvironment;
  /** Smart-wallet sign-in proofs on the consent page (EOA proofs verify without it). */
  readonly evmVerifier?: EVMMessageVerifier | undefined;
  /** The sign-in challenges' nonces (shared with the tool endpoints). */
  readonly nonces: SiwxNonces;
}

export interface OAuthServer {
  /** Register with `app.register(oauth.routes)`: its error handler and form parser stay inside. */
  readonly routes: (app: FastifyInstance) => Promise<void>;
  /** For the MCP endpoint's CredentialResolver (`bearer:`): accepts the access tokens this server issues. */
  readonly bearer: BearerTokenVerifier;
  /** Signs a user-issued token (its row already recorded) that `bearer` accepts: the account API's token routes. */
  readonly issueUserToken: (token: UserTokenRecord) => Promise<string>;
}

/**
 * The OAuth 2.0 authorization server protecting the MCP endpoint: RFC 8414 and RFC 9728 metadata, RFC 7591
 * registration of public clients, the authorization code flow with PKCE S256 behind a consent page (wallet sign-in or
 * vault access key), rotating refresh tokens, RFC 7009 revocation, and ES256 JWT access tokens whose audience is the
 * MCP endpoint.
 */
export function oauthServer(options: OAuthServerOptions): OAuthServer {
  const { db, signingKey } = options;
  const urls = oauthUrls(options.publicBaseUrl);
  const accessTokens = new AccessTokens({
    key: signingKey,
    issuer: urls.issuer,
    resource: urls.resource,
    lifetimeSeconds: OAUTH_LIFETIMES.accessTokenSeconds,
  });
  const signIn = new ConsentSignIn({
    db,
    publicBaseUrl: options.publicBaseUrl,
    consentUrl: urls.authorization,
    accessKeyEnvironment: options.accessKeyEnvironment,
    evmVerifier: options.evmVerifier,
    nonces: options.nonces,
  });

  async function routes(app: FastifyInstance): Promise<void> {
    registerOAuthErrorHandling(app);
    addFormBodyParser(app);
    authorizeRoutes(app, { db, urls, signIn });
    // What clients call with fetch, possibly from a browser page (the gateway's CORS registration covers them).
    metadataRoutes(app, urls, signingKey);
    registerRoute(app, db);
    tokenRoute(app, { db, urls, accessTokens });
    revokeRoute(app, { db, accessTokens });
  }

  return {
    routes,
    bearer: new OAuthBearerVerifier(db, accessTokens),
    issueUserToken: (token) => accessTokens.issueUserToken(token),
  };
}
