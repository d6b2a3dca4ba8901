export {
  checkCall,
  DEFAULT_SPENDING_POLICY,
  describePolicy,
  policyOf,
  policyView,
  reserveDailySpend,
} from './policy.js';
export { type CallSpend, spendOf } from './spend.js';
