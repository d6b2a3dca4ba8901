export {
  concurrencySetting,
  rpsSetting,
  UPSTREAM_PROVIDERS,
  type UpstreamLimitOverride,
  type UpstreamProvider,
  type UpstreamProviderKey,
  upstreamLimitSettings,
  upstreamOverridesFrom,
} from './limits.js';
export { collectProvenance, type Provenance, recordRead, withProvenance } from './provenance.js';
export { jsonRpcFetch } from './json-rpc-fetch.js';
export { configureUpstream, upstreamClient, upstreamHealth, upstreamUsage } from './registry.js';
export {
  DEFAULT_UPSTREAM_POLICY,
  jsonOf,
  jsonOrUndefined,
  parseUpstream,
  retryAfterMsOf,
  type TransientSignal,
  type UpstreamAnswer,
  UpstreamClient,
  type UpstreamHealth,
  type UpstreamPolicyOptions,
  type UpstreamRequest,
  type UpstreamTask,
  type UpstreamUsage,
  upstreamError,
} from './upstream-client.js';
export {
  type PayerFamily,
  UPSTREAM_X402_SETTINGS,
  type UpstreamBudgetLedger,
  UpstreamPayer,
  type UpstreamPayerSettings,
  svmSecretKeyBytes,
} from './x402-payer.js';
