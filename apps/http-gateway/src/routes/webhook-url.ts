import { isIP } from 'node:net';

/** Loopback, private, link-local (cloud metadata) and unspecified address literals: never a live receiver. */
const INTERNAL_IPV4 = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^0\./];
const INTERNAL_IPV6 = [/^::1?$/, /^f[cd]/i, /^fe80/i, /^::ffff:/i];

/**
 * Why a URL cannot be a webhook endpoint, or undefined when it can. Live mode delivers from inside the service's
 * network, so it requires https and refuses hosts that name the service's own or private networks by literal
 * address or `localhost`; sandbox mode also accepts http and local receivers (tests, local development).
 */
export function webhookUrlProblem(url: URL, mode: 'sandbox' | 'live'): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (mode === 'sandbox') return undefined;
  if (url.protocol !== 'https:') return 'must use https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const internal =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (isIP(host) === 4 && INTERNAL_IPV4.some((range) => range.test(host))) ||
    (isIP(host) === 6 && INTERNAL_IPV6.some((range) => range.test(host)));
  return internal ? 'must not point at a loopback, private or link-local address' : undefined;
}
