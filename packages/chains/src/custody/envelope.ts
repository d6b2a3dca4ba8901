import { randomBytes } from 'node:crypto';
import type { SealedVaultSecret } from '@svc/store';
import { openAesGcm, sealAesGcm } from './aes-gcm.js';
import type { MasterKeyProvider } from './master-key.js';

/** Bumped when the envelope layout changes, so records sealed under an older layout stay readable. */
export const ENVELOPE_VERSION = 1;

/**
 * A secret sealed for one account (envelope encryption): the secret under a fresh random data key (AES-256-GCM), the
 * data key under the master key. Both AADs name the account and the secret's purpose, so a record moved to another
 * account, or a webhook secret's record put in a vault's place, does not open. The store keeps exactly this record.
 */
export type SealedSecret = SealedVaultSecret;

/** What a sealed secret is for: vault seeds (account vaults and product vaults alike) or webhook signing secrets. */
export type SecretPurpose = 'vault' | 'webhook';

const secretAad = (purpose: SecretPurpose, accountId: string, version: number) =>
  `svc/${purpose}-secret/v${version}/${accountId}`;
const dataKeyContext = (purpose: SecretPurpose, accountId: string, version: number) =>
  `svc/${purpose}-data-key/v${version}/${accountId}`;

export async function sealSecret(
  secret: Uint8Array,
  accountId: string,
  masterKey: MasterKeyProvider,
  purpose: SecretPurpose = 'vault',
): Promise<SealedSecret> {
  const dataKey = randomBytes(32);
  try {
    const ciphertext = sealAesGcm(dataKey, secret, secretAad(purpose, accountId, ENVELOPE_VERSION));
    const { keyId, wrapped } = await masterKey.wrapDataKey(
      dataKey,
      dataKeyContext(purpose, accountId, ENVELOPE_VERSION),
    );
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
  purpose: SecretPurpose = 'vault',
): Promise<Uint8Array> {
  const dataKey = await masterKey.unwrapDataKey(
    { keyId: sealed.masterKeyId, wrapped: sealed.wrappedDataKey },
    dataKeyContext(purpose, accountId, sealed.version),
  );
  try {
    return openAesGcm(dataKey, sealed.ciphertext, secretAad(purpose, accountId, sealed.version));
  } finally {
    dataKey.fill(0);
  }
}
