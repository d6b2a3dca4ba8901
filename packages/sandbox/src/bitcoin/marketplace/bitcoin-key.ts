import { secp256k1 } from '@noble/curves/secp256k1';
import { WIF } from '@scure/btc-signer';
import { addressesOfPublicKey, p2trKeyPathSigner, p2wpkhSigner, taprootInternalKey } from '@svc/chains';
import type { Signer } from 'bitcoinjs-lib';

/** A wallet key of one of the two script kinds the sandbox ledger spends: native segwit or BIP-86 taproot. */
export interface BitcoinKey {
  readonly kind: 'p2wpkh' | 'p2tr';
  readonly address: string;
  readonly signer: Signer;
  /** The x-only internal key a taproot input's PSBT data names (undefined for P2WPKH). */
  readonly tapInternalKey: Uint8Array | undefined;
}

/** The key of `privateKey` (32 bytes) paying to its P2WPKH or P2TR mainnet address. */
export function bitcoinKey(privateKey: Uint8Array, kind: BitcoinKey['kind']): BitcoinKey {
  const wif = WIF().encode(privateKey);
  const addresses = addressesOfPublicKey(Buffer.from(secp256k1.getPublicKey(privateKey, true)).toString('hex'));
  return kind === 'p2wpkh'
    ? { kind, address: addresses.segwit, signer: p2wpkhSigner(wif), tapInternalKey: undefined }
    : { kind, address: addresses.taproot, signer: p2trKeyPathSigner(wif), tapInternalKey: taprootInternalKey(wif) };
}
