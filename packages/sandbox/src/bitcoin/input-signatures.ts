/**
 * Input signature checks of the sandbox Bitcoin ledger: the two script kinds the vaults spend, P2WPKH (BIP-143
 * sighash, ECDSA, low-S DER) and P2TR key path (BIP-341 sighash, BIP-340 Schnorr). The sighashes come from
 * bitcoinjs-lib's Transaction (the library that builds the transactions), the curve checks from @noble/curves, so a
 * transaction passes only if a real wallet would have produced it.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1';
import { crypto, Transaction } from 'bitcoinjs-lib';

/** A spent output as the ledger knows it. */
export interface SpentOutput {
  readonly script: Uint8Array;
  readonly value: bigint;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, index) => byte === b[index]);

const isP2wpkh = (script: Uint8Array) => script.length === 22 && script[0] === 0x00 && script[1] === 0x14;
const isP2tr = (script: Uint8Array) => script.length === 34 && script[0] === 0x51 && script[1] === 0x20;

/** BIP-143 script code of a P2WPKH spend: the P2PKH script of the key hash. */
const p2pkhScriptCode = (keyHash: Uint8Array) => Uint8Array.from([0x76, 0xa9, 0x14, ...keyHash, 0x88, 0xac]);

function p2wpkhFailure(tx: Transaction, index: number, prevout: SpentOutput): string | null {
  const witness = tx.ins[index]!.witness;
  if (witness.length !== 2) return 'a P2WPKH spend needs a witness of [signature, public key]';
  const [signature, publicKey] = witness as [Uint8Array, Uint8Array];
  if (publicKey.length !== 33) return 'the witness public key is not a 33-byte compressed key';
  if (!sameBytes(crypto.hash160(publicKey), prevout.script.subarray(2)))
    return "the witness public key does not hash to the output's key hash";
  if (signature.length < 9) return 'the signature is too short';
  const hashType = signature[signature.length - 1]!;
  const sighash = tx.hashForWitnessV0(index, p2pkhScriptCode(prevout.script.subarray(2)), prevout.value, hashType);
  try {
    const parsed = secp256k1.Signature.fromDER(signature.subarray(0, -1));
    return secp256k1.verify(parsed, sighash, publicKey, { lowS: true }) ? null : 'the ECDSA signature does not verify';
  } catch {
    return 'the signature is not a valid DER ECDSA signature';
  }
}

function p2trFailure(tx: Transaction, index: number, prevouts: readonly SpentOutput[]): string | null {
  const witness = tx.ins[index]!.witness;
  // An annex (last element starting 0x50) is not used by the vaults; script-path spends are not modelled.
  if (witness.length !== 1) return 'only taproot key-path spends (one witness element) are accepted';
  const signature = witness[0]!;
  if (signature.length !== 64 && signature.length !== 65) return 'a taproot key-path signature has 64 or 65 bytes';
  const hashType = signature.length === 65 ? signature[64]! : Transaction.SIGHASH_DEFAULT;
  if (signature.length === 65 && hashType === Transaction.SIGHASH_DEFAULT)
    return 'a 65-byte taproot signature cannot name SIGHASH_DEFAULT';
  const sighash = tx.hashForWitnessV1(
    index,
    prevouts.map((out) => out.script),
    prevouts.map((out) => out.value),
    hashType,
  );
  const outputKey = prevouts[index]!.script.subarray(2);
  return schnorr.verify(signature.subarray(0, 64), sighash, outputKey)
    ? null
    : 'the Schnorr signature does not verify against the output key';
}

/** Why input `index` of `tx` is not validly signed for the outputs it spends, or null when it is. */
export function inputSignatureFailure(tx: Transaction, index: number, prevouts: readonly SpentOutput[]): string | null {
  const prevout = prevouts[index]!;
  if (tx.ins[index]!.script.length > 0) return 'segwit inputs must have an empty scriptSig';
  if (isP2wpkh(prevout.script)) return p2wpkhFailure(tx, index, prevout);
  if (isP2tr(prevout.script)) return p2trFailure(tx, index, prevouts);
  return 'only P2WPKH and P2TR outputs can be spent on the sandbox ledger';
}
