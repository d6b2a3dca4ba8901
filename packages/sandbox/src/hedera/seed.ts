import { HBAR } from '@svc/chains';

/** An HTS fungible token on the sandbox ledger. */
export interface SandboxHederaToken {
  readonly tokenId: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

/** A constant-product pool: a contract account holding both reserves. `HBAR` is held as the account's HBAR. */
export interface SandboxHederaPoolSeed {
  readonly contractId: string;
  readonly assets: readonly [string, string];
  /** Genesis reserves in atomic units, in the order of `assets`. */
  readonly reserves: readonly [bigint, bigint];
}

/**
 * The tokens carry their Hedera mainnet ids (USDC 0.0.456858, SAUCE 0.0.731861, HBARX 0.0.834116), so token ids
 * copied from the sandbox mean the same token on mainnet. Pool ids are the sandbox's own.
 */
export const SANDBOX_HEDERA_TOKENS: readonly SandboxHederaToken[] = [
  { tokenId: '0.0.456858', symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { tokenId: '0.0.731861', symbol: 'SAUCE', name: 'SaucerSwap', decimals: 6 },
  { tokenId: '0.0.834116', symbol: 'HBARX', name: 'HBARX', decimals: 8 },
];

/** SaucerSwap V1's router and WHBAR (the path element that stands for HBAR), at their mainnet ids. */
export const SANDBOX_SWAP_ROUTER_ID = '0.0.3045981';
export const SANDBOX_WHBAR_TOKEN_ID = '0.0.1456986';

const units = (whole: number, decimals: number) => BigInt(whole) * 10n ** BigInt(decimals);

/** Seeded at prices of about HBAR 0.25 USD, SAUCE 0.05 USD, HBARX 0.30 USD. */
export const SANDBOX_HEDERA_POOLS: readonly SandboxHederaPoolSeed[] = [
  { contractId: '0.0.5000101', assets: [HBAR, '0.0.456858'], reserves: [units(4_000_000, 8), units(1_000_000, 6)] },
  { contractId: '0.0.5000102', assets: [HBAR, '0.0.731861'], reserves: [units(2_000_000, 8), units(10_000_000, 6)] },
  {
    contractId: '0.0.5000103',
    assets: ['0.0.456858', '0.0.731861'],
    reserves: [units(250_000, 6), units(5_000_000, 6)],
  },
  { contractId: '0.0.5000104', assets: [HBAR, '0.0.834116'], reserves: [units(1_200_000, 8), units(1_000_000, 8)] },
];

/** The treasury (0.0.2) holds all HBAR and every token's supply; the faucet pays from it with signed transfers. */
export const SANDBOX_TREASURY_ID = '0.0.2';
export const SANDBOX_TREASURY_GENESIS = {
  hbar: units(5_000_000_000, 8),
  tokenSupply: (decimals: number) => units(10_000_000_000, decimals),
};
/** The node every sandbox transaction names (a transaction for another node is refused, as a node would). */
export const SANDBOX_NODE_ACCOUNT_ID = '0.0.3';
/** New accounts are numbered from here. */
export const SANDBOX_FIRST_ACCOUNT_NUM = 1001n;
