/**
 * Constant-product (x·y = k) pool math as SaucerSwap V1 (a Uniswap V2 fork) runs it: a 0.3 % fee on the input,
 * amounts rounded in the pool's favour. Shared by the sandbox router (which applies swaps), the sandbox quote and
 * the live quote from SaucerSwap's pool reserves, so a quote and its fill use one formula.
 */
export const POOL_FEE_BPS = 30n;
const BPS = 10_000n;

/** Output for an exact input (Uniswap V2 getAmountOut). Zero when the pool is empty. */
export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * (BPS - POOL_FEE_BPS);
  return (inWithFee * reserveOut) / (reserveIn * BPS + inWithFee);
}

/** Input needed for an exact output (Uniswap V2 getAmountIn); undefined when the pool cannot pay that much. */
export function amountIn(amountOutWanted: bigint, reserveIn: bigint, reserveOut: bigint): bigint | undefined {
  if (amountOutWanted <= 0n || reserveIn <= 0n || amountOutWanted >= reserveOut) return undefined;
  return (reserveIn * amountOutWanted * BPS) / ((reserveOut - amountOutWanted) * (BPS - POOL_FEE_BPS)) + 1n;
}
