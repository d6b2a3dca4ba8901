/**
 * The market simulator's wallets: a fixed set derived from a public seed, so every sandbox (and every restart) has the
 * same wallets at the same addresses. Each has one EVM key (the same address on every sandbox EVM chain), one
 * Solana keypair and one Bitcoin key (taproot for even indexes, native segwit for odd ones, so the marketplace sees
 * both kinds of seller). The keys are public by construction: they must never hold anything on a real chain.
 */
import { createHash } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit';
import { bytesToHex } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { type BitcoinKey, bitcoinKey } from '../bitcoin/marketplace/bitcoin-key.js';

/** What a simulated wallet is (Nansen's label families). */
export type SimulatedWalletKind = 'smart_money' | 'fund' | 'market_maker' | 'retail' | 'fresh_wallet';

export interface SimulatedWalletLabel {
  readonly kind: SimulatedWalletKind;
  /** The display label, worded as Nansen words its own. */
  readonly name: string;
}

export interface SimulatedWallet {
  /** Position in {@link SIMULATED_WALLET_LABELS}; the planner names wallets by it. */
  readonly index: number;
  readonly label: SimulatedWalletLabel;
  readonly evm: PrivateKeyAccount;
  readonly solana: KeyPairSigner;
  readonly bitcoin: BitcoinKey;
}

const label = (kind: SimulatedWalletKind, name: string): SimulatedWalletLabel => ({ kind, name });

/** The wallets' labels, one per wallet (20): their mix is what the analytics tools see. */
export const SIMULATED_WALLET_LABELS: readonly SimulatedWalletLabel[] = [
  ...Array.from({ length: 3 }, () => label('smart_money', 'Smart Trader')),
  ...Array.from({ length: 2 }, () => label('smart_money', '30D Smart Trader')),
  ...Array.from({ length: 3 }, () => label('fund', 'Fund')),
  ...Array.from({ length: 3 }, () => label('market_maker', 'Market Maker')),
  ...Array.from({ length: 6 }, () => label('retail', 'Retail')),
  ...Array.from({ length: 3 }, () => label('fresh_wallet', 'Fresh Wallet')),
];

/** The default seed of the wallets' keys. */
export const SIMULATED_WALLET_SEED = 'svc.sandbox.market-sim';

/** The secret key of a simulated wallet's key on one chain family (its EVM key is also its Hedera ECDSA key). */
export const secretOf = (seed: string, index: number, chain: 'evm' | 'solana' | 'bitcoin') =>
  new Uint8Array(createHash('sha256').update(`${seed}:wallet:${index}:${chain}`).digest());

/** The simulated wallets for `seed`: the same keys for the same seed. */
export async function simulatedWallets(seed: string = SIMULATED_WALLET_SEED): Promise<readonly SimulatedWallet[]> {
  return Promise.all(
    SIMULATED_WALLET_LABELS.map(async (walletLabel, index) => ({
      index,
      label: walletLabel,
      evm: privateKeyToAccount(bytesToHex(secretOf(seed, index, 'evm'))),
      solana: await createKeyPairSignerFromPrivateKeyBytes(secretOf(seed, index, 'solana')),
      bitcoin: bitcoinKey(secretOf(seed, index, 'bitcoin'), index % 2 === 0 ? 'p2tr' : 'p2wpkh'),
    })),
  );
}
