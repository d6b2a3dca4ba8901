export {
  type CandleInterval as HyperliquidCandleInterval,
  HYPEREVM_DEFAULT_RPC_URL,
  HYPERLIQUID_DEFAULT_URL,
  HYPERLIQUID_SETTING,
  HyperliquidInfoClient,
} from './hyperliquid.js';
export { HLNAMES_DEFAULT_URL, HLNAMES_SETTING, HlNamesClient } from './hl-names.js';
