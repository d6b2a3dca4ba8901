import { parseAbi } from 'viem';

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
