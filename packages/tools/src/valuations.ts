import { entryValue, exitValue, deleteOrderValue } from './conditional-orders/valuations.js';
import { sendInscriptionValue, sendRunesValue, sendXcpValue, transferBtcValue } from './bitcoin/valuations.js';
import { erc20SendValue, nativeSendValue, nftSendValue, swapValue } from './evm/valuations.js';
import { hederaNativeSendValue, hederaSwapValue, hederaTokenSendValue } from './hedera/valuations.js';
import { splBuyIntentValue, solanaTransferValue } from './solana/valuations.js';
import { movesNothing, type ValuationTable } from './valuation.js';

/**
 * What every wallet-modifying tool moves, as its account's spending caps count it (valuation.ts). A tool with effect
 * 'write' and a handler must appear here (valuations.test.ts), valued or declared `movesNothing`.
 */
export const valuations: ValuationTable = {
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
  solanaTransfer: solanaTransferValue,
  splBuyIntent: splBuyIntentValue,
  hederaNativeSend: hederaNativeSendValue,
  hederaERC20TokenSend: hederaTokenSendValue,
  hederaTokensSwap: hederaSwapValue,
  transferBTC: transferBtcValue,
  sendRunes: sendRunesValue,
  sendInscription: sendInscriptionValue,
  sendXCP: sendXcpValue,
  createSolanaConditionalEntry: entryValue('solana'),
  createSolanaConditionalExit: exitValue('solana'),
  createEthereumConditionalEntry: entryValue('ethereum'),
  createEthereumConditionalExit: exitValue('ethereum'),
  createBscConditionalEntry: entryValue('bsc'),
  createBscConditionalExit: exitValue('bsc'),
  createPolygonConditionalEntry: entryValue('polygon'),
  createPolygonConditionalExit: exitValue('polygon'),
  createBaseConditionalEntry: entryValue('base'),
  createBaseConditionalExit: exitValue('base'),
  deleteConditionalOrder: deleteOrderValue,
  // Position edits and cancellations change orders, not balances; an order's funding was counted when it was placed.
  updatePosition: movesNothing,
  cancelPosition: movesNothing,
  closeAllPositions: movesNothing,
  // Vault bookkeeping: the operator mints the vault's NFT and pays for it; no value leaves the caller's wallets.
  svcCreateVault: movesNothing,
  svcQuickVault: movesNothing,
  svcMintVault: movesNothing,
  svcDeleteVault: movesNothing,
  svcRevealKeys: movesNothing,
};
