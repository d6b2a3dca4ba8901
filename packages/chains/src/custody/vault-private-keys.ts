import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { WIF } from '@scure/btc-signer';
import { bytesToHex } from 'viem';
import { DERIVATION_PATHS } from './derivation-paths.js';
import { deriveVaultAddresses, type VaultAddresses, withVaultKeyNodes } from './vault-addresses.js';

/**
 * A vault's secrets in the formats common wallets import: what svcRevealKeys hands to the NFT holder, once. Each key
 * sits next to the address it controls, so the holder can check one against the other.
 */
export interface VaultPrivateKeys {
  /** The 24-word BIP-39 mnemonic: restores every key below along DERIVATION_PATHS. */
  readonly mnemonic: string;
  readonly derivationPaths: typeof DERIVATION_PATHS;
  readonly evm: { readonly address: string; readonly privateKey: string };
  /** secretKey: the 64-byte keypair (seed + public key) in base58, as Phantom and Solflare import it. */
  readonly solana: { readonly address: string; readonly secretKey: string };
  readonly bitcoin: {
    readonly segwit: { readonly address: string; readonly wif: string };
    /** The BIP-86 internal key (import with a tr() descriptor). */
    readonly taproot: { readonly address: string; readonly wif: string };
  };
  readonly hedera: { readonly evmAddress: string; readonly publicKey: string; readonly privateKey: string };
}

/** Every private key of a vault, from its mnemonic. The derivation nodes are wiped; the returned strings are the secret. */
export function deriveVaultPrivateKeys(mnemonic: string, seed: Uint8Array): VaultPrivateKeys {
  const addresses: VaultAddresses = deriveVaultAddresses(seed);
  return withVaultKeyNodes(seed, ({ evm, segwit, taproot, hedera, solana }) => {
    const solanaKeypair = new Uint8Array([...solana.privateKey, ...ed25519.getPublicKey(solana.privateKey)]);
    return {
      mnemonic,
      derivationPaths: DERIVATION_PATHS,
      evm: { address: addresses.evm, privateKey: bytesToHex(evm.privateKey!) },
      solana: { address: addresses.solana, secretKey: base58.encode(solanaKeypair) },
      bitcoin: {
        segwit: { address: addresses.bitcoin.segwit, wif: WIF().encode(segwit.privateKey!) },
        taproot: { address: addresses.bitcoin.taproot, wif: WIF().encode(taproot.privateKey!) },
      },
      hedera: {
        evmAddress: addresses.hedera.evmAddress,
        publicKey: addresses.hedera.publicKey,
        privateKey: bytesToHex(hedera.privateKey!),
      },
    };
  });
}
