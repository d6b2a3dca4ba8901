export {
  PUMP_FUN_API_DEFAULT_URL,
  PUMP_FUN_API_SETTING,
  PumpFunApiClient,
  type PumpFunCoin,
  type PumpFunList,
} from './pump-fun-api.js';
