export { ORDISCAN_SETTING, type OrdiscanAnswer, OrdiscanClient } from './ordiscan.js';
