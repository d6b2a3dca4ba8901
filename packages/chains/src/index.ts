export * from './registry.js';
export * from './bitcoin/index.js';
export * from './custody/index.js';
export * from './vault-collection/index.js';
export * from './hedera/index.js';
