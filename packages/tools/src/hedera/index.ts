// Hedera tools: HBAR and HTS sends from the vault (its ECDSA key, account created under its EVM alias), balances
// (and the BalanceReader getAllBalances uses), mirror-node lookups, token discovery, and SaucerSwap V1 quotes and swaps.
import { defineFamily } from '../family.js';
import { hederaAccountIdToEvmAddress } from './account-id-to-evm-address.js';
import { hederaGetBalances } from './balances.js';
import { hederaContractIdToEvmAddress } from './contract-id-to-evm-address.js';
import { hederaFindTokens } from './find-tokens.js';
import { hederaNativeSend } from './native-send.js';
import { hederaTokensSwap } from './swap.js';
import { hederaTokensSwapQuote } from './swap-quote.js';
import { hederaERC20TokenSend } from './token-send.js';
import { hederaNativeSendValue, hederaSwapValue, hederaTokenSendValue } from './valuations.js';

export const hederaFamily = defineFamily({
  handlers: {
    hederaContractIdToEvmAddress,
    hederaAccountIdToEvmAddress,
    hederaNativeSend,
    hederaERC20TokenSend,
    hederaGetBalances,
    hederaFindTokens,
    hederaTokensSwapQuote,
    hederaTokensSwap,
  },
  valuations: {
    hederaNativeSend: hederaNativeSendValue,
    hederaERC20TokenSend: hederaTokenSendValue,
    hederaTokensSwap: hederaSwapValue,
  },
});
