export {
  type A2aTaskFilter,
  type A2aTaskRecord,
  claimA2aPendingCall,
  listA2aTasks,
  loadA2aTask,
  saveA2aTask,
} from './a2a-tasks.js';
export {
  ACCESS_KEY_TAG,
  type AccessKeyCheck,
  type AccessKeyEnvironment,
  accessKeyEnvironmentOf,
  type AccessKeyRecord,
  authenticateAccessKey,
  createAccessKey,
  type CreatedAccessKey,
  listAccessKeys,
  revokeAccessKey,
  setAccessKeyToolsFilter,
  UnknownAccount,
} from './access-keys.js';
export { type CallLedgerRow, type CallRecord, recentCalls, recordCall, recordSettledCall } from './call-ledger.js';
export { type AccountCallsPage, accountCalls } from './account-calls.js';
export {
  addCredit,
  type CallRefund,
  creditBalance,
  type CreditDebit,
  creditEntries,
  type CreditEntry,
  type CreditEntryKind,
  debitCredit,
  recordRefundedCall,
  recordSettledTopup,
  refundDebit,
  type RefundRecipient,
} from './credit.js';
export {
  claimPayment,
  findPaymentClaim,
  markSettling,
  type PaymentAuthorization,
  type PaymentClaim,
  type PaymentClaimState,
  recordSettlementBroadcast,
  releasePaymentClaim,
  type SettlementBroadcast,
  type SettlementIntent,
} from './payment-claims.js';
export {
  findSpendingPolicy,
  releaseSpend,
  reserveSpend,
  saveSpendingPolicy,
  type SpendingPolicy,
  spentToday,
} from './spending-policy.js';
export type { Db, Queryable } from './db.js';
export type { Migration } from './migrations/migration.js';
export { openStore, type StoreConfig } from './open.js';
export { DatabaseInUse } from './pglite-lock.js';
export type { PostgresOptions } from './postgres.js';
export {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyByPayment,
  findIdempotencyRecord,
  type IdempotencyRecord,
  type IdempotencyRequest,
  type IdempotencyScope,
  recordSettledCallAnswer,
  releaseIdempotencyKey,
  type StoredResponse,
} from './idempotency.js';
export {
  accountForWallet,
  consumeNonce,
  nonceUsed,
  purgeExpiredNonces,
  type WalletAccount,
  walletsOfAccount,
} from './identity.js';
export {
  deleteMemory,
  insertMemory,
  memoriesHeld,
  memoriesInCategory,
  type Memory,
  memoryCategories,
  type MemoryCategory,
  updateMemory,
} from './memories.js';
export {
  type AuthorizationCodeRedemption,
  createAuthorizationCode,
  findOAuthClient,
  findOAuthGrant,
  issueRefreshToken,
  type OAuthClient,
  type OAuthGrant,
  type OAuthGrantRevocation,
  type OAuthGrantRevocationResult,
  purgeExpiredOAuthRecords,
  redeemAuthorizationCode,
  type RedeemedAuthorizationCode,
  type RefreshTokenRotation,
  registerOAuthClient,
  revokeOAuthGrant,
  revokeOAuthGrantOfRefreshToken,
  rotateRefreshToken,
} from './oauth.js';
export {
  trackedAddressesOn,
  type TrackedAddressKind,
  type TrackedWallet,
  trackedWalletsHeld,
  trackedWalletsOf,
  type TrackResult,
  trackWallet,
  untrackWallet,
} from './tracked-wallets.js';
export {
  type ActivityEvent,
  type NewActivityEvent,
  recentActivityOf,
  recordActivity,
  watchCursor,
} from './activity-events.js';
export {
  newWebhookSecret,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  sealWebhookSecret,
  setWebhookEndpoint,
  type StoredWebhookSecret,
  type WebhookEndpoint,
  webhookEndpointOf,
  webhookSecretCountsByMasterKey,
  webhookSecretsToSeal,
  type WebhookSecretToSeal,
} from './webhook-endpoints.js';
export { claimDueDeliveries, type ClaimedDelivery, markAttemptFailed, markDelivered } from './webhook-outbox.js';
export { leaderboard, type LeaderboardQuery, type LeaderboardRow, type LedgerRanking } from './leaderboard.js';
export {
  type RecommendedTokenFamily,
  type RecommendedTokenList,
  recommendedTokensOf,
  storeRecommendedTokens,
} from './recommended-tokens.js';
export { DEFAULT_SLIPPAGE, setSlippage, type Slippage, slippageOf } from './slippage.js';
export {
  insertVaultKey,
  resealVaultKey,
  type SealedVaultSecret,
  type StoredVaultKey,
  vaultKeyCountsByMasterKey,
  vaultKeyOf,
  vaultKeysToReseal,
} from './vault-keys.js';
export {
  anyVault,
  deleteUnmintedVault,
  insertVault,
  type NewVault,
  recordVaultBalances,
  recordVaultMint,
  recordVaultReveal,
  resealVaultSecret,
  sealedVaultSecretOf,
  type StoredVault,
  type VaultMint,
  type VaultNft,
  vaultOf,
  type VaultPage,
  vaultSecretsToReseal,
  type VaultSecretToReseal,
  vaultsMintedInto,
  vaultsOf,
  type VaultStatus,
} from './vaults.js';
export {
  addOrder,
  claimOrder,
  claimOrders,
  createPosition,
  type Direction,
  type EventDetails,
  moveOrder,
  moveOrdersOfPosition,
  type NewOrder,
  onOrderChanges,
  orderById,
  type OrderClaim,
  type OrderEvent,
  type OrderNetwork,
  orderOf,
  type OrderRole,
  ordersChangedSince,
  type OrderStatus,
  type OrderType,
  type PositionFilter,
  type PositionKind,
  positionsOf,
  type PositionStatus,
  recordOrderTx,
  retriggerOrder,
  settlePosition,
  type StoredOrder,
  type StoredPosition,
  takeOverClaim,
  unfinishedClaims,
} from './conditional-orders.js';
export { type SandboxPrice, sandboxPrices, setSandboxPrice } from './sandbox-prices.js';
export {
  finishUnansweredSettlement,
  type LeaseOptions,
  leaseUnfinishedSettlements,
  releaseExpiredSettlement,
  type UnfinishedSettlement,
} from './settlement-reconciliation.js';
export {
  createUserToken,
  findUserToken,
  listUserTokens,
  revokeUserToken,
  type UserTokenRecord,
  type UserTokenScope,
} from './user-tokens.js';
export {
  releaseUpstreamSpend,
  reserveUpstreamSpend,
  type UpstreamSpendOutcome,
  type UpstreamSpendReservation,
  upstreamSpendLedger,
  upstreamSpendOn,
} from './upstream-spend.js';
export {
  type ChannelUpdateStatus,
  commitVoucher,
  deleteClosedChannel,
  holdChannelForClose,
  leaseUnclaimedChannels,
  type PaymentChannel,
  paymentChannel,
  type PaymentChannelConfig,
  paymentChannels,
  paymentChannelsOfPayer,
  recordChannelDeposit,
  recordClaimed,
  recordOnchainChannelState,
  releaseChannelHold,
  releaseClaimLeases,
  releaseVoucher,
  reserveVoucher,
  unclaimedChannelValue,
  updatePaymentChannel,
  type VoucherReservation,
} from './payment-channels.js';
