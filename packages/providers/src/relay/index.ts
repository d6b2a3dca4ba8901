export {
  RELAY_CHAIN_IDS,
  RELAY_DEFAULT_URL,
  RELAY_SETTING,
  currenciesOfChain,
  type RelayChainWire,
  RelayClient,
  type RelayCurrency,
  type RelayNetwork,
} from './relay.js';
