import { evmChainById } from '@svc/chains';
import { sandboxUsdcAddress } from '../evm/sandbox-chain.js';
import { sandboxMarketLayout } from '../evm/sandbox-market.js';
import { SANDBOX_HEDERA_TOKENS } from '../hedera/seed.js';
import { SANDBOX_SOLANA_TOKENS } from '../solana/tokens.js';

/**
 * The networks the sandbox bridge operator and router solver serve, by the tools' network codes: the five EVM anvils,
 * Solana, Hedera (a bridge network only: Relay has no Hedera) and Bitcoin.
 */
export const CROSS_CHAIN_NETWORKS = ['eth', 'bsc', 'matic', 'base', 'alt', 'sol', 'hbar', 'btc'] as const;
export type CrossChainNetwork = (typeof CROSS_CHAIN_NETWORKS)[number];
export type CrossChainEvmNetwork = Exclude<CrossChainNetwork, 'sol' | 'hbar' | 'btc'>;

/** EVM chain id of each EVM network code ('alt' is the altchain, 4663). */
export const EVM_CHAIN_ID: Readonly<Record<CrossChainEvmNetwork, number>> = {
  eth: 1,
  bsc: 56,
  matic: 137,
  base: 8453,
  alt: 4663,
};

/** Relay's chain id for Solana (its API names non-EVM chains by ids of its own). */
export const RELAY_SOLANA_CHAIN_ID = 792703809;
/** Hedera mainnet's EVM chain id. */
export const HEDERA_CHAIN_ID = 295;
/** Relay's chain id for Bitcoin. */
export const RELAY_BITCOIN_CHAIN_ID = 8253038;

export const isEvmNetwork = (network: CrossChainNetwork): network is CrossChainEvmNetwork => network in EVM_CHAIN_ID;

/** One currency on one network, as the operator and the solver hold, price and pay it. */
export interface CrossChainAsset {
  readonly network: CrossChainNetwork;
  /** EVM chain id, Relay's Solana or Bitcoin id, or Hedera's EVM chain id. */
  readonly chainId: number;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  /** ERC-20 contract, SPL mint or HTS token id; null for the network's native coin. */
  readonly address: string | null;
}

/**
 * Every currency the sandbox serves: each EVM chain's seeded fungible tokens (native coin, USDC, wrapped native,
 * LINK, UNI, WBTC), Solana's classic SPL tokens and SOL (WSOL, which is SOL, and the Token-2022 TFEE are left out),
 * HBAR with the Hedera ledger's HTS tokens, and BTC.
 * Fixed by the chains' seeded layouts, so listing them starts no chain.
 */
export const SANDBOX_CROSS_CHAIN_ASSETS: readonly CrossChainAsset[] = [
  ...CROSS_CHAIN_NETWORKS.filter(isEvmNetwork).flatMap((network) => {
    const chainId = EVM_CHAIN_ID[network];
    const chainName = evmChainById(chainId)?.name ?? network;
    return sandboxMarketLayout(chainId, sandboxUsdcAddress(chainId)).tokens.map((token) => ({
      network,
      chainId,
      symbol: token.symbol,
      name: token.address === null ? `${token.name} (${chainName})` : token.name,
      decimals: token.decimals,
      address: token.address,
    }));
  }),
  ...SANDBOX_SOLANA_TOKENS.filter((token) => token.symbol !== 'WSOL' && !token.token2022).map((token) => ({
    network: 'sol' as const,
    chainId: RELAY_SOLANA_CHAIN_ID,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    address: token.mint,
  })),
  { network: 'hbar', chainId: HEDERA_CHAIN_ID, symbol: 'HBAR', name: 'Hedera', decimals: 8, address: null },
  ...SANDBOX_HEDERA_TOKENS.map((token) => ({
    network: 'hbar' as const,
    chainId: HEDERA_CHAIN_ID,
    symbol: token.symbol,
    name: `${token.name} (Hedera)`,
    decimals: token.decimals,
    address: token.tokenId,
  })),
  { network: 'btc', chainId: RELAY_BITCOIN_CHAIN_ID, symbol: 'BTC', name: 'Bitcoin', decimals: 8, address: null },
];

/** The served currency on `network` whose contract or mint is `address` (null: the native coin); case-insensitive on EVM. */
export function sandboxAsset(network: CrossChainNetwork, address: string | null): CrossChainAsset | undefined {
  const same = (a: string | null) =>
    a === address ||
    (a !== null && address !== null && isEvmNetwork(network) && a.toLowerCase() === address.toLowerCase());
  return SANDBOX_CROSS_CHAIN_ASSETS.find((asset) => asset.network === network && same(asset.address));
}
