import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SealBroken } from './errors.js';

/** NIST SP 800-38D: a 96-bit IV, fresh and random per encryption (a key never seals 2^32 records, so collisions are negligible). */
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with associated data: base64 of IV || ciphertext || tag. The AAD binds a ciphertext to its place
 * (account, purpose, key id), so a record copied to another account or field no longer opens.
 */
export function sealAesGcm(key: Uint8Array, plaintext: Uint8Array, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES }).setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** The plaintext of `sealAesGcm(key, plaintext, aad)`; SealBroken for any other key, AAD or a changed byte. */
export function openAesGcm(key: Uint8Array, sealed: string, aad: string): Uint8Array {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES)
    throw new SealBroken(`A sealed record is ${bytes.length} bytes, too short to be AES-GCM.`);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES })
    .setAAD(Buffer.from(aad, 'utf8'))
    .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return new Uint8Array(
      Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]),
    );
  } catch (error) {
    throw new SealBroken(
      'A sealed record failed authentication: wrong master key, another record, or tampered bytes.',
      { cause: error },
    );
  }
}
