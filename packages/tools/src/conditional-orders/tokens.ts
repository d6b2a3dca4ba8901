import type { OrderNetwork } from '@svc/store';

/**
 * How a token is stored and matched: EVM addresses lower-cased (checksummed and plain spellings are one token),
 * Solana mints as given (base58 is case-sensitive). The native constants (ETH_NATIVE, SOL_NATIVE) stay tokens like
 * any other, so the price feeds and executors see exactly what the caller wrote.
 */
export function tokenKey(network: OrderNetwork, token: string): string {
  return network === 'solana' ? token : token.toLowerCase();
}
