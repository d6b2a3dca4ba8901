export { LIFI_API_URL, lifiSwapVenue } from './lifi-venue.js';
export type { SwapRequest, SwapRoute, SwapToken, SwapVenue } from './swap-venue.js';
export { ZEROX_API_URL, zeroExSwapVenue } from './zero-ex-venue.js';
