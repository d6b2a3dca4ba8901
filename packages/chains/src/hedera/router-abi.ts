import { encodeFunctionData, hexToBytes, parseAbi } from 'viem';

/**
 * The exact-input swaps of SaucerSwap V1's router (a Uniswap V2 router): HBAR goes in as the call's payable amount
 * and comes out as HBAR, with WHBAR's address standing for HBAR in `path`. The tools encode these calls into a
 * ContractExecuteTransaction; the sandbox ledger decodes and runs them.
 */
export const SWAP_ROUTER_ABI = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);

/** Gas a router swap is given: SaucerSwap V1 swaps use well under this. */
export const SWAP_GAS = 1_000_000;

/**
 * The router call for an exact-input swap along `path` (EVM addresses, WHBAR's for HBAR): swapExactETHForTokens
 * when HBAR goes in (`amountIn` is then the call's payable amount, not an argument), swapExactTokensForETH when HBAR
 * comes out, swapExactTokensForTokens otherwise. Returns the ABI-encoded function parameters.
 */
export function swapCallData(swap: {
  hbarIn: boolean;
  hbarOut: boolean;
  amountIn: bigint;
  amountOutMin: bigint;
  path: readonly `0x${string}`[];
  to: `0x${string}`;
  deadline: bigint;
}): Uint8Array {
  const { amountIn, amountOutMin, path, to, deadline } = swap;
  const data = swap.hbarIn
    ? encodeFunctionData({
        abi: SWAP_ROUTER_ABI,
        functionName: 'swapExactETHForTokens',
        args: [amountOutMin, path, to, deadline],
      })
    : encodeFunctionData({
        abi: SWAP_ROUTER_ABI,
        functionName: swap.hbarOut ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
        args: [amountIn, amountOutMin, path, to, deadline],
      });
  return hexToBytes(data);
}
