// Sandbox Bitcoin chain: an in-process UTXO ledger checking real signatures, behind an Esplora-compatible facade,
// with the Counterparty assets its transactions carry.
export * from './counterparty-ledger.js';
export * from './esplora-facade.js';
export * from './ledger.js';
export * from './sandbox-bitcoin.js';
export * from './sandbox-assets.js';
