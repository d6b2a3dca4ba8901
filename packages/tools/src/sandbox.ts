// The tools' adapters over the sandbox chains (@svc/sandbox), a subpath of its own so that live mode, which imports
// only the package's main entry, never loads the emulators.
export {
  type MarketToken,
  type SandboxMarketControl,
  type SandboxMarkets,
  sandboxMarketControl,
} from './conditional-orders/sandbox-market.js';
export { sandboxEvmNetworks } from './evm/sandbox-evm-networks.js';
export { sandboxSolanaChain } from './solana/sandbox-solana-chain.js';
export { sandboxVaultChains } from './vaults/sandbox-vault-chains.js';
export { sandboxLocalWeb } from './web/sandbox-local-web.js';
export { sandboxSolanaMints } from './riskcheck/sandbox-solana-mints.js';
export { sandboxMarketActivity } from './mktdata/sandbox-market-activity.js';
export { sandboxBitcoinIndex } from './ordinals/sandbox-bitcoin-index.js';
export { sandboxStampsIndex } from './stamps/sandbox-stamps-index.js';
export { sandboxPerpExchange } from './perpdex/sandbox-perp-exchange.js';
export { sandboxPredictMarkets } from './predict/sandbox-predict-markets.js';
export { sandboxCrossChain } from './cross-chain/sandbox-cross-chain.js';
export { sandboxLaunchpadVenues } from './launchpads/sandbox-launchpad-venues.js';
export { sandboxNftMarketplace } from './nftmkt/sandbox-nft-marketplace.js';
export { sandboxSolanaLaunchpads } from './launchpads/solana/sandbox-solana-launchpads.js';
