// Sandbox Hedera chain: an in-process ledger applying verified, signed @hashgraph/sdk transactions.
export * from './ledger.js';
export * from './seed.js';
export * from './network.js';
