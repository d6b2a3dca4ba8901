// Hedera tools: HBAR and HTS sends from the vault (its ECDSA key, account created under its EVM alias), balances
// (and the BalanceReader getAllBalances uses), mirror-node lookups, token discovery, and SaucerSwap V1 quotes and swaps.
export { hederaAccountIdToEvmAddress } from './account-id-to-evm-address.js';
export { hederaBalances, hederaGetBalances } from './balances.js';
export { hederaContractIdToEvmAddress } from './contract-id-to-evm-address.js';
export { hederaFindTokens } from './find-tokens.js';
export { hederaNativeSend } from './native-send.js';
export { HEDERA_NETWORK_SETTING } from './network-of.js';
export { hederaTokensSwap } from './swap.js';
export { hederaTokensSwapQuote } from './swap-quote.js';
export { hederaERC20TokenSend } from './token-send.js';
export { type LiveHederaSettings, liveHederaNetwork } from './live-network.js';
