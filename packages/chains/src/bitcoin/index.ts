export * from './addresses.js';
export * from './vault-signers.js';
export * from './dust.js';
export * from './runestone.js';
export * from './counterparty.js';
