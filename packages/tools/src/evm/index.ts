// EVM chain tools (Ethereum, BSC, Polygon, Base, altchain): one handler factory per tool kind, bound per chain.
import { defineFamily } from '../family.js';
import { getBalances } from './balances.js';
import { sendErc20 } from './erc20-send.js';
import { nativeSend } from './native-send.js';
import { sendNft } from './nft-send.js';
import { swap, swapQuote } from './swap/swap-tools.js';
import { erc20SendValue, nativeSendValue, nftSendValue, swapValue } from './valuations.js';

export { executeSwap } from './swap/execute-swap.js';

/** The EVM tools of every chain, named per the spec's table. */
export const evmFamily = defineFamily({
  handlers: {
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
  },
  valuations: {
    ethNativeSend: nativeSendValue(1),
    bnbNativeSend: nativeSendValue(56),
    polygonNativeSend: nativeSendValue(137),
    baseNativeSend: nativeSendValue(8453),
    altchainNativeSend: nativeSendValue(4663),
    ethSendERC20Token: erc20SendValue(1),
    bscSendERC20Token: erc20SendValue(56),
    polygonSendERC20Token: erc20SendValue(137),
    baseSendERC20Token: erc20SendValue(8453),
    altchainSendERC20Token: erc20SendValue(4663),
    ethSwap: swapValue(1),
    bscSwap: swapValue(56),
    polygonSwap: swapValue(137),
    baseSwap: swapValue(8453),
    altchainSwap: swapValue(4663),
    ethSendNFT: nftSendValue,
    baseSendNFT: nftSendValue,
    altchainSendNFT: nftSendValue,
  },
});
