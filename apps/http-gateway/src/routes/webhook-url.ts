import { isInternalHost } from '@svc/worker';

/**
 * Why a URL cannot be a webhook endpoint, or undefined when it can. Live mode delivers from inside the service's
 * network, so it requires https and refuses hosts that name the service's own or private networks by literal
 * address or `localhost` (a name that resolves to one is refused at delivery: publicOnlyFetch); sandbox mode also
 * accepts http and local receivers (tests, local development).
 */
export function webhookUrlProblem(url: URL, mode: 'sandbox' | 'live'): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (mode === 'sandbox') return undefined;
  if (url.protocol !== 'https:') return 'must use https';
  return isInternalHost(url.hostname) ? 'must not point at a loopback, private or link-local address' : undefined;
}
