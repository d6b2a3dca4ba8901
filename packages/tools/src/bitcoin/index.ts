// Bitcoin wallet tools on the caller's vault, over one Esplora client (sandbox ledger facade or BITCOIN_ESPLORA_URL).
export { bitcoinBalanceReader } from './balances.js';
export { BITCOIN_ESPLORA_SETTING, type BitcoinChainAccess, liveBitcoinChain } from './bitcoin-chain.js';
export { EsploraClient } from './esplora-client.js';
export { getBTCBalances } from './get-btc-balances.js';
export { transferBTC } from './transfer-btc.js';
