export { LiveHederaMirrorNode, type MirrorAccount, type MirrorToken } from './mirror-node.js';
export { LiveSaucerSwap, SAUCERSWAP_SETTING, type VenuePool } from './saucerswap.js';
export { HEDERA_NETWORK_SETTING, type LiveHederaSettings, liveHederaNetwork } from './live-network.js';
export {
  isMemejobRefusal,
  LiveMemejob,
  liveMemejob,
  MEMEJOB_CONTRACT_ABI,
  MEMEJOB_TRADE_GAS,
  type MemejobEvent,
  type MemejobRefusal,
} from './memejob.js';
