export {
  BITCOIN_ESPLORA_SETTING,
  BITCOIN_ESPLORA_WHAT,
  BITCOIN_ORD_SETTING,
  BITCOIN_ORD_WHAT,
  type BitcoinChainAccess,
  COUNTERPARTY_API_SETTING,
  COUNTERPARTY_WHAT,
  liveBitcoinChain,
  sandboxBitcoinChain,
} from './bitcoin-chain.js';
export {
  type ComposedSend,
  type ComposeSendRequest,
  type CounterpartyAsset,
  type CounterpartyBalance,
  CounterpartyClient,
  DIVISIBLE_DECIMALS,
  decimalsOf,
} from './counterparty-client.js';
export { type EsploraFeeEstimates, EsploraClient, type EsploraUtxo } from './esplora-client.js';
export { type InscriptionLocation, OrdClient, type OrdOutput, type RuneEntry } from './ord-client.js';
