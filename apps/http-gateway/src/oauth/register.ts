import { type Queryable, registerOAuthClient } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OAUTH_PATHS } from './endpoints.js';
import { OAuthError } from './errors.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * MCP authorization: redirect URIs are https, or http on the user's own machine (RFC 8252 §7.3 loopback redirects
 * of native clients). Never a fragment (RFC 6749 §3.1.2).
 */
function isAllowedRedirectUri(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.hash !== '' || value.includes('#')) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/** The client metadata we act on (RFC 7591 §2); other fields are ignored, as the RFC asks. */
const clientMetadata = z.object({
  redirect_uris: z
    .array(
      z
        .string()
        .max(2000)
        .refine(
          isAllowedRedirectUri,
          'must be an absolute https URL, or http on 127.0.0.1, [::1] or localhost, without a fragment',
        ),
    )
    .min(1)
    .max(10),
  client_name: z.string().trim().min(1).max(200).optional(),
  token_endpoint_auth_method: z
    .literal('none', 'must be "none": only public clients (PKCE, no secret) can register')
    .optional(),
  grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).optional(),
  response_types: z.array(z.literal('code')).optional(),
});

function metadataError(error: z.ZodError): OAuthError {
  const issue = error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  return new OAuthError(
    issue.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata',
    `${field}: ${issue.message}`,
  );
}

/** `POST /oauth/register` (RFC 7591): dynamic registration of public clients. */
export function registerRoute(app: FastifyInstance, db: Queryable): void {
  app.post(OAUTH_PATHS.register, async (request, reply) => {
    const parsed = clientMetadata.safeParse(request.body);
    if (!parsed.success) throw metadataError(parsed.error);
    const client = await registerOAuthClient(db, {
      name: parsed.data.client_name,
      redirectUris: parsed.data.redirect_uris,
    });
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send({
        client_id: client.id,
        client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
        ...(client.name ? { client_name: client.name } : {}),
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      });
  });
}
