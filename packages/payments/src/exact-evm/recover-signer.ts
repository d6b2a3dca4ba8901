import { secp256k1 as nobleSecp256k1 } from '@noble/curves/secp256k1';
import { createRequire } from 'node:module';
import { bytesToHex, hexToBytes, keccak256 } from 'viem';

/** The one thing a secp256k1 backend does here: the 65-byte uncompressed public key that signed a 32-byte digest. */
type PublicKeyRecovery = (compactSignature: Uint8Array, recoveryId: 0 | 1, digest: Uint8Array) => Uint8Array;

/** The subset of the `secp256k1` package's native binding used here (its own types describe the pure-JS fallback). */
interface NativeSecp256k1 {
  ecdsaRecover(signature: Uint8Array, recoveryId: number, message: Uint8Array, compressed: boolean): Uint8Array;
}

const nobleRecovery: PublicKeyRecovery = (compactSignature, recoveryId, digest) =>
  nobleSecp256k1.Signature.fromCompact(compactSignature)
    .addRecoveryBit(recoveryId)
    .recoverPublicKey(digest)
    .toRawBytes(false);

/**
 * libsecp256k1 through the `secp256k1` package's N-API binding (a prebuilt binary ships in the package for linux-x64,
 * darwin-arm64 and win32-x64; elsewhere its install step compiles it). Loaded from `secp256k1/bindings`, not the
 * package's main entry, whose own fallback is the slower `elliptic`: where the binary does not load, recovery stays
 * on @noble/curves (what viem uses), about 30x slower (bench/secp256k1-recovery.mjs).
 */
function loadNativeRecovery(): PublicKeyRecovery | undefined {
  try {
    const native = createRequire(import.meta.url)('secp256k1/bindings') as NativeSecp256k1;
    return (compactSignature, recoveryId, digest) => native.ecdsaRecover(compactSignature, recoveryId, digest, false);
  } catch {
    return undefined;
  }
}

const nativeRecovery = loadNativeRecovery();

/** Which backend recovers signers in this process. */
export const signatureRecoveryBackend: 'libsecp256k1' | 'noble' = nativeRecovery ? 'libsecp256k1' : 'noble';

/** secp256k1's group order n, and n/2: a signature with s above n/2 is the malleable twin of one below. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_CURVE_ORDER = CURVE_ORDER >> 1n;

/**
 * The address (lowercase) whose key made `signature` over `digest`, or undefined when it is not a well-formed
 * 65-byte ECDSA signature (r, s, v) or recovers no key. Only `v` 27/28 and low s are taken: EIP-3009 tokens
 * (FiatToken's ECRecover, OpenZeppelin's ECDSA) refuse v 0/1 and high-s signatures on chain, so a signature viem
 * would accept but the token refuses must fail verification, not cost a settlement. The official x402 client signs
 * with viem's signTypedData, which gives v 27/28.
 */
export function recoverSigner(
  digest: `0x${string}`,
  signature: `0x${string}`,
  recover: PublicKeyRecovery = nativeRecovery ?? nobleRecovery,
): string | undefined {
  if (signature.length !== 132) return undefined;
  const bytes = hexToBytes(signature);
  const v = bytes[64]!;
  const recoveryId = v === 27 ? 0 : v === 28 ? 1 : undefined;
  if (recoveryId === undefined) return undefined;
  const r = BigInt(bytesToHex(bytes.subarray(0, 32)));
  const s = BigInt(bytesToHex(bytes.subarray(32, 64)));
  if (r === 0n || r >= CURVE_ORDER || s === 0n || s > HALF_CURVE_ORDER) return undefined;
  let publicKey: Uint8Array;
  try {
    publicKey = recover(bytes.subarray(0, 64), recoveryId, hexToBytes(digest));
  } catch {
    return undefined;
  }
  // The address is the last 20 bytes of the keccak of the key's 64 coordinate bytes (without the 0x04 prefix).
  return `0x${keccak256(publicKey.subarray(1)).slice(-40)}`;
}

/** The backends themselves, for the equality tests and the benchmark. */
export const recoveryBackends = { native: nativeRecovery, noble: nobleRecovery } as const;
