export {
  type DateRange,
  NANSEN_SETTING,
  NANSEN_X402,
  NansenClient,
  type NansenPage,
  SMART_MONEY_LABELS,
} from './nansen.js';
