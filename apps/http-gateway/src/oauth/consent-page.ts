import { SIWX_CHALLENGE_TTL_SECONDS, type SiwxChallenge } from '@svc/payments';
import { escapeHtml } from '../html.js';
import type { AuthorizationRequest } from './authorization-request.js';
import type { OAuthError } from './errors.js';
import { OAUTH_LIFETIMES } from './policy.js';

/** What the consent form posts in `action`, besides the authorization request itself. */
export const CONSENT_ACTIONS = { wallet: 'wallet', accessKey: 'access_key', deny: 'deny' } as const;
/** Names of the consent form's own fields. */
export const CONSENT_FIELDS = {
  action: 'action',
  siwx: 'siwx',
  accessKey: 'access_key',
  toolsFilter: 'tools_filter',
} as const;

/** The optional tools filter of a sign-in form (each form has its own, hence the id suffix). */
const toolsFilterField = (form: string) =>
  `<label for="${CONSENT_FIELDS.toolsFilter}-${form}">Limit to these tools (optional)</label>
<input id="${CONSENT_FIELDS.toolsFilter}-${form}" name="${CONSENT_FIELDS.toolsFilter}" type="text" spellcheck="false" autocomplete="off" placeholder="e.g. get*Balances, wallet">
<p class="muted">Comma-separated globs over tool names (<code>*</code> any characters, <code>?</code> one); empty: every tool the access allows.</p>`;

/**
 * Headers of every page the authorization endpoint renders: never cached (each holds a single-use challenge), never
 * framed (clickjacking a consent is the classic attack), no script at all, no Referer leaking the request.
 */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

export interface ConsentPage {
  readonly request: AuthorizationRequest;
  readonly challenge: SiwxChallenge;
  /** Where the forms post: the authorization endpoint's path. */
  readonly formAction: string;
  /** Why the previous attempt failed, announced to screen readers. */
  readonly error?: string | undefined;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f6f6f4}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}
