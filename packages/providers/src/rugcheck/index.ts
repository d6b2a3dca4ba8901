export { type RiskItem, type RiskReport, RUGCHECK_DEFAULT_URL, RugCheckClient } from './rugcheck.js';
