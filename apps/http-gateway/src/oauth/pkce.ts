import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is base64url(SHA-256(verifier)) without padding: always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isS256Challenge = (challenge: string) => S256_CHALLENGE.test(challenge);

/** Whether a token request's code_verifier is the one whose S256 challenge the authorization request carried. */
export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER.test(verifier)) return false;
  const expected = Buffer.from(challenge, 'base64url');
  const actual = createHash('sha256').update(verifier).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
