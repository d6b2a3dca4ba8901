/**
 * The standard path of each key, all from one BIP-39 seed, so the vault can be restored from its mnemonic in
 * common wallets:
 * - EVM: BIP-44 coin 60, the same address on every EVM chain (MetaMask's first account).
 * - Solana: SLIP-0010 ed25519, every level hardened (Phantom / Solflare / `solana-keygen` with this path).
 * - Bitcoin: BIP-84 native segwit P2WPKH (bc1q…) and BIP-86 taproot key-path P2TR (bc1p…), first receive address.
 * - Hedera: BIP-44 coin 3030 with an ECDSA secp256k1 key (the Hedera SDK's standard ECDSA path), whose EVM
 *   address is the account alias; the 0.0.x account id does not exist until the first send to or from it
 *   creates the account (spec: hederaNativeSend "creates the source account on first send").
 */
export const DERIVATION_PATHS = {
  evm: "m/44'/60'/0'/0/0",
  solana: "m/44'/501'/0'/0'",
  bitcoinSegwit: "m/84'/0'/0'/0/0",
  bitcoinTaproot: "m/86'/0'/0'/0/0",
  hedera: "m/44'/3030'/0'/0/0",
} as const;
