import { entropyToMnemonic, generateMnemonic, mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';

/**
 * A vault's root secret is BIP-39 entropy (32 bytes, a 24-word English mnemonic). The entropy is what gets sealed:
 * the mnemonic and the 64-byte seed follow from it, and the mnemonic is what a key reveal hands to the owner.
 */
export const newVaultEntropy = (): Uint8Array => mnemonicToEntropy(generateMnemonic(wordlist, 256), wordlist);

export const mnemonicOf = (entropy: Uint8Array): string => entropyToMnemonic(entropy, wordlist);

/** The BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds, empty passphrase) every derivation path starts from. */
export const seedOf = (mnemonic: string): Uint8Array => mnemonicToSeedSync(mnemonic);
