import * as ecc from '@bitcoinerlab/secp256k1';
import { address as addressCodec, initEccLib, networks, payments } from 'bitcoinjs-lib';

// bitcoinjs-lib checks taproot output keys with an injected curve library (pure JS here).
initEccLib(ecc);

/** CAIP-2 id of Bitcoin mainnet (BIP-122 genesis block hash prefix); the sandbox ledger uses mainnet addresses too. */
export const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93';

/** The output script of a mainnet address, or undefined when it is not one (wrong checksum, network or program). */
export function bitcoinOutputScript(address: string): Uint8Array | undefined {
  try {
    return addressCodec.toOutputScript(address, networks.bitcoin);
  } catch {
    return undefined;
  }
}

/** Addresses already found valid: decoding a taproot address lifts its key onto the curve (a modular square root). */
const validAddresses = new Set<string>();
const VALID_ADDRESSES_KEPT = 10_000;

/** Whether `address` is a Bitcoin mainnet address; balance reads check the same vault addresses on every call. */
export function isBitcoinMainnetAddress(address: string): boolean {
  if (validAddresses.has(address)) return true;
  if (bitcoinOutputScript(address) === undefined) return false;
  if (validAddresses.size >= VALID_ADDRESSES_KEPT) validAddresses.clear();
  validAddresses.add(address);
  return true;
}

/**
 * The two addresses a wallet shows for one compressed public key (66 hex digits, 02/03 prefix): native segwit
 * P2WPKH and BIP-86 taproot P2TR (key path, the key's x coordinate as internal key).
 */
export function addressesOfPublicKey(publicKeyHex: string): { readonly segwit: string; readonly taproot: string } {
  const pubkey = Uint8Array.from(Buffer.from(publicKeyHex, 'hex'));
  return {
    segwit: payments.p2wpkh({ pubkey, network: networks.bitcoin }).address!,
    taproot: payments.p2tr({ internalPubkey: pubkey.subarray(1), network: networks.bitcoin }).address!,
  };
}
