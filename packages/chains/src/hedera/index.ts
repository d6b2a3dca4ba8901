// Hedera: entity ids, the SaucerSwap V1 router and pool math, the lazily loaded SDK, and the sandbox ledger.
export * from './amm.js';
export * from './ids.js';
export * from './network.js';
export * from './router-abi.js';
export * from './sandbox/index.js';
export { type HederaPrivateKey, type HederaSdk, type HederaTransaction, loadHederaSdk } from './sdk.js';
