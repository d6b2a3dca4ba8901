export { checkCall, DEFAULT_SPENDING_POLICY, describePolicy, type PolicyRule, policyOf, policyView, reserveDailySpend, UNPRICED_MOVES_FLAG } from './policy.js';
export { type CallSpend, spendOf } from './spend.js';
