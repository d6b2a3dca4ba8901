export { CONDITIONAL_ORDER_INTERVAL_MS, CONDITIONAL_ORDER_JOB, conditionalOrderJob } from './job.js';
export { describeOrderNetworks, liveOrderEngineOf, type LiveOrderSettings } from './live-engine.js';
