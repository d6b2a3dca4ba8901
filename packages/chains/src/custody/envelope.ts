import { randomBytes } from 'node:crypto';
import type { SealedVaultSecret } from '@svc/store';
import { openAesGcm, sealAesGcm } from './aes-gcm.js';
import type { MasterKeyProvider } from './master-key.js';

/** Bumped when the envelope layout changes, so records sealed under an older layout stay readable. */
export const ENVELOPE_VERSION = 1;

/**
 * A vault secret sealed for one account (envelope encryption): the secret under a fresh random data key
 * (AES-256-GCM), the data key under the master key. Both AADs name the account, so a record moved to another
 * account does not open. The store keeps exactly this record.
 */
export type SealedSecret = SealedVaultSecret;

const secretAad = (accountId: string, version: number) => `svc/vault-secret/v${version}/${accountId}`;
const dataKeyContext = (accountId: string, version: number) => `svc/vault-data-key/v${version}/${accountId}`;

export async function sealSecret(
  secret: Uint8Array,
  accountId: string,
  masterKey: MasterKeyProvider,
): Promise<SealedSecret> {
  const dataKey = randomBytes(32);
  try {
    const ciphertext = sealAesGcm(dataKey, secret, secretAad(accountId, ENVELOPE_VERSION));
    const { keyId, wrapped } = await masterKey.wrapDataKey(dataKey, dataKeyContext(accountId, ENVELOPE_VERSION));
    return { version: ENVELOPE_VERSION, masterKeyId: keyId, wrappedDataKey: wrapped, ciphertext };
  } finally {
    dataKey.fill(0);
  }
}

/** The secret; MasterKeyUnknown or SealBroken (never partial plaintext) when the key or the bytes are wrong. */
export async function openSecret(
  sealed: SealedSecret,
  accountId: string,
  masterKey: MasterKeyProvider,
): Promise<Uint8Array> {
  const dataKey = await masterKey.unwrapDataKey(
    { keyId: sealed.masterKeyId, wrapped: sealed.wrappedDataKey },
    dataKeyContext(accountId, sealed.version),
  );
  try {
    return openAesGcm(dataKey, sealed.ciphertext, secretAad(accountId, sealed.version));
  } finally {
    dataKey.fill(0);
  }
}
