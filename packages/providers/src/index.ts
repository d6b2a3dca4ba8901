export * from './provider-mode.js';
