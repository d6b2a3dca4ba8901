// The account vault's exits, for its owner (the gateway's SIWX account routes): its keys, or its assets.
export { exportAccountVaultKeys } from './export-keys.js';
export {
  SOLANA_SWEEP_RESERVE,
  type SweepDestinations,
  type SweptAsset,
  type SweptChain,
  sweepAccountVault,
} from './sweep.js';
