export * from './amounts.js';
export * from './oracle.js';
export * from './requirements.js';
export * from './tokens.js';
export * from './payment-header.js';
export * from './facilitator/local.js';
export * from './processor.js';
