/**
 * The client's redirect URI carrying an authorization response (RFC 6749 §4.1.2 and §4.1.2.1): the code or the
 * error, the request's `state` echoed, and `iss` (RFC 9207) so the client can tell which server answered (mix-up
 * attacks). The redirect URI's own query is kept.
 */
export function authorizationResponseUrl(
  redirectUri: string,
  response: Readonly<Record<string, string>>,
  state: string | undefined,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(response)) url.searchParams.set(name, value);
  if (state !== undefined) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.toString();
}
