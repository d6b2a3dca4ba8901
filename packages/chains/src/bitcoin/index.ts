export * from './vault-signers.js';
