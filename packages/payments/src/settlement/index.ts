export * from './chain-states.js';
export * from './reconcile.js';
export * from './solana-landing.js';
