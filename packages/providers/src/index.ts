export * from './upstream/index.js';
export * from './migration/index.js';
export * from './provider-mode.js';
export * from './registry.js';
export * from './seeded-random.js';
export * from './hedera/index.js';
export * from './bitcoin/index.js';
export * from './evm-swap/index.js';
