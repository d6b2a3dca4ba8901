export { CONDITIONAL_ORDER_INTERVAL_MS, conditionalOrderJob } from './job.js';
