// Hedera: entity ids, the SaucerSwap V1 router and pool math, the lazily loaded SDK and the error a refused transaction throws.
export { amountIn, amountOut, POOL_FEE_BPS } from './amm.js';
export {
  entityId,
  entityIdOfLongZero,
  HBAR,
  HBAR_DECIMALS,
  isEntityId,
  isEvmAddress,
  isHbarTokenId,
  longZeroAddressOf,
} from './ids.js';
export {
  type HederaAccountView,
  type HederaExecution,
  HederaLedgerError,
  type HederaNetwork,
  type HederaPoolView,
  type HederaStatus,
  type HederaTokenView,
  type HederaTransfer,
} from './network.js';
export { SWAP_GAS, SWAP_ROUTER_ABI, swapCallData } from './router-abi.js';
export { type HederaPrivateKey, type HederaSdk, type HederaTransaction, loadHederaSdk } from './sdk.js';
