export { LiveHederaMirrorNode, type MirrorAccount, type MirrorToken } from './mirror-node.js';
export { LiveSaucerSwap, SAUCERSWAP_SETTING, type VenuePool } from './saucerswap.js';
