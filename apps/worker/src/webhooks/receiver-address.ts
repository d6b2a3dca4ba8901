import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/** Loopback, private, shared (CGNAT), link-local (cloud metadata) and unspecified IPv4 ranges. */
const INTERNAL_IPV4 = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./, /^169\.254\./, /^0\./];
/** Loopback, unspecified, unique-local, link-local, and IPv4-mapped (which could name any of the above). */
const INTERNAL_IPV6 = [/^::1?$/, /^f[cd]/i, /^fe80/i, /^::ffff:/i];

/** Whether an IP address belongs to the service's own or a private network: never a live webhook receiver. */
export function isInternalAddress(ip: string): boolean {
  const version = isIP(ip);
  return (version === 4 && INTERNAL_IPV4.some((range) => range.test(ip))) || (version === 6 && INTERNAL_IPV6.some((range) => range.test(ip)));
}

/**
 * Whether a URL's hostname names the service's own or a private network without a lookup: localhost names and
 * internal address literals (IPv6 in brackets, as URL.hostname gives them).
 */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host);
}

type Resolve = (hostname: string, options: { all: true; family?: number | 'IPv4' | 'IPv6' }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A DNS lookup for connections that must reach public addresses only: it fails when a name resolves to an internal
 * address (any of its addresses). The connection then goes to exactly the addresses checked, so a name that
 * resolves differently a moment later (DNS rebinding) cannot slip past.
 */
export function publicOnlyLookup(resolve: Resolve = dnsLookup as unknown as Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, ...(options.family ? { family: options.family } : {}) }, (error, addresses) => {
      const internal = addresses?.find((candidate) => isInternalAddress(candidate.address));
      const refusal = internal && Object.assign(new Error(`${hostname} resolves to ${internal.address}, an internal address; a live webhook must reach a public one`), { code: 'EINTERNALADDRESS' });
      const failure = error ?? refusal;
      if (failure) return (callback as (error: NodeJS.ErrnoException) => void)(failure);
      if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

/**
 * fetch for live webhook deliveries: it connects to public addresses only, whatever the URL's host resolves to, and
 * refuses an internal host outright (registration refuses those already; a URL saved in sandbox mode may name one).
 */
export function publicOnlyFetch(lookup: LookupFunction = publicOnlyLookup()): typeof fetch {
  const dispatcher = new Agent({ connect: { lookup } });
  return (async (input: string | URL, init?: RequestInit) => {
    const { hostname } = new URL(String(input));
    if (isInternalHost(hostname)) throw new Error(`${hostname} is an internal address; a live webhook must reach a public one`);
    return undiciFetch(input, { ...(init as object), dispatcher });
  }) as unknown as typeof fetch;
}
