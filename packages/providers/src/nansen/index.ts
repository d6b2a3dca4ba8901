export { type DateRange, NANSEN_SETTING, NansenClient, type NansenPage, SMART_MONEY_LABELS } from './nansen.js';
