/**
 * bitcoinjs-lib signers for the vault's two Bitcoin keys (WIF from accountVaultKeys): P2WPKH signs with the key
 * itself (ECDSA, low-S); the BIP-86 taproot key path signs with the key tweaked by the hash of its own x-only
 * public key (no script tree), which is what bitcoinjs-lib's Psbt.signInput expects for a key-path input.
 */
import { secp256k1, schnorr } from '@noble/curves/secp256k1';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/abstract/utils';
import { WIF } from '@scure/btc-signer';
import { crypto, type Signer } from 'bitcoinjs-lib';

function signerOf(privateKey: Uint8Array): Signer {
  return {
    publicKey: secp256k1.getPublicKey(privateKey, true),
    sign: (hash) => secp256k1.sign(hash, privateKey, { lowS: true }).toCompactRawBytes(),
    signSchnorr: (hash) => schnorr.sign(hash, privateKey),
  };
}

/** A 32-byte private key in WIF (mainnet, compressed): what the signers here take, for keys made outside a vault. */
export const wifOfPrivateKey = (privateKey: Uint8Array): string => WIF().encode(privateKey);

/** The signer of a P2WPKH input paid to the key in `wif`. */
export function p2wpkhSigner(wif: string): Signer {
  return signerOf(WIF().decode(wif));
}

/** The x-only internal key of a BIP-86 taproot key (what a PSBT input's tapInternalKey holds). */
export function taprootInternalKey(wif: string): Uint8Array {
  return secp256k1.getPublicKey(WIF().decode(wif), true).subarray(1);
}

/** The signer of a BIP-86 (key path, no script tree) P2TR input whose internal key is the key in `wif`. */
export function p2trKeyPathSigner(wif: string): Signer {
  const secret = WIF().decode(wif);
  const { n } = secp256k1.CURVE;
  const point = secp256k1.getPublicKey(secret, true);
  // BIP-340 keys have an even y: negate the secret when its point's y is odd, then add the tweak.
  const even = point[0] === 0x02 ? bytesToNumberBE(secret) : n - bytesToNumberBE(secret);
  const tweak = bytesToNumberBE(crypto.taggedHash('TapTweak', point.subarray(1)));
  return signerOf(numberToBytesBE((even + tweak) % n, 32));
}
