import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Sign-in nonces that need no database write to issue: 8 random bytes, the expiry (unix seconds, 4 bytes) and a
 * 96-bit HMAC-SHA256 tag over both under the service's nonce key, as 48 lower-case hex characters. A nonce with a
 * valid tag was issued by a process holding the key, and its expiry cannot be changed; single use is enforced when a
 * proof consumes it (the consumed nonce is stored until it expires). Every 402 of an identity-gated tool carries a new
 * one, so issuing must be cheap: one HMAC, no I/O.
 */
export class SiwxNonces {
  readonly #key: Uint8Array;

  /** `key`: at least 32 bytes shared by every instance of the service (see {@link siwxNonceKeyFrom}). */
  constructor(key: Uint8Array) {
    if (key.length < 32) throw new Error('The SIWX nonce key must be at least 32 bytes.');
    this.#key = key;
  }

  /** A fresh nonce that expires `ttlSeconds` from `now`. */
  issue(ttlSeconds: number, now = Date.now()): string {
    const body = Buffer.alloc(BODY_BYTES);
    takeRandom(RANDOM_BYTES).copy(body);
    body.writeUInt32BE(Math.ceil(now / 1000 + ttlSeconds), RANDOM_BYTES);
    return Buffer.concat([body, this.#tag(body)]).toString('hex');
  }

  /**
   * What a presented nonce is, without any I/O: 'unknown' when we did not issue it (malformed or a wrong tag),
   * 'expired' past its expiry, else 'ok' with the expiry (whether it was used is the store's to say).
   */
  check(
    nonce: string,
    now = Date.now(),
  ): { readonly state: 'unknown' | 'expired' } | { readonly state: 'ok'; readonly expiresAt: Date } {
    if (!NONCE.test(nonce)) return { state: 'unknown' };
    const bytes = Buffer.from(nonce, 'hex');
    const body = bytes.subarray(0, BODY_BYTES);
    if (!timingSafeEqual(bytes.subarray(BODY_BYTES), this.#tag(body))) return { state: 'unknown' };
    const expiresAt = new Date(body.readUInt32BE(RANDOM_BYTES) * 1000);
    return expiresAt.getTime() <= now ? { state: 'expired' } : { state: 'ok', expiresAt };
  }

  #tag(body: Uint8Array): Buffer {
    return createHmac('sha256', this.#key).update(body).digest().subarray(0, TAG_BYTES);
  }
}

const RANDOM_BYTES = 8;
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** Fresh random bytes from a pool refilled 4 KiB at a time: one CSPRNG call per 512 nonces instead of one each. */
function takeRandom(length: number): Buffer {
  if (poolOffset + length > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const taken = pool.subarray(poolOffset, poolOffset + length);
  poolOffset += length;
  return taken;
}
const BODY_BYTES = RANDOM_BYTES + 4;
const TAG_BYTES = 12;
const NONCE = new RegExp(`^[0-9a-f]{${(BODY_BYTES + TAG_BYTES) * 2}}$`);

/**
 * The nonce key derived (HKDF-SHA256) from a secret every instance shares, such as SVC_MASTER_KEY, so that a challenge
 * issued by one instance verifies on another. The derived key reveals nothing about the secret.
 */
export function siwxNonceKeyFrom(secret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'svc', 'svc/siwx-nonce-key/v1', 32));
}

/** A key for one process (sandbox mode and tests without a shared secret). */
export function ephemeralSiwxNonces(): SiwxNonces {
  return new SiwxNonces(randomBytes(32));
}
