export {
  isoOfConsensus,
  LiveHederaMirrorNode,
  type MirrorAccount,
  type MirrorCallResult,
  type MirrorContractLog,
  type MirrorToken,
} from './mirror-node.js';
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
  type MemejobTokenState,
} from './memejob.js';
