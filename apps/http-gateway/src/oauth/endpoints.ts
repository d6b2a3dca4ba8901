import { MCP_PATH } from '@svc/mcp';

/** Where the authorization server answers. The protected-resource metadata also lives under the MCP path (RFC 9728 §3.1). */
export const OAUTH_PATHS = {
  authorizationServerMetadata: '/.well-known/oauth-authorization-server',
  protectedResourceMetadata: '/.well-known/oauth-protected-resource',
  mcpProtectedResourceMetadata: `/.well-known/oauth-protected-resource${MCP_PATH}`,
  jwks: '/oauth/jwks',
  register: '/oauth/register',
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  revoke: '/oauth/revoke',
} as const;

/** The absolute identifiers the server publishes and checks, all derived from PUBLIC_BASE_URL. */
export interface OAuthUrls {
  /** `iss` of every access token and the RFC 8414 issuer: the public base URL itself. */
  readonly issuer: string;
  /** The one protected resource (RFC 8707 `resource`, token `aud`): the MCP endpoint. */
  readonly resource: string;
  readonly authorization: string;
  readonly token: string;
  readonly registration: string;
  readonly revocation: string;
  readonly jwks: string;
}

export function oauthUrls(publicBaseUrl: string): OAuthUrls {
  return {
    issuer: publicBaseUrl,
    resource: `${publicBaseUrl}${MCP_PATH}`,
    authorization: `${publicBaseUrl}${OAUTH_PATHS.authorize}`,
    token: `${publicBaseUrl}${OAUTH_PATHS.token}`,
    registration: `${publicBaseUrl}${OAUTH_PATHS.register}`,
    revocation: `${publicBaseUrl}${OAUTH_PATHS.revoke}`,
    jwks: `${publicBaseUrl}${OAUTH_PATHS.jwks}`,
  };
}
