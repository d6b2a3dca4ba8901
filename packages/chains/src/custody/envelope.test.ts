import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './envelope.js';
import { InvalidMasterKey, MasterKeyUnknown, SealBroken } from './errors.js';
import { LocalMasterKeyRing, masterKeyIdOf, newMasterKeyText, parseMasterKey } from './local-master-key.js';

const ring = () => new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
const secret = () => new Uint8Array(randomBytes(32));

/** Flip one bit of the byte at `index` of a base64 field. */
function flipped(base64: string, index: number): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[index] = bytes[index]! ^ 1;
  return bytes.toString('base64');
}

describe('vault secret envelope (AES-256-GCM under a per-secret data key, wrapped by the master key)', () => {
  it('opens with the master key that sealed it, for the account it was sealed for', async () => {
    const keys = ring();
    const plain = secret();
    const sealed = await sealSecret(plain, 'acct_a', keys);
    expect(sealed).toMatchObject({ version: 1, masterKeyId: keys.currentKeyId });
    expect(sealed.ciphertext).not.toContain(Buffer.from(plain).toString('base64'));
    expect(await openSecret(sealed, 'acct_a', keys)).toEqual(plain);
    // Same secret sealed twice: fresh data key and IVs, nothing repeats.
    const again = await sealSecret(plain, 'acct_a', keys);
    expect(again.ciphertext).not.toBe(sealed.ciphertext);
    expect(again.wrappedDataKey).not.toBe(sealed.wrappedDataKey);
  });

  it('a wrong master key is a typed error, never plaintext', async () => {
    const sealed = await sealSecret(secret(), 'acct_a', ring());
    const other = ring();
    await expect(openSecret(sealed, 'acct_a', other)).rejects.toBeInstanceOf(MasterKeyUnknown);
    // Even when the record is relabelled with the other key's id, GCM authentication refuses it.
    await expect(openSecret({ ...sealed, masterKeyId: other.currentKeyId }, 'acct_a', other)).rejects.toBeInstanceOf(
      SealBroken,
    );
  });

  it('refuses tampered ciphertext, a tampered data key, and a record moved to another account', async () => {
    const keys = ring();
    const sealed = await sealSecret(secret(), 'acct_a', keys);
    await expect(
      openSecret({ ...sealed, ciphertext: flipped(sealed.ciphertext, 20) }, 'acct_a', keys),
    ).rejects.toBeInstanceOf(SealBroken);
    await expect(
      openSecret({ ...sealed, ciphertext: flipped(sealed.ciphertext, 0) }, 'acct_a', keys),
    ).rejects.toBeInstanceOf(SealBroken);
    await expect(
      openSecret({ ...sealed, wrappedDataKey: flipped(sealed.wrappedDataKey, 15) }, 'acct_a', keys),
    ).rejects.toBeInstanceOf(SealBroken);
    await expect(
      openSecret({ ...sealed, ciphertext: sealed.ciphertext.slice(0, 8) }, 'acct_a', keys),
    ).rejects.toBeInstanceOf(SealBroken);
    await expect(openSecret(sealed, 'acct_b', keys)).rejects.toBeInstanceOf(SealBroken);
  });

  it('a ring opens records of its previous keys and seals under its current one', async () => {
    const oldKey = parseMasterKey(newMasterKeyText());
    const newKey = parseMasterKey(newMasterKeyText());
    const plain = secret();
    const sealed = await sealSecret(plain, 'acct_a', new LocalMasterKeyRing(oldKey));
    const rotating = new LocalMasterKeyRing(newKey, [oldKey]);
    expect(await openSecret(sealed, 'acct_a', rotating)).toEqual(plain);
    expect((await sealSecret(plain, 'acct_a', rotating)).masterKeyId).toBe(masterKeyIdOf(newKey));
  });
});

describe('master key setting', () => {
  const key = randomBytes(32);

  it('takes 32 bytes as hex or base64 (standard or URL-safe)', () => {
    expect(parseMasterKey(key.toString('hex'))).toEqual(new Uint8Array(key));
    expect(parseMasterKey(key.toString('base64'))).toEqual(new Uint8Array(key));
    expect(parseMasterKey(key.toString('base64url'))).toEqual(new Uint8Array(key));
    expect(parseMasterKey(` ${key.toString('base64')}\n`)).toEqual(new Uint8Array(key));
  });

  it('refuses anything else without repeating the value', () => {
    for (const bad of [
      '',
      'short',
      key.subarray(0, 31).toString('hex'),
      randomBytes(33).toString('base64'),
      `${key.toString('hex')}00`,
    ]) {
      let error: unknown;
      try {
        parseMasterKey(bad);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidMasterKey);
      expect((error as Error).message).toMatch(/SVC_MASTER_KEY must be 32 bytes/);
      if (bad) expect((error as Error).message).not.toContain(bad);
    }
  });

  it('a key ring shows only its key id in JSON and inspect', () => {
    const keys = new LocalMasterKeyRing(key);
    for (const shown of [JSON.stringify(keys), inspect(keys), inspect({ config: { keys } }, { depth: 5 })]) {
      expect(shown).toContain(keys.currentKeyId);
      expect(shown).not.toContain(key.toString('hex'));
      expect(shown).not.toContain(key.toString('base64'));
    }
  });
});
