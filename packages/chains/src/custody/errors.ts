/**
 * Typed custody failures. Their messages name what failed (an account, a key id), never a secret: they may reach
 * logs and, wrapped as an internal error, a caller.
 */
export class CustodyError extends Error {
  override readonly name: string = 'CustodyError';
}

/** A master key setting that is not 32 bytes written as 64 hex digits or base64. */
export class InvalidMasterKey extends CustodyError {
  override readonly name = 'InvalidMasterKey';
}

/** A sealed record names a master key id this service does not hold (a wrong or retired key). */
export class MasterKeyUnknown extends CustodyError {
  override readonly name = 'MasterKeyUnknown';
  constructor(readonly keyId: string) {
    super(`The master key "${keyId}" that sealed this record is not configured.`);
  }
}

/** AES-GCM refused a ciphertext: wrong key, another account's record, or tampered bytes. No plaintext is returned. */
export class SealBroken extends CustodyError {
  override readonly name = 'SealBroken';
}
