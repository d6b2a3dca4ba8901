export { ChannelPayments } from './channel-payments.js';
export {
  type ChannelClaimsOptions,
  ChannelClaims,
  type ChannelClosed,
  ChannelOperationFailed,
  type ClaimBatch,
} from './channel-claims.js';
export {
  type BatchSettlementOffer,
  batchSettlementOfferOf,
  isBatchSettlement,
  MIN_WITHDRAW_DELAY_SECONDS,
} from './offer.js';
export { ReceiverAuthorizer } from './receiver-authorizer.js';
export { PgChannelStorage } from './channel-storage.js';
export { type ChannelStateReader, evmChannelStateReader, type OnchainChannelState } from './onchain-channel-state.js';
