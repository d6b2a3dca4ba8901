import { describe, expect, it } from 'vitest';
import { ephemeralSiwxNonces, SiwxNonces, siwxNonceKeyFrom } from './nonces.js';

describe('SiwxNonces', () => {
  it('issues 48-hex nonces that check as ok until their expiry, then as expired', () => {
    const nonces = ephemeralSiwxNonces();
    const now = Date.UTC(2026, 10, 23, 12);
    const nonce = nonces.issue(300, now);
    expect(nonce).toMatch(/^[0-9a-f]{48}$/);
    expect(nonces.check(nonce, now)).toEqual({ state: 'ok', expiresAt: new Date(now + 300_000) });
    expect(nonces.check(nonce, now + 300_000).state).toBe('expired');
    expect(nonces.issue(300, now)).not.toBe(nonce);
  });

  it('refuses nonces of another key, tampered ones and junk as unknown', () => {
    const nonces = ephemeralSiwxNonces();
    const nonce = nonces.issue(300);
    expect(ephemeralSiwxNonces().check(nonce).state).toBe('unknown');
    // A later expiry written into the nonce breaks its tag.
    const stretched = nonce.slice(0, 16) + 'ffffffff' + nonce.slice(24);
    expect(nonces.check(stretched).state).toBe('unknown');
    for (const junk of ['', 'abc', nonce.toUpperCase(), `${nonce}00`, '0'.repeat(32)])
      expect(nonces.check(junk).state).toBe('unknown');
  });

  it('derives the same key from the same shared secret on every instance', () => {
    const one = new SiwxNonces(siwxNonceKeyFrom('shared secret'));
    const other = new SiwxNonces(siwxNonceKeyFrom('shared secret'));
    expect(other.check(one.issue(60)).state).toBe('ok');
    expect(new SiwxNonces(siwxNonceKeyFrom('another secret')).check(one.issue(60)).state).toBe('unknown');
  });
});
