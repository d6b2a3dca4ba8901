import { ServiceError } from '@svc/contracts';
import { parseToolsFilter } from '@svc/mcp';
import { createAuthorizationCode, type Db } from '@svc/store';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type AuthorizationRequest,
  type AuthorizationRequestCheck,
  checkAuthorizationRequest,
} from './authorization-request.js';
import { authorizationResponseUrl } from './authorization-response.js';
import { CONSENT_ACTIONS, CONSENT_FIELDS, PAGE_HEADERS, renderConsentPage, renderErrorPage } from './consent-page.js';
import { OAUTH_PATHS, type OAuthUrls } from './endpoints.js';
import { OAuthError } from './errors.js';
import { OAUTH_LIFETIMES } from './policy.js';
import type { ConsentSignIn, SignInResult } from './sign-in.js';

export interface AuthorizeRoutesOptions {
  readonly db: Db;
  readonly urls: OAuthUrls;
  readonly signIn: ConsentSignIn;
}

/** The consent's optional tools filter: absent or blank is no limit; a malformed one is said on the page again. */
function toolsFilterOf(
  value: string | undefined,
): { ok: true; value: readonly string[] | null } | { ok: false; message: string } {
  if (value === undefined || value.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: parseToolsFilter(value, 'tools filter') };
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * `GET /oauth/authorize` shows the consent page; `POST /oauth/authorize` takes its answer: a wallet sign-in or a
 * vault access key proves the consenting account and the user agent is sent to the client's redirect URI with a
 * code (303, so the browser follows with a GET), or with `access_denied` when the user denies.
 */
export function authorizeRoutes(app: FastifyInstance, options: AuthorizeRoutesOptions): void {
  const { db, urls, signIn } = options;

  const redirect = (reply: FastifyReply, location: string) =>
    reply.header('cache-control', 'no-store').redirect(location, 303);

  function refuse(reply: FastifyReply, check: Extract<AuthorizationRequestCheck, { ok: false }>) {
    if (check.redirect)
      return redirect(
        reply,
        authorizationResponseUrl(check.redirect.uri, check.error.body, check.redirect.state, urls.issuer),
      );
    return reply.code(400).headers(PAGE_HEADERS).send(renderErrorPage(check.error));
  }

  async function consentPage(reply: FastifyReply, request: AuthorizationRequest, error?: string) {
    const page = renderConsentPage({
      request,
      challenge: signIn.challenge(),
      formAction: OAUTH_PATHS.authorize,
      error,
    });
    return reply
      .code(error ? 400 : 200)
      .headers(PAGE_HEADERS)
      .send(page);
  }

  app.get(OAUTH_PATHS.authorize, async (request, reply) => {
    const check = await checkAuthorizationRequest(db, request.query, urls.resource);
    return check.ok ? consentPage(reply, check.request) : refuse(reply, check);
  });

  app.post(OAUTH_PATHS.authorize, async (request, reply) => {
    const check = await checkAuthorizationRequest(db, request.body, urls.resource);
    if (!check.ok) return refuse(reply, check);
    const { request: authorization, params } = check;

    let signedIn: SignInResult;
    switch (params[CONSENT_FIELDS.action]) {
      case CONSENT_ACTIONS.deny:
        return redirect(
          reply,
          authorizationResponseUrl(
            authorization.redirectUri,
            new OAuthError('access_denied', 'The user denied the request.').body,
            authorization.state,
            urls.issuer,
          ),
        );
      case CONSENT_ACTIONS.wallet:
        signedIn = await signIn.withWallet(params[CONSENT_FIELDS.siwx]);
        break;
      case CONSENT_ACTIONS.accessKey:
        signedIn = await signIn.withAccessKey(params[CONSENT_FIELDS.accessKey]);
        break;
      default:
        signedIn = { ok: false, message: 'Choose how to sign in: with your wallet or with a vault access key.' };
    }
    if (!signedIn.ok) return consentPage(reply, authorization, signedIn.message);
    const toolsFilter = toolsFilterOf(params[CONSENT_FIELDS.toolsFilter]);
    if (!toolsFilter.ok) return consentPage(reply, authorization, toolsFilter.message);

    const { code } = await createAuthorizationCode(db, {
      clientId: authorization.client.id,
      accountId: signedIn.accountId,
      scope: authorization.scope,
      resource: authorization.resource,
      redirectUri: authorization.redirectUri,
      codeChallenge: authorization.codeChallenge,
      ttlSeconds: OAUTH_LIFETIMES.authorizationCodeSeconds,
      toolsFilter: toolsFilter.value,
    });
    return redirect(
      reply,
      authorizationResponseUrl(authorization.redirectUri, { code }, authorization.state, urls.issuer),
    );
  });
}
