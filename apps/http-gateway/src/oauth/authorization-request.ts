import { findOAuthClient, type OAuthClient, type Queryable } from '@svc/store';
import { OAuthError } from './errors.js';
import { type OAuthParams, oauthParams } from './params.js';
import { isS256Challenge } from './pkce.js';
import { grantedScope } from './policy.js';

/** An authorization request (RFC 6749 §4.1.1 + PKCE + RFC 8707) that passed every check. */
export interface AuthorizationRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly codeChallenge: string;
  readonly scope: string;
  readonly resource: string;
}

/** Where a refusal goes once the redirect URI is known to be the client's. */
export interface ErrorRedirect {
  readonly uri: string;
  readonly state: string | undefined;
}

export type AuthorizationRequestCheck =
  | { readonly ok: true; readonly request: AuthorizationRequest; readonly params: OAuthParams }
  /**
   * `redirect` is absent when the client or its redirect URI could not be verified: the error is then shown to the
   * user and never sent to an unverified URI (RFC 6749 §4.1.2.1, open-redirect protection).
   */
  | { readonly ok: false; readonly error: OAuthError; readonly redirect: ErrorRedirect | undefined };

/**
 * Check the parameters of `GET /oauth/authorize`, and again when its consent form is posted back (the form carries
 * them as hidden fields, so nothing about the request is kept server-side between the two). `resource` is the one
 * protected resource we issue tokens for.
 */
export async function checkAuthorizationRequest(
  db: Queryable,
  source: unknown,
  resource: string,
): Promise<AuthorizationRequestCheck> {
  let redirect: ErrorRedirect | undefined;
  try {
    const params = oauthParams(source);
    if (params.client_id === undefined) throw new OAuthError('invalid_request', 'The client_id parameter is missing.');
    const client = await findOAuthClient(db, params.client_id);
    if (!client)
      throw new OAuthError(
        'invalid_client',
        'Unknown client_id: the application must register first (POST /oauth/register).',
      );
    const redirectUri = params.redirect_uri;
    if (redirectUri === undefined) throw new OAuthError('invalid_request', 'The redirect_uri parameter is missing.');
    if (!client.redirectUris.includes(redirectUri))
      throw new OAuthError('invalid_request', 'This redirect_uri is not registered for this client.');

    redirect = { uri: redirectUri, state: params.state };
    if (params.response_type !== 'code')
      throw new OAuthError('unsupported_response_type', 'Only response_type=code is supported.');
    if (params.code_challenge === undefined)
      throw new OAuthError('invalid_request', 'PKCE is required: send code_challenge and code_challenge_method=S256.');
    // RFC 7636 makes `plain` the default when the method is absent; plain protects nothing, so neither is accepted.
    if (params.code_challenge_method !== 'S256')
      throw new OAuthError('invalid_request', 'code_challenge_method must be S256; plain is not accepted.');
    if (!isS256Challenge(params.code_challenge))
      throw new OAuthError(
        'invalid_request',
        'code_challenge must be the 43-character base64url SHA-256 of the code verifier.',
      );
    if (params.resource !== undefined && params.resource !== resource)
      throw new OAuthError('invalid_target', `This server issues tokens for ${resource} only.`);
    const scope = grantedScope(params.scope);
    return {
      ok: true,
      params,
      request: { client, redirectUri, state: params.state, codeChallenge: params.code_challenge, scope, resource },
    };
  } catch (error) {
    if (error instanceof OAuthError) return { ok: false, error, redirect };
    throw error;
  }
}
