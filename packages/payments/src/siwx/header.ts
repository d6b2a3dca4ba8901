/** The canonical request header carrying a sign-in proof (x402 `sign-in-with-x` extension). */
export const SIWX_HEADER = 'SIGN-IN-WITH-X';
/** The project's alias: `Authorization: SIWX <same base64 value>` (not part of the x402 spec). */
export const SIWX_AUTH_SCHEME = 'SIWX';

/** Request headers as Fetch `Headers` or a Node/Fastify header record (any key case). */
export type HeaderSource = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const lower = name.toLowerCase();
  const key = lower in record ? lower : Object.keys(record).find((k) => k.toLowerCase() === lower);
  const value = key === undefined ? undefined : record[key];
  // Repeated headers: join like Fetch does; a doubled proof then fails to parse as malformed instead of one being picked.
  return typeof value === 'string' ? value : value?.join(', ');
}

/**
 * A bare `Authorization: <v>`: the spec describes siwx as an API-key-style scheme carried in the Authorization header,
 * so the value alone is a proof too. One base64 word (the proof's encoding), never a scheme name on its own.
 */
const BARE_PROOF = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * The sign-in proof of a request, from `SIGN-IN-WITH-X: <v>`, or else `Authorization: SIWX <v>` (scheme name
 * case-insensitive) or a bare `Authorization: <v>`. Undefined when the request carries none of them (another
 * Authorization scheme, such as `Bearer <token>`, is not ours).
 */
export function siwxHeaderFrom(headers: HeaderSource): string | undefined {
  const canonical = headerValue(headers, SIWX_HEADER)?.trim();
  if (canonical) return canonical;
  const authorization = headerValue(headers, 'authorization')?.trim();
  if (!authorization) return undefined;
  if (BARE_PROOF.test(authorization) && authorization.toUpperCase() !== SIWX_AUTH_SCHEME) return authorization;
  const match = /^(\S+)\s+(\S.*)$/s.exec(authorization);
  if (!match || match[1]!.toUpperCase() !== SIWX_AUTH_SCHEME) return undefined;
  return match[2]!.trim();
}