fieldset{border:1px solid #8a8a8a;border-radius:6px;margin:1.25rem 0;padding:1rem;background:#fff}
legend{font-weight:600;padding:0 .25rem}
label{display:block;font-weight:600;margin-top:.75rem}
textarea,input{width:100%;box-sizing:border-box;font:14px/1.4 ui-monospace,monospace;padding:.5rem;border:1px solid #6b6b6b;border-radius:4px}
pre{white-space:pre-wrap;word-break:break-all;background:#f0f0ec;padding:.75rem;border-radius:4px;font-size:13px;max-height:16rem;overflow:auto}
button{margin-top:.75rem;font:inherit;font-weight:600;padding:.5rem 1rem;border-radius:4px;border:2px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{border-left:4px solid #b91c1c;background:#fef2f2;padding:.5rem .75rem;color:#7f1d1d}
.muted{color:#4b4b4b;font-size:14px}`;

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — svc</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The authorization request, carried through the form so the POST can check it again. */
function hiddenFields(request: AuthorizationRequest): string {
  const fields: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: request.client.id,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    scope: request.scope,
    resource: request.resource,
  };
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
}

interface Choice {
  readonly action: (typeof CONSENT_ACTIONS)[keyof typeof CONSENT_ACTIONS];
  readonly button: string;
  /** A choice with fields gets a fieldset with this legend. */
  readonly legend?: string;
  readonly fields?: string;
}

/** One form per choice, so Enter in a field submits that field's choice and not the first button of the page. */
function choiceForm(page: ConsentPage, choice: Choice): string {
  const button = `<button type="submit" name="${CONSENT_FIELDS.action}" value="${choice.action}"${choice.legend ? '' : ' class="secondary"'}>${choice.button}</button>`;
  const content = choice.legend
    ? `<fieldset><legend>${choice.legend}</legend>${choice.fields ?? ''}${button}</fieldset>`
    : button;
  return `<form method="post" action="${escapeHtml(page.formAction)}">${hiddenFields(page.request)}${content}</form>`;
}

/** The consent page: who asks, for what, and the two ways to prove the consenting account (or deny). */
export function renderConsentPage(page: ConsentPage): string {
  const { request, challenge } = page;
  // The name is whatever the client registered; the redirect origin is what actually receives the grant.
  const name = request.client.name ?? 'An application';
  const destination = new URL(request.redirectUri).origin;
  const challengeJson = JSON.stringify({ info: challenge.info, supportedChains: challenge.supportedChains }, null, 2);
  const wallet = choiceForm(page, {
    action: CONSENT_ACTIONS.wallet,
    button: 'Authorize with wallet',
    legend: 'Sign in with your wallet',
    fields: `<p id="challenge-help" class="muted">Sign this challenge with your account’s wallet (for example <code>createSIWxPayload</code>, then <code>encodeSIWxHeader</code>, from <code>@x402/extensions/sign-in-with-x</code>) and paste the base64 SIGN-IN-WITH-X value. It can be used once, within ${SIWX_CHALLENGE_TTL_SECONDS / 60} minutes.</p>
<pre tabindex="0" aria-label="Sign-in challenge">${escapeHtml(challengeJson)}</pre>
<label for="${CONSENT_FIELDS.siwx}">SIGN-IN-WITH-X value</label>
<textarea id="${CONSENT_FIELDS.siwx}" name="${CONSENT_FIELDS.siwx}" rows="4" spellcheck="false" autocomplete="off" aria-describedby="challenge-help"></textarea>
${toolsFilterField('wallet')}`,
  });
  const accessKey = choiceForm(page, {
    action: CONSENT_ACTIONS.accessKey,
    button: 'Authorize with access key',
    legend: 'Or use a vault access key',
    fields: `<label for="${CONSENT_FIELDS.accessKey}">Vault access key</label>
<input id="${CONSENT_FIELDS.accessKey}" name="${CONSENT_FIELDS.accessKey}" type="password" spellcheck="false" autocomplete="off" aria-describedby="key-help">
<p id="key-help" class="muted">A key of your account, starting with <code>svc_dev_</code> or <code>svc_live_</code>. It only proves who you are: the application never sees it.</p>
${toolsFilterField('key')}`,
  });
  const deny = choiceForm(page, { action: CONSENT_ACTIONS.deny, button: 'Deny' });
  return document(
    `Authorize ${name}`,
    `<h1>Authorize ${escapeHtml(name)}</h1>
${page.error ? `<p class="error" role="alert">${escapeHtml(page.error)}</p>` : ''}
<p><strong>${escapeHtml(name)}</strong> <span class="muted">(the name the application gave, not verified)</span> asks to use svc tools for your account. Approving sends it back to <strong>${escapeHtml(destination)}</strong>.</p>
<ul>
<li>Read-only access (scope <code>${escapeHtml(request.scope)}</code>): it can only call tools that change nothing. It can read your balances, positions, memories, tracked wallets and settings; it cannot store, change or delete any of them, create or change vaults, sign transactions or move funds.</li>
<li>The one thing it changes is your account’s credit: every call it makes is paid from it.</li>
<li>Access lasts until it is revoked, or until the application stays unused for ${OAUTH_LIFETIMES.refreshTokenSeconds / 86_400} days.</li>
</ul>
${wallet}
${accessKey}
${deny}`,
  );
}

/** A request that cannot be sent back to its client (unknown client, unregistered redirect URI): tell the user instead. */
export function renderErrorPage(error: OAuthError): string {
  return document(
    'Authorization failed',
    `<h1>This authorization request cannot be completed</h1>
<p class="error" role="alert">${escapeHtml(error.description)} <span class="muted">(${escapeHtml(error.code)})</span></p>
<p>Return to the application and start again. If it keeps happening, the application is misconfigured.</p>`,
  );
}
