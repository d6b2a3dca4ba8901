// EVM chain tools (Ethereum, BSC, Polygon, Base, altchain): one handler factory per tool kind, bound per chain.
import type { HandlerTable } from '../handler.js';
import { getBalances } from './balances.js';
import { sendErc20 } from './erc20-send.js';
import { nativeSend } from './native-send.js';
import { sendNft } from './nft-send.js';
import { swap, swapQuote } from './swap/swap-tools.js';

export { EVM_BALANCE_READERS, evmBalanceReader } from './balances.js';
export type { EvmNetwork, EvmNetworks, KnownToken, SwapRequest, SwapRoute, SwapToken, SwapVenue } from './evm-networks.js';
export { LIVE_KNOWN_TOKENS, liveEvmNetworks } from './live-evm-networks.js';
export { executeSwap, type ExecuteSwapInput, type ExecuteSwapResult } from './swap/execute-swap.js';
export { NATIVE_GAS_RESERVE } from './native-send.js';

/** The EVM tools of every chain, named per the spec's table. */
export const evmHandlers = {
  ethNativeSend: nativeSend(1),
  bnbNativeSend: nativeSend(56),
  polygonNativeSend: nativeSend(137),
  baseNativeSend: nativeSend(8453),
  altchainNativeSend: nativeSend(4663),
  ethSendERC20Token: sendErc20(1),
  bscSendERC20Token: sendErc20(56),
  polygonSendERC20Token: sendErc20(137),
  baseSendERC20Token: sendErc20(8453),
  altchainSendERC20Token: sendErc20(4663),
  ethGetBalances: getBalances(1),
  bscGetBalances: getBalances(56),
  polygonGetBalances: getBalances(137),
  baseGetBalances: getBalances(8453),
  altchainGetBalances: getBalances(4663),
  ethSwapQuote: swapQuote(1),
  bscSwapQuote: swapQuote(56),
  polygonSwapQuote: swapQuote(137),
  baseSwapQuote: swapQuote(8453),
  altchainSwapQuote: swapQuote(4663),
  ethSwap: swap(1),
  bscSwap: swap(56),
  polygonSwap: swap(137),
  baseSwap: swap(8453),
  altchainSwap: swap(4663),
  ethSendNFT: sendNft(null),
  baseSendNFT: sendNft(8453),
  altchainSendNFT: sendNft(4663),
} satisfies HandlerTable;
