export {
  collectProvenance,
  concurrencySetting,
  configureUpstream,
  DEFAULT_UPSTREAM_POLICY,
  type Provenance,
  recordRead,
  rpsSetting,
  UPSTREAM_PROVIDERS,
  type UpstreamAnswer,
  upstreamError,
  upstreamHealth,
  type UpstreamHealth,
  upstreamUsage,
  type UpstreamUsage,
  type UpstreamLimitOverride,
  upstreamOverridesFrom,
  type UpstreamPolicyOptions,
  type UpstreamProvider,
  type UpstreamProviderKey,
  type UpstreamRequest,
  withProvenance,
  type PayerFamily,
  UPSTREAM_X402_SETTINGS,
  type UpstreamBudgetLedger,
  UpstreamPayer,
  type UpstreamPayerSettings,
  svmSecretKeyBytes,
} from './upstream/index.js';
export {
  type MigrationProject,
  type MigrationProjectListing,
  type MigrationProjectPage,
  type MigrationProvider,
  type MigrationStatus,
  type MigrationTerms,
  type MigrationToken,
  type PageRequest,
} from './migration/index.js';
export { type ProviderAccess, type ProviderMode, type ProviderSetting } from './provider-mode.js';
export { type ProviderAuth, type X402Offer } from './provider-auth.js';
export { type ProviderEnv, Providers, sandboxProviders } from './registry.js';
export { type SeededRandom } from './seeded-random.js';
export {
  HEDERA_NETWORK_SETTING,
  LiveHederaMirrorNode,
  type LiveHederaSettings,
  liveHederaNetwork,
  isMemejobRefusal,
  LiveMemejob,
  liveMemejob,
  LiveSaucerSwap,
  MEMEJOB_CONTRACT_ABI,
  MEMEJOB_TRADE_GAS,
  type MemejobEvent,
  type MemejobRefusal,
  type MirrorAccount,
  type MirrorToken,
  SAUCERSWAP_SETTING,
  type VenuePool,
} from './hedera/index.js';
export {
  type EvmNetwork,
  type EvmNetworks,
  isNative,
  type KnownToken,
  LIVE_KNOWN_TOKENS,
  type LiveEvmSettings,
  liveEvmNetworks,
  resolveToken,
  type TokenDiscovery,
  transferLogDiscovery,
  type TransferLogWindow,
} from './evm-chain/index.js';
export { liveSolanaChain, SOLANA_NETWORK, SOLANA_RPC_SETTING, type SolanaChain } from './solana-chain/index.js';
export {
  BITCOIN_ESPLORA_SETTING,
  BITCOIN_ESPLORA_WHAT,
  BITCOIN_ORD_SETTING,
  BITCOIN_ORD_WHAT,
  type BitcoinChainAccess,
  type ComposedSend,
  type ComposeSendRequest,
  COUNTERPARTY_API_SETTING,
  COUNTERPARTY_WHAT,
  type CounterpartyAsset,
  type CounterpartyBalance,
  CounterpartyClient,
  decimalsOf,
  EsploraClient,
  type EsploraFeeEstimates,
  type EsploraUtxo,
  type InscriptionLocation,
  liveBitcoinChain,
  OrdClient,
  type OrdOutput,
  type RuneEntry,
  sandboxBitcoinChain,
} from './bitcoin/index.js';
export {
  lifiSwapVenue,
  type SwapRequest,
  type SwapRoute,
  type SwapToken,
  type SwapVenue,
  zeroExSwapVenue,
} from './evm-swap/index.js';
export {
  JUPITER_SETTING,
  jupiterMarket,
  NATIVE_SOL,
  routeView,
  type SolanaAsset,
  type SolanaMarket,
  type SolanaRouteStep,
  type SolanaSwapQuote,
  type SolanaTokenInfo,
  type SolanaTokenPrice,
  type SwapQuoteRequest,
  SwapUnavailable,
  WSOL_MINT,
} from './solana-market/index.js';
export * from './birdeye/index.js';
export * from './coingecko/index.js';
export * from './nansen/index.js';
export * from './polymarket/index.js';
export * from './rugcheck/index.js';
export * from './changenow/index.js';
export * from './relay/index.js';
export * from './jupiter-tokens/index.js';
export * from './tavily/index.js';
export * from './firecrawl/index.js';
export * from './ordiscan/index.js';
export * from './stampchain/index.js';
export * from './hyperliquid/index.js';
export * from './four-meme/index.js';
export * from './clanker/index.js';
export * from './pinata/index.js';
export * from './pump-fun/index.js';
export * from './magic-eden/index.js';
export * from './opensea/index.js';
export * from './unisat/index.js';
// pump.fun's bonding-curve program from its published IDL: PDAs, account layouts, fee tiers and its instructions.
export {
  associatedTokenAddress,
  bondingCurveAddress,
  creatorVaultAddress,
  decodeBondingCurve,
  decodeGlobal,
  PUMP_PROGRAM_ADDRESS,
  type PumpBondingCurve,
  type PumpGlobal,
  feeConfigAddress,
  pumpGlobalAddress,
  TOKEN_2022_PROGRAM,
  userVolumeAccumulatorAddress,
} from './pump-fun/pump-program.js';
// Raydium LaunchLab from the SDK's published layouts: PDAs, GlobalConfig / PoolState, initialize_v2, curve checks.
export * from './raydium-launchlab/index.js';
// Meteora's Dynamic Bonding Curve (pools, buys, creator fees) and Dynamic Fee Sharing (fee vaults): the svc launchpad.
export * from './meteora-dbc/index.js';
export { curveMarketCapLamports, decodeFeeTiers, feeTierAt, type PumpFeeTier } from './pump-fun/pump-fees.js';
export {
  buyExactQuoteInV2Instruction,
  collectCreatorFeeV2Instruction,
  createV2Instruction,
  feeRecipientsFor,
  sellV2Instruction,
  type TradeAccounts,
} from './pump-fun/pump-instructions.js';
