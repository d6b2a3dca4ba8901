// The `exact` x402 scheme on Stacks (STX, sBTC, USDCx), as @x402/core plugins: server, client and facilitator sides.
export { isStacksMainnetAddress } from './address.js';
export {
  parseStacksAsset,
  STACKS_MAINNET_NETWORK,
  STACKS_TESTNET_NETWORK,
  type StacksAsset,
  stacksAssetDecimals,
  stacksAssetExtra,
  stacksAssetKey,
  stacksChainId,
  stacksNetworkVersion,
  type StacksNetworkVersion,
  STX_ASSET_ID,
} from './assets.js';
export { StacksBroadcastError, StacksHttpBroadcaster, type StacksHttpBroadcasterOptions } from './broadcaster.js';
export { DEFAULT_STACKS_CLIENT_FEE, type ExactStacksClientOptions, ExactStacksClientScheme } from './client.js';
export { EXACT_STACKS_ERRORS, type ExactStacksErrorCode } from './errors.js';
export {
  type ExactStacksFacilitatorOptions,
  ExactStacksFacilitatorScheme,
  type RegisterExactStacksOptions,
  registerExactStacksScheme,
  stacksTransactionOf,
} from './facilitator.js';
export { postConditionViolation, type StacksAssetMovement, stacksTransactionCodec } from './post-conditions.js';
export { ExactStacksServerScheme } from './server.js';
export type { StacksSettlementTarget, StacksTargetAsset } from './target.js';
export {
  decodeStacksTransaction,
  MAX_STACKS_TRANSACTION_HEX_LENGTH,
  type StacksDecodedPayload,
  type StacksDecodedPostCondition,
  type StacksDecodedTransaction,
  type StacksFungibleComparator,
  type StacksSip010TransferArgs,
  StacksTransactionDecodeError,
} from './transaction.js';
