// Meteora's Dynamic Bonding Curve and Dynamic Fee Sharing programs from their published IDLs (the service's launchpad).
export * from './dbc-program.js';
export * from './fee-sharing-program.js';
export * from './settings.js';
