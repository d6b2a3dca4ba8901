import { conditionalOrderHandlers } from './conditional-orders/index.js';
import { evmHandlers } from './evm/index.js';
import { getAllBalances } from './balances/index.js';
import { getBTCBalances, getXCPBalances, sendInscription, sendRunes, sendXCP, transferBTC } from './bitcoin/index.js';
import type { HandlerTable } from './handler.js';
import {
  hederaAccountIdToEvmAddress,
  hederaContractIdToEvmAddress,
  hederaERC20TokenSend,
  hederaFindTokens,
  hederaGetBalances,
  hederaNativeSend,
  hederaTokensSwap,
  hederaTokensSwapQuote,
} from './hedera/index.js';
import { getLeaderboard } from './leaderboard/index.js';
import { migrationGetProjectDetails, migrationListProjects } from './migration/index.js';
import { createMemory, deleteMemory, getUserMemoriesByCategory, getUserMemoryCategories, updateMemory } from './memory/index.js';
import { addTrackedWallet, getTrackedWallets, removeTrackedWallet } from './tracked-wallets/index.js';
import { displayRecommendedEVMTokensToBuy, displayRecommendedHederaTokensToBuy, displayRecommendedSolanaTokensToBuy } from './recommended-tokens/index.js';
import { setSlippageSettings } from './settings/set-slippage-settings.js';
import {
  svcCreateVault,
  svcDeleteVault,
  svcGetCollectionAssets,
  svcGetDepositAddress,
  svcGetVaultDetails,
  svcListCollections,
  svcListMyVaults,
  svcMintVault,
  svcQuickVault,
  svcRefreshBalance,
  svcResolveAsset,
  svcRevealKeys,
} from './vaults/index.js';
import { findSolanaSwapToken, solanaBalances, solanaGetTokenPairPrice, solanaGetTokenPrices, solanaTransfer, splBuyIntent } from './solana/index.js';
import { wallet } from './wallet/index.js';

/** Every implemented tool. A catalog tool missing here answers 501 (and is never charged). */
export const handlers: HandlerTable = {
  hederaContractIdToEvmAddress,
  hederaAccountIdToEvmAddress,
  hederaNativeSend,
  hederaERC20TokenSend,
  hederaGetBalances,
  hederaFindTokens,
  hederaTokensSwapQuote,
  hederaTokensSwap,
  createMemory,
  getUserMemoryCategories,
  getUserMemoriesByCategory,
  updateMemory,
  deleteMemory,
  getTrackedWallets,
  addTrackedWallet,
  removeTrackedWallet,
  migrationListProjects,
  migrationGetProjectDetails,
  getLeaderboard,
  wallet,
  getAllBalances,
  setSlippageSettings,
  displayRecommendedSolanaTokensToBuy,
  displayRecommendedEVMTokensToBuy,
  displayRecommendedHederaTokensToBuy,
  svcListMyVaults,
  svcGetVaultDetails,
  svcCreateVault,
  svcMintVault,
  svcRevealKeys,
  svcRefreshBalance,
  svcDeleteVault,
  svcListCollections,
  svcGetCollectionAssets,
  svcResolveAsset,
  svcGetDepositAddress,
  svcQuickVault,
  ...conditionalOrderHandlers,
  ...evmHandlers,
  solanaBalances,
  solanaTransfer,
  splBuyIntent,
  solanaGetTokenPairPrice,
  solanaGetTokenPrices,
  findSolanaSwapToken,
  getBTCBalances,
  transferBTC,
  sendRunes,
  sendInscription,
  getXCPBalances,
  sendXCP,
};
