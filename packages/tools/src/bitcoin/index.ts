// Bitcoin wallet tools on the caller's vault, over one Esplora client (sandbox ledger facade or BITCOIN_ESPLORA_URL),
// and its Counterparty assets over one Counterparty API v2 client (the facade's /counterparty or COUNTERPARTY_API_URL).
export { bitcoinBalanceReader } from './balances.js';
export { BITCOIN_ESPLORA_SETTING, BITCOIN_ORD_SETTING, type BitcoinChainAccess, liveBitcoinChain } from './bitcoin-chain.js';
export { EsploraClient } from './esplora-client.js';
export { getBTCBalances } from './get-btc-balances.js';
export { transferBTC } from './transfer-btc.js';
export { sendRunes } from './send-runes.js';
export { sendInscription } from './send-inscription.js';
export { getXCPBalances } from './get-xcp-balances.js';
export { sendXCP } from './send-xcp.js';
