import { createHmac, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { openAesGcm, sealAesGcm } from './aes-gcm.js';
import { InvalidMasterKey, MasterKeyUnknown } from './errors.js';
import type { MasterKeyProvider, WrappedDataKey } from './master-key.js';

export const MASTER_KEY_BYTES = 32;

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
/** 32 bytes in standard or URL-safe base64, padded or not. */
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** A master key written as 64 hex digits or base64 (`openssl rand -base64 32`). The message never repeats the value. */
export function parseMasterKey(text: string, setting = 'SVC_MASTER_KEY'): Uint8Array {
  const value = text.trim();
  if (HEX_KEY.test(value)) return new Uint8Array(Buffer.from(value, 'hex'));
  if (BASE64_KEY.test(value)) return new Uint8Array(Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
  throw new InvalidMasterKey(
    `${setting} must be ${MASTER_KEY_BYTES} bytes written as 64 hex digits or base64 (e.g. the output of \`openssl rand -base64 32\`).`,
  );
}

/** A new random master key, base64 (what the sandbox writes to DATA_DIR and the rotation command prints). */
export function newMasterKeyText(): string {
  return randomBytes(MASTER_KEY_BYTES).toString('base64');
}

/** Public, stable id of a key: an HMAC under the key itself, so it identifies the key without revealing it. */
export function masterKeyIdOf(key: Uint8Array): string {
  return `local:${createHmac('sha256', key).update('svc master key id').digest('hex').slice(0, 16)}`;
}

/**
 * Master keys held in process (SVC_MASTER_KEY, plus the previous keys during a rotation): the current one wraps,
 * any of them unwraps. Keys sit in a private field, so neither JSON nor `inspect` (a logged config) shows them.
 */
export class LocalMasterKeyRing implements MasterKeyProvider {
  readonly currentKeyId: string;
  readonly #keys = new Map<string, Uint8Array>();

  constructor(current: Uint8Array, previous: readonly Uint8Array[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== MASTER_KEY_BYTES)
        throw new InvalidMasterKey(`A master key must be ${MASTER_KEY_BYTES} bytes, not ${key.length}.`);
      this.#keys.set(masterKeyIdOf(key), Uint8Array.from(key));
    }
    this.currentKeyId = masterKeyIdOf(current);
  }

  async wrapDataKey(dataKey: Uint8Array, context: string): Promise<WrappedDataKey> {
    const keyId = this.currentKeyId;
    return { keyId, wrapped: sealAesGcm(this.#keys.get(keyId)!, dataKey, `${context}|${keyId}`) };
  }

  async unwrapDataKey({ keyId, wrapped }: WrappedDataKey, context: string): Promise<Uint8Array> {
    const key = this.#keys.get(keyId);
    if (!key) throw new MasterKeyUnknown(keyId);
    return openAesGcm(key, wrapped, `${context}|${keyId}`);
  }

  toJSON() {
    return { currentKeyId: this.currentKeyId };
  }

  [inspect.custom]() {
    return `LocalMasterKeyRing { currentKeyId: '${this.currentKeyId}', keys: ${this.#keys.size} }`;
  }
}
