// Hedera: entity ids, the SaucerSwap V1 router and pool math, the lazily loaded SDK and the error a refused transaction throws.
export * from './amm.js';
export * from './ids.js';
export * from './network.js';
export * from './router-abi.js';
export { type HederaPrivateKey, type HederaSdk, type HederaTransaction, loadHederaSdk } from './sdk.js';
