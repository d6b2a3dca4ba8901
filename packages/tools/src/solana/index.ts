// Solana tools: balances, transfers, swaps (splBuyIntent, executeSolanaSwap), prices and token search.
import { defineFamily } from '../family.js';
import { solanaBalances } from './balances/solana-balances.js';
import { solanaGetTokenPairPrice } from './prices/solana-get-token-pair-price.js';
import { solanaGetTokenPrices } from './prices/solana-get-token-prices.js';
import { findSolanaSwapToken } from './swap/find-solana-swap-token.js';
import { splBuyIntent } from './swap/spl-buy-intent.js';
import { solanaTransfer } from './transfer/solana-transfer.js';
import { solanaTransferValue, splBuyIntentValue } from './valuations.js';

export { executeSolanaSwap } from './swap/execute-swap.js';

export const solanaFamily = defineFamily({
  handlers: {
    solanaBalances,
    solanaTransfer,
    splBuyIntent,
    solanaGetTokenPairPrice,
    solanaGetTokenPrices,
    findSolanaSwapToken,
  },
  valuations: { solanaTransfer: solanaTransferValue, splBuyIntent: splBuyIntentValue },
});
