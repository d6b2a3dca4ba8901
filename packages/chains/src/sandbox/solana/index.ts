// Sandbox Solana chain: LiteSVM with USDC at the mainnet mint address, behind a local JSON-RPC facade.
export * from './keypair-file.js';
export * from './ledger.js';
export * from './rpc-facade.js';
export * from './sandbox-solana.js';
export * from './swap-venue.js';
export * from './tokens.js';
export * from './transaction-error.js';
