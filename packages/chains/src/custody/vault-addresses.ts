import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { p2tr, p2wpkh } from '@scure/btc-signer';
import { bytesToHex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { DERIVATION_PATHS } from './derivation-paths.js';
import { slip10Ed25519 } from './slip10-ed25519.js';

/** A vault's public side: safe to store in clear and to show. */
export interface VaultAddresses {
  /** One address on every EVM chain (ethereum, bsc, polygon, base, altchain). */
  readonly evm: string;
  readonly solana: string;
  readonly bitcoin: {
    readonly segwit: string;
    readonly taproot: string;
    /** The segwit key as 66 hex digits (what getAllBalances takes for Bitcoin). */
    readonly publicKey: string;
  };
  readonly hedera: {
    /** Compressed ECDSA secp256k1 public key, hex. */
    readonly publicKey: string;
    /** The key's EVM address: the alias a Hedera account is created under on its first send. */
    readonly evmAddress: string;
  };
}

/** The secp256k1 node at `path` (BIP-32); the caller wipes it. */
function secp256k1At(root: HDKey, path: string): HDKey {
  const node = root.derive(path);
  if (!node.privateKey || !node.publicKey) throw new Error(`No private key at ${path}`);
  return node;
}

/** The key nodes of every vault network, derived from the BIP-39 seed along DERIVATION_PATHS. */
export interface VaultKeyNodes {
  readonly evm: HDKey;
  readonly segwit: HDKey;
  readonly taproot: HDKey;
  readonly hedera: HDKey;
  readonly solana: { readonly privateKey: Uint8Array };
}

/** Runs `use` over the vault's key nodes, then wipes every private key they hold, whatever `use` did. */
export function withVaultKeyNodes<T>(seed: Uint8Array, use: (nodes: VaultKeyNodes) => T): T {
  const root = HDKey.fromMasterSeed(seed);
  const nodes = {
    evm: secp256k1At(root, DERIVATION_PATHS.evm),
    segwit: secp256k1At(root, DERIVATION_PATHS.bitcoinSegwit),
    taproot: secp256k1At(root, DERIVATION_PATHS.bitcoinTaproot),
    hedera: secp256k1At(root, DERIVATION_PATHS.hedera),
    solana: slip10Ed25519(seed, DERIVATION_PATHS.solana),
  };
  try {
    return use(nodes);
  } finally {
    for (const node of [root, nodes.evm, nodes.segwit, nodes.taproot, nodes.hedera]) node.wipePrivateData();
    nodes.solana.privateKey.fill(0);
  }
}

/** Every vault address, derived from the BIP-39 seed along DERIVATION_PATHS; the private keys are wiped after. */
export function deriveVaultAddresses(seed: Uint8Array): VaultAddresses {
  return withVaultKeyNodes(seed, ({ evm, segwit, taproot, hedera, solana }) => ({
    evm: privateKeyToAddress(bytesToHex(evm.privateKey!)),
    solana: base58.encode(ed25519.getPublicKey(solana.privateKey)),
    bitcoin: {
      segwit: p2wpkh(segwit.publicKey!).address,
      // BIP-86: the x-only internal key, tweaked with an empty script tree.
      taproot: p2tr(taproot.publicKey!.slice(1)).address,
      publicKey: bytesToHex(segwit.publicKey!).slice(2),
    },
    hedera: {
      publicKey: bytesToHex(hedera.publicKey!).slice(2),
      evmAddress: privateKeyToAddress(bytesToHex(hedera.privateKey!)),
    },
  }));
}
