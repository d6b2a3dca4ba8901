/**
 * Solana keypair files in the Solana CLI format (a JSON array of 64 bytes: the 32-byte secret seed, then the 32-byte
 * public key), so a sandbox key can also be inspected or used with `solana` tooling.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createKeyPairSignerFromBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressEncoder,
  type KeyPairSigner,
} from '@solana/kit';

/**
 * The keypair stored in `file`, or a new one written there (mode 0600) when the file does not exist. Without a
 * file, a new ephemeral keypair.
 */
export async function loadOrCreateKeyPairFile(file?: string): Promise<KeyPairSigner> {
  if (file && existsSync(file)) {
    const bytes: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (
      !Array.isArray(bytes) ||
      bytes.length !== 64 ||
      !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)
    ) {
      throw new Error(`${file} is not a Solana keypair file (a JSON array of 64 bytes)`);
    }
    return createKeyPairSignerFromBytes(Uint8Array.from(bytes as number[]));
  }
  const seed = new Uint8Array(randomBytes(32));
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
  if (file) {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const bytes = [...seed, ...getAddressEncoder().encode(signer.address)];
    writeFileSync(file, `${JSON.stringify(bytes)}\n`, { mode: 0o600, flag: 'wx' });
  }
  return signer;
}
