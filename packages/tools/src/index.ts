// The public surface of @svc/tools: the pipeline (ToolService), the spending policy, and the live resources a
// deployment builds for the handlers (each chain family's live flavour, the order engine). The sandbox flavours are
// the subpath ./sandbox (live mode never loads the emulators); test helpers are ./testing.
export {
  OrderEngine,
  evmSwapExecutor,
  LIVE_PRICE_INTERVAL_MS,
  liveOrderEngine,
  liveOrderNetworks,
  sandboxPriceFeed,
  solanaSwapExecutor,
  type SwapExecutors,
} from './conditional-orders/index.js';
export {
  exportAccountVaultKeys,
  SOLANA_SWEEP_RESERVE,
  type SweepDestinations,
  type SweptAsset,
  type SweptChain,
  sweepAccountVault,
} from './account-vault/index.js';
export type { CallIdentity, CallObserver, CallOutcome, CallReport, Transport } from './call-report.js';
export type { HandlerResources, HandlerTable } from './handler.js';
export {
  type CallPayment,
  type CallRequest,
  type CreditCharge,
  type InvokeOutcome,
  type PreparedCall,
  type ReadyCall,
  type TopupCredited,
  type TopupOutcome,
  ToolService,
} from './invoke.js';
export { type CallSpend, DEFAULT_SPENDING_POLICY, describePolicy, policyOf, policyView } from './policy/index.js';
export type { LiveOrderNetworks } from './ports/conditional-orders.js';
export type { VaultChains } from './ports/vault-chains.js';
export { liveVaultChains, type LiveVaultChainSettings } from './vaults/live-vault-chains.js';
export { livePredictMarkets } from './predict/live-predict-markets.js';
export { liveSolanaLaunchpads } from './launchpads/solana/live-solana-launchpads.js';
export { liveMemejobVenue } from './launchpads/memejob/live-memejob-venue.js';
export type { LocalWeb, LocalWebPage, WebSearchResult } from './ports/local-web.js';
export type { SolanaMints, SolanaMintState } from './ports/solana-mints.js';
export type {
  MarketActivity,
  MarketChain,
  MarketHolder,
  MarketToken,
  MarketTrade,
  TradeQuery,
  WalletLabel,
  WalletLabelKind,
} from './ports/market-activity.js';
export type { BitcoinIndex } from './ports/bitcoin-index.js';
