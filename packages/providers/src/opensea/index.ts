export { OPENSEA_CONDUIT_KEY, OPENSEA_SEAPORT_1_6, OPENSEA_SETTING, OpenSeaClient } from './opensea.js';
export * from './types.js';
