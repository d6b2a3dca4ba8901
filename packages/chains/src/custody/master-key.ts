/**
 * Where the key-encryption key lives. Vault seeds are sealed under a per-seed data key, and only that data key is
 * sealed by the master key: a KMS implementation wraps and unwraps data keys remotely (e.g. KMS Encrypt/Decrypt
 * with `context` as its encryption context) and the master key never enters the process.
 */
export interface MasterKeyProvider {
  /** Id of the key new data keys are wrapped under; stored beside each sealed seed (rotation finds the others). */
  readonly currentKeyId: string;
  /** Seal a data key under the current master key; `context` is authenticated (AAD) and needed again to unwrap. */
  wrapDataKey(dataKey: Uint8Array, context: string): Promise<WrappedDataKey>;
  /** The data key; MasterKeyUnknown when `keyId` is not held, SealBroken when it does not authenticate. */
  unwrapDataKey(wrapped: WrappedDataKey, context: string): Promise<Uint8Array>;
}

export interface WrappedDataKey {
  readonly keyId: string;
  /** Opaque to callers: base64 for the local key ring, the KMS ciphertext blob otherwise. */
  readonly wrapped: string;
}
