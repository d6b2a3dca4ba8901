import type { FastifyInstance } from 'fastify';
import { sendDocument, staticDocument } from '../etag.js';
import { OAUTH_PATHS, type OAuthUrls } from './endpoints.js';
import { SUPPORTED_SCOPES } from './policy.js';
import type { OAuthSigningKey } from './signing-key.js';

/** RFC 8414 authorization server metadata: what MCP clients read to find every endpoint and the PKCE method. */
export function authorizationServerMetadata(urls: OAuthUrls) {
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorization,
    token_endpoint: urls.token,
    registration_endpoint: urls.registration,
    revocation_endpoint: urls.revocation,
    jwks_uri: urls.jwks,
    scopes_supported: SUPPORTED_SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    // Public clients only: nothing to authenticate them with but their client_id and PKCE.
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
  };
}

/** RFC 9728 protected resource metadata of the MCP endpoint: which authorization server issues its tokens. */
export function protectedResourceMetadata(urls: OAuthUrls) {
  return {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    scopes_supported: SUPPORTED_SCOPES,
    bearer_methods_supported: ['header'],
    resource_name: 'svc MCP tools',
  };
}

/** The discovery documents and the JWKS, each serialized once and served with an ETag. */
export function metadataRoutes(app: FastifyInstance, urls: OAuthUrls, key: OAuthSigningKey): void {
  const server = staticDocument(authorizationServerMetadata(urls));
  const resource = staticDocument(protectedResourceMetadata(urls));
  const jwks = staticDocument({ keys: [key.publicJwk] });
  app.get(OAUTH_PATHS.authorizationServerMetadata, (request, reply) => sendDocument(request, reply, server));
  // The MCP 401 names the path-suffixed URL; clients that probe the root find the same document there.
  app.get(OAUTH_PATHS.mcpProtectedResourceMetadata, (request, reply) => sendDocument(request, reply, resource));
  app.get(OAUTH_PATHS.protectedResourceMetadata, (request, reply) => sendDocument(request, reply, resource));
  app.get(OAUTH_PATHS.jwks, (request, reply) => sendDocument(request, reply, jwks));
}
