import type { SupportedChain } from '@x402/extensions/sign-in-with-x';
import { NETWORKS } from '../tokens.js';

/**
 * The chains a wallet can sign in with, offered in every challenge and enforced on every proof: Base (EIP-4361
 * SIWE text, EIP-191 personal_sign; EIP-1271 smart wallets when an RPC verifier is configured) and Solana mainnet
 * (SIWS text, Ed25519). The same CAIP-2 ids as the payment networks (tokens.ts); Stacks has no SIWX scheme.
 * Base comes first, like BASE_USDC in `accepts`: `wrapFetchWithSIWx` signs for the chain of `accepts[0]`.
 */
export const SIWX_SUPPORTED_CHAINS: readonly SupportedChain[] = [
  { chainId: NETWORKS.base, type: 'eip191' },
  { chainId: NETWORKS.solana, type: 'ed25519' },
];
