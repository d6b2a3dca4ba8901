export { BALANCE_NETWORKS, type BalanceNetwork } from './address-routing.js';
export { type AssetBalance, assetBalance, type BalanceReader, type ChainBalances } from './chain-balances.js';
export { getAllBalances } from './get-all-balances.js';
