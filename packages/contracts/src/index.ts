export {
  catalog,
  type CatalogTool,
  findTool,
  priceOf,
  type PriceOverrides,
  type ToolByName,
  type ToolName,
} from './catalog.js';
export {
  BTC_ADDRESS,
  BYTES32,
  CHAIN11,
  CHAINID5,
  containsNul,
  ETH_NATIVE,
  EVMADDR,
  NETWORK5,
  POSDEC,
  SOL_NATIVE,
  SOLADDR,
} from './formats.js';
export { isPriceFamily, type PriceFamily, type UsdPrice } from './pricing.js';
export {
  TOOL_GROUPS,
  type ToolBase,
  type ToolChange,
  type ToolDefinition,
  type ToolEffect,
  type ToolGroup,
  type ToolInput,
  type ToolRawInput,
  type ToolSettlement,
  type ToolSettlementOf,
} from './types.js';
export {
  ERROR_CODES,
  type ErrorCode,
  type FieldIssue,
  frameworkRequestError,
  type FrameworkRequestError,
  invalidField,
  isUnparsableBody,
  notConfigured,
  notImplemented,
  type ProblemDetails,
  ServiceError,
  serviceErrorIn,
  toProblem,
  unknownTool,
} from './errors.js';
export { InputSchemaError, parseInput } from './validation.js';
export { type PriceRecord, toolRouteRecord, type ToolRouteRecord } from './discovery.js';
export { jsonNestsDeeperThan, MAX_JSON_DEPTH, nestingTooDeep } from './json-depth.js';
export { examplesOf } from './examples.js';
export { inputJsonSchema, type JsonSchema } from './json-schema.js';
export { outputJsonSchema, outputOf } from './outputs/index.js';
export { ORDINALS_OUTPUTS } from './outputs/ordinals.js';
export { STAMPS_OUTPUTS } from './outputs/stamps.js';
export { PREDICT_OUTPUTS } from './outputs/predict.js';
export { RUNE_MARKET_OUTPUTS } from './outputs/rune-market.js';
export { COLLECTION_MARKET_OUTPUTS } from './outputs/collection-market.js';
export { openApiDocument, type OpenApiOptions } from './openapi.js';
export { ACCOUNT_CREDIT_PATH, CATALOG_VERSION, TOOL_PATH_PREFIX, toolPath } from './routes.js';
export { type GroupSkill, groupSkills } from './skills.js';
export { TRACKED_WALLET_CHAINS } from './tools/core.js';
export { VAULT_DEPOSIT_CHAIN, type VaultDepositChain, type VaultMintChain } from './tools/vaults.js';
// Paid upstream reads: settle first, still read-only (see types.ts).
export { changesNothing, PAID_UPSTREAM_READ } from './types.js';
