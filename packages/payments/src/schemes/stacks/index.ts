// The `exact` x402 scheme on Stacks (STX, sBTC, USDCx), as @x402/core plugins: server, client and facilitator sides.
export * from './address.js';
export * from './assets.js';
export * from './broadcaster.js';
export * from './client.js';
export * from './codec.js';
export * from './errors.js';
export * from './facilitator.js';
export * from './post-conditions.js';
export * from './server.js';
export * from './target.js';
export * from './transaction.js';
