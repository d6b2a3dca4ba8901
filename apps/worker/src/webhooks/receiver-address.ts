import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

/** ipaddr.js classifies every special-purpose range (IANA registries); only plain unicast is the public internet. */
const PUBLIC_RANGE = 'unicast';

/** IPv6 forms that carry an IPv4 address in their last 32 bits: they reach whatever that IPv4 address is. */
const IPV4_IN_LOW_BITS = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);

/**
 * The IPv4 address an IPv6 address stands for, if any: IPv4-mapped (::ffff:a.b.c.d), SIIT (::ffff:0:a.b.c.d),
 * NAT64 (64:ff9b::/96), the deprecated IPv4-compatible form (::a.b.c.d) and 6to4 (2002:AABB:CCDD::/48).
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const { parts } = address;
  const fromWords = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const range = address.range();
  const compatible = range === PUBLIC_RANGE && parts.slice(0, 6).every((part) => part === 0);
  if (IPV4_IN_LOW_BITS.has(range) || compatible) return fromWords(parts[6]!, parts[7]!);
  if (range === '6to4') return fromWords(parts[1]!, parts[2]!);
  return undefined;
}

/**
 * Whether an IP address is anything but a public unicast address (loopback, private, shared, link-local, site-local,
 * reserved, documentation, multicast, …, or an IPv6 form of one): never a live webhook receiver.
 */
export function isInternalAddress(ip: string): boolean {
  if (isIP(ip) === 0) return false;
  const address = ipaddr.process(ip);
  const embedded = address.kind() === 'ipv6' ? embeddedIpv4(address as ipaddr.IPv6) : undefined;
  return (embedded ?? address).range() !== PUBLIC_RANGE;
}

/**
 * Whether a URL's hostname names the service's own or a private network without a lookup: localhost names (a
 * trailing root dot included) and internal address literals (IPv6 in brackets, as URL.hostname gives them).
 */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host);
}

type Resolve = (
  hostname: string,
  options: { all: true; family?: number | 'IPv4' | 'IPv6' },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A DNS lookup for connections that must reach public addresses only: it fails when a name resolves to an internal
 * address (any of its addresses). The connection then goes to exactly the addresses checked, so a name that
 * resolves differently a moment later (DNS rebinding) cannot slip past.
 */
export function publicOnlyLookup(resolve: Resolve = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, ...(options.family ? { family: options.family } : {}) }, (error, addresses) => {
      const internal = addresses?.find((candidate) => isInternalAddress(candidate.address));
      const refusal =
        internal &&
        Object.assign(
          new Error(
            `${hostname} resolves to ${internal.address}, an internal address; a live webhook must reach a public one`,
          ),
          { code: 'EINTERNALADDRESS' },
        );
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
    if (isInternalHost(hostname))
      throw new Error(`${hostname} is an internal address; a live webhook must reach a public one`);
    return undiciFetch(input, { ...(init as object), dispatcher });
  }) as unknown as typeof fetch;
}
