// Sandbox Stacks chain: an in-process ledger that applies verified signed STX and SIP-010 transfers.
export * from './codec.js';
export * from './ledger.js';
