export * from './registry.js';
export * from './sandbox/evm/index.js';
