import { hmac } from '@noble/hashes/hmac';
import { sha512 } from '@noble/hashes/sha2';

const HARDENED = 0x8000_0000;

export interface Slip10Node {
  readonly privateKey: Uint8Array;
  readonly chainCode: Uint8Array;
}

/**
 * SLIP-0010 private derivation for ed25519 (BIP-32 cannot derive ed25519 keys). ed25519 only has hardened
 * children, so every path segment must carry the ' mark.
 */
export function slip10Ed25519(seed: Uint8Array, path: string): Slip10Node {
  const segments = path.split('/');
  if (segments.shift() !== 'm') throw new Error(`A derivation path starts with m: ${path}`);
  let node = split(hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed));
  for (const segment of segments) {
    const match = /^(\d+)'$/.exec(segment);
    if (!match) throw new Error(`ed25519 derivation is hardened only: "${segment}" in ${path}`);
    const index = new Uint8Array(4);
    new DataView(index.buffer).setUint32(0, Number(match[1]) + HARDENED);
    node = split(hmac(sha512, node.chainCode, new Uint8Array([0, ...node.privateKey, ...index])));
  }
  return node;
}

const split = (i: Uint8Array): Slip10Node => ({ privateKey: i.slice(0, 32), chainCode: i.slice(32) });
