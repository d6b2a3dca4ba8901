export * from './registry.js';
export * from './sandbox/evm/index.js';
export * from './sandbox/stacks/index.js';
export * from './sandbox/solana/index.js';
export * from './sandbox/bitcoin/index.js';
export * from './bitcoin/index.js';
export * from './custody/index.js';
export * from './vault-collection/index.js';
