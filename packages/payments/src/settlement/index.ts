export {
  type AuthorizationLedger,
  type AuthorizationState,
  evmAuthorizationLedger,
  solanaAuthorizationLedger,
  stacksAuthorizationLedger,
  type StacksTransactionLookup,
  UnreadableAuthorization,
} from './chain-states.js';
export {
  DEFAULT_ABANDONED_AFTER_MS,
  DEFAULT_RECONCILE_AFTER_MS,
  reconcileSettlements,
  type ReconciliationReport,
  type SettlementReconciliation,
  type UnreadableNetwork,
} from './reconcile.js';
export { type SettlementGas, settlementGasPerPayment } from './settlement-gas.js';
export { landedTransaction, type SolanaLanding, solanaLandingOf } from './solana-landing.js';
