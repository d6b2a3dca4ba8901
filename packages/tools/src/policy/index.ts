export { checkCall, DEFAULT_SPENDING_POLICY, type PolicyRule, policyOf, reserveDailySpend } from './policy.js';
export { type CallSpend, spendOf } from './spend.js';
