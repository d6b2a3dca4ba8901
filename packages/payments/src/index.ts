export { formatUnits, scaleUp, usdToAtomic } from './amounts.js';
export { bazaarExtensionOf } from './bazaar.js';
export {
  type BearerTokenVerifier,
  type Credential,
  type CredentialHeaders,
  CredentialResolver,
  type CredentialResolverOptions,
} from './credentials/index.js';
export { CREDIT_DECIMALS, creditToUsd, usdToCredit } from './credit.js';
export { HttpPriceOracle, type PriceOracle, type PriceSnapshot, SandboxPriceOracle } from './oracle.js';
export {
  amountInToken,
  type PaymentRequiredResponse,
  PaymentRequirementsBuilder,
  type PaymentSettings,
} from './requirements.js';
export {
  isPaymentTokenId,
  NETWORKS,
  offeredAmountOf,
  type OracleSymbol,
  PAYMENT_TOKEN_IDS,
  PAYMENT_TOKENS,
  type PaymentNetworkFamily,
  type PaymentToken,
  type PaymentTokenId,
  paymentTokenOf,
} from './tokens.js';
export { decodePaymentSignature, encodePaymentRequired, paymentPayloadOf, withCorrection } from './payment-header.js';
export {
  createLocalFacilitator,
  type LocalEvmSettlement,
  type LocalFacilitatorConfig,
  type LocalStacksSettlement,
  type LocalSvmSettlement,
} from './facilitator/local.js';
export { type SettlementBroadcastListener, SettlementBroadcasts } from './facilitator/broadcasts.js';
export { feePayersOf } from './facilitator/fee-payers.js';
export {
  type PaidCallTarget,
  PaymentProcessor,
  PaymentRejected,
  type PaymentSettler,
  SettlementFailed,
  type VerificationObserver,
  type VerifiedPayment,
} from './processor.js';
export { type PaymentCorrection } from './payment-rejected.js';
export { PaymentKinds } from './payment-kinds.js';
export {
  type BatchSettlementOffer,
  batchSettlementOfferOf,
  ChannelClaims,
  type ChannelClaimsOptions,
  type ChannelClosed,
  ChannelOperationFailed,
  ChannelPayments,
  type ClaimBatch,
  isBatchSettlement,
  MIN_WITHDRAW_DELAY_SECONDS,
  PgChannelStorage,
  type ChannelStateReader,
  evmChannelStateReader,
  ReceiverAuthorizer,
} from './batch-settlement/index.js';
export { type PaymentIdentity, paymentIdOf, type SignedPayment } from './payment-identity.js';
export {
  type ExactStacksClientOptions,
  ExactStacksClientScheme,
  type ExactStacksErrorCode,
  type ExactStacksFacilitatorOptions,
  isStacksMainnetAddress,
  parseStacksAsset,
  type RegisterExactStacksOptions,
  type StacksAsset,
  stacksAssetKey,
  type StacksAssetMovement,
  type StacksDecodedPayload,
  type StacksDecodedPostCondition,
  type StacksDecodedTransaction,
  type StacksFungibleComparator,
  type StacksHttpBroadcasterOptions,
  type StacksNetworkVersion,
  type StacksSettlementTarget,
  type StacksSip010TransferArgs,
  type StacksTargetAsset,
  stacksTransactionCodec,
} from './schemes/stacks/index.js';
export {
  ephemeralSiwxNonces,
  type EVMMessageVerifier,
  type HeaderSource,
  issueSiwxChallenge,
  SIWX_CHALLENGE_TTL_SECONDS,
  type SiwxChallenge,
  type SiwxChallengeOptions,
  siwxExtensions,
  siwxHeaderFrom,
  type SiwxIdentity,
  siwxNonceKeyFrom,
  SiwxNonces,
  type SiwxRejectReason,
  type VerifySiwxOptions,
  verifySiwxProof,
  withSiwxChallenge,
} from './siwx/index.js';
export {
  type AuthorizationLedger,
  type AuthorizationState,
  evmAuthorizationLedger,
  landedTransaction,
  reconcileSettlements,
  type ReconciliationReport,
  type SettlementGas,
  settlementGasPerPayment,
  type SettlementReconciliation,
  solanaAuthorizationLedger,
  type SolanaLanding,
  stacksAuthorizationLedger,
  type StacksTransactionLookup,
  type UnreadableNetwork,
} from './settlement/index.js';
export { recoverSigner, recoveryBackends, signatureRecoveryBackend } from './exact-evm/recover-signer.js';
