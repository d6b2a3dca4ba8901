/** `invalidReason` / `errorReason` codes of the exact Stacks scheme (named like the official `invalid_exact_evm_*`). */
export const EXACT_STACKS_ERRORS = {
  scheme: 'invalid_exact_stacks_scheme',
  networkMismatch: 'invalid_exact_stacks_network_mismatch',
  requirements: 'invalid_exact_stacks_requirements',
  unsupportedAsset: 'invalid_exact_stacks_unsupported_asset',
  missingTransaction: 'invalid_exact_stacks_payload_missing_transaction',
  malformedTransaction: 'invalid_exact_stacks_transaction_malformed',
  transactionNetworkMismatch: 'invalid_exact_stacks_transaction_network_mismatch',
  sponsoredUnsupported: 'invalid_exact_stacks_sponsored_unsupported',
  signature: 'invalid_exact_stacks_signature',
  payloadTypeMismatch: 'invalid_exact_stacks_payload_type_mismatch',
  contractMismatch: 'invalid_exact_stacks_contract_mismatch',
  functionMismatch: 'invalid_exact_stacks_function_mismatch',
  senderMismatch: 'invalid_exact_stacks_sender_mismatch',
  recipientMismatch: 'invalid_exact_stacks_recipient_mismatch',
  amountInsufficient: 'invalid_exact_stacks_amount_insufficient',
  postConditions: 'invalid_exact_stacks_post_condition_violation',
  feeTooLow: 'invalid_exact_stacks_fee_too_low',
  nonceUsed: 'invalid_exact_stacks_nonce_used',
  nonceGap: 'invalid_exact_stacks_nonce_gap',
  insufficientBalance: 'invalid_exact_stacks_insufficient_balance',
  alreadySubmitted: 'invalid_exact_stacks_transaction_already_submitted',
  transactionFailed: 'invalid_exact_stacks_transaction_failed',
} as const;

export type ExactStacksErrorCode = (typeof EXACT_STACKS_ERRORS)[keyof typeof EXACT_STACKS_ERRORS];
