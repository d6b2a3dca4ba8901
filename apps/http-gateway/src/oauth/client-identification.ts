import { findOAuthClient, type OAuthClient, type Queryable } from '@svc/store';
import { OAuthError } from './errors.js';
import type { OAuthParams } from './params.js';

/**
 * The client a token or revocation request comes from. Our clients are public (token_endpoint_auth_method none):
 * they identify with `client_id` alone (RFC 6749 §3.2.1), and PKCE plus the binding of codes and refresh tokens to
 * that client stand in for a secret. An unknown client_id is `invalid_client`, which makes MCP SDK clients register again.
 */
export async function identifyClient(db: Queryable, params: OAuthParams): Promise<OAuthClient> {
  if (params.client_id === undefined)
    throw new OAuthError('invalid_client', 'The client_id parameter is required (public clients identify with it).');
  const client = await findOAuthClient(db, params.client_id);
  if (!client)
    throw new OAuthError('invalid_client', 'Unknown client_id: register again at the registration endpoint.');
  return client;
}
