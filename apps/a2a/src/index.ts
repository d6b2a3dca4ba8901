export { agentCardV03, agentCardV1, X402_A2A_EXTENSION } from './agent-card.js';
