export { agentCardV03, agentCardV1 } from './agent-card.js';
export { A2A_CORS_HEADERS } from './cors.js';
export { type A2aPluginOptions, a2aPlugin } from './plugin.js';
export { A2A_PATH, CREDIT_METADATA, PAYMENT_STATUS, X402_A2A_EXTENSION, X402_METADATA } from './protocol.js';
