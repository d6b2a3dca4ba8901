// The sandbox emulators: every chain the service runs on in sandbox mode, with no network at all. Live mode never
// loads this package (the gateway imports it only on its sandbox path).
export {
  type SandboxChainFamily,
  type SandboxChains,
  type SandboxReset,
  startSandboxChains,
  type StartSandboxChainsOptions,
} from './sandbox-chains.js';

// EVM: anvil with SandboxUSDC (EIP-3009), Multicall3, SvcVaultNFT, the x402 batch-settlement contracts and a seeded market (tokens, V2 pools, NFTs).
export { type AnvilInstance, startAnvil } from './evm/anvil.js';
export {
  ANVIL_DEV_MNEMONIC,
  anvilDevAccount,
  BASE_USDC_ADDRESS,
  connectSandboxEvmChain,
  type SandboxEvmChain,
  sandboxUsdcAddress,
  startSandboxEvmChain,
  SVC_VAULT_NFT_MINTER_INDEX,
} from './evm/sandbox-chain.js';
export { type SandboxEvmChains, sandboxEvmChains } from './evm/sandbox-evm-chains.js';
export { SANDBOX_ERC20_ARTIFACT } from './evm/artifacts.js';
export {
  BATCH_SETTLEMENT_ABI,
  BATCH_SETTLEMENT_ADDRESS,
  ERC3009_DEPOSIT_COLLECTOR_ABI,
  ERC3009_DEPOSIT_COLLECTOR_ADDRESS,
} from './evm/batch-settlement.js';
export {
  NATIVE_TOKEN_SENTINEL,
  openSandboxEvmMarket,
  SANDBOX_MARKET_MAKER,
  type SandboxEvmMarket,
  type SandboxNftCollection,
  type SandboxToken,
} from './evm/sandbox-market.js';
// Prediction markets on the sandbox Polygon chain: the Conditional Tokens contract, seeded markets and their makers.
export {
  CONDITIONAL_TOKENS_ABI,
  OUTCOMES as PREDICT_OUTCOMES,
  POLYGON_CTF_ADDRESS,
  PREDICT_DECIMALS,
  type SandboxPredict,
  type SandboxPredictMarket,
  type SandboxPredictMarketState,
  type SandboxPredictTrade,
  sandboxPredictOf,
} from './evm/predict/sandbox-predict.js';
export { SEED_TAGS as PREDICT_SEED_TAGS, type SeedEvent, type SeedTag } from './evm/predict/predict-seeds.js';
// The launchpads beside the markets: a bonding-curve manager on BSC, a token factory on Base.
export {
  SANDBOX_BONDING_MANAGER_ADDRESS,
  SANDBOX_TOKEN_FACTORY_ADDRESS,
  type SandboxLaunchpad,
} from './evm/sandbox-launchpads.js';
// Seaport 1.6 (compiled from seaport-core) deployed on the NFT marketplace's sandbox chains.
export {
  SANDBOX_MARKETPLACE_FEE_PERCENT,
  SANDBOX_MARKETPLACE_FEE_RECIPIENT,
  SANDBOX_SEAPORT_CHAIN_IDS,
  type SandboxSeaport,
} from './evm/seaport/deploy-seaport.js';
export { SEAPORT_ARTIFACT } from './evm/seaport/seaport-artifacts.js';

// Solana: LiteSVM with USDC at the mainnet mint address, behind a local JSON-RPC facade, and a swap venue.
export { loadOrCreateKeyPairFile } from './solana/keypair-file.js';
export type { LandedTransaction, SandboxMintState } from './solana/ledger.js';
export { isSolanaAddress, type SandboxSolana, startSandboxSolana } from './solana/sandbox-solana.js';
export { type VenueQuote, VenueError } from './solana/swap-venue.js';
// Its bonding-curve launchpads (pump.fun-style, Raydium LaunchLab-style and the service's own) and their curve math.
export {
  type FeeShare,
  type LaunchMetadata,
  type LaunchpadKind,
  LaunchpadError,
  type LaunchpadToken,
  SandboxLaunchpads,
} from './solana/launchpads/launchpads.js';
export { PAD_DEFAULTS, padCurve, SVC_CURVE } from './solana/launchpads/crowd.js';
export {
  SOLANA_BONK_MINT,
  SOLANA_JUP_MINT,
  SOLANA_NVDAX_MINT,
  SOLANA_TFEE_MINT,
  SOLANA_TSLAX_MINT,
  SOLANA_USDC_MINT,
  SOLANA_WSOL_MINT,
  type SolanaAssetId,
} from './solana/tokens.js';

// Bitcoin: an in-process UTXO ledger checking real signatures, behind an Esplora-compatible facade, with runes,
// inscriptions and the Counterparty assets its transactions carry.
export { BitcoinLedgerError } from './bitcoin/ledger.js';
export { POSTAGE_SATS, SANDBOX_COUNTERPARTY_ASSETS, SANDBOX_RUNES } from './bitcoin/sandbox-assets.js';
export { SANDBOX_ALKANES } from './bitcoin/sandbox-assets.js';
export { SandboxBitcoin } from './bitcoin/sandbox-bitcoin.js';
// Its ordinals index (sats, inscriptions, collections, runes, BRC-20), which the Bitcoin research tools answer from.
export { OrdIndex } from './bitcoin/ord-index/ord-index.js';
// Its Bitcoin Stamps and SRC-20 index (Counterparty stamp issuances), which the stamps tools answer from.
export { type IndexedStamp, StampsIndex } from './bitcoin/stamps/stamps-index.js';
export type { Src20Operation, Src20Token } from './bitcoin/stamps/src20.js';
export {
  faucetSrc20Mint,
  faucetStamp,
  SEED_SRC20_TICKS,
  SRC20_DEPLOYER,
  SRC20_MINTER,
  STAMPS_ARTIST,
} from './bitcoin/seeds/stamps.js';
// Its marketplace: SINGLE|ANYONECANPAY listings a buyer's PSBT fills (the market simulator's Bitcoin leg trades there).
export { type BitcoinKey, bitcoinKey } from './bitcoin/marketplace/bitcoin-key.js';
export { fillListing } from './bitcoin/marketplace/fill.js';
export { createListing, type Listing } from './bitcoin/marketplace/listing.js';
export { formatDecimal as formatBrc20Amount } from './bitcoin/decimal-amount.js';
export { parseAmount as parseBrc20Amount } from './bitcoin/ord-index/brc20.js';
// The collections and BRC-20 tokens a new sandbox Bitcoin chain starts with, and their holders' addresses.
export { SEED_HOLDERS } from './bitcoin/seeds/ordinals.js';

// Hedera: an in-process ledger applying verified, signed @hashgraph/sdk transactions, seen as a HederaNetwork.
export { HederaSandboxLedger } from './hedera/ledger.js';
export { sandboxHederaNetwork } from './hedera/network.js';
// Its memejob-style launchpad: bonding-curve HTS tokens that need an association before a first buy.
export {
  MEMEJOB_ABI,
  MEMEJOB_GAS,
  type MemeCurve,
  memePriceTinybars,
  MEME_DECIMALS,
  MEME_PROMOTION_TINYBARS,
  MEME_SUPPLY,
  quoteMemeBuy,
  quoteMemeSell,
  SANDBOX_MEMEJOB_ID,
} from './hedera/memejob.js';

// Stacks: an in-process ledger applying verified signed STX and SIP-010 transfers (the codec is injected).
export type { StacksDecodedTransaction, StacksTransactionCodec } from './stacks/codec.js';
export { StacksSandboxLedger } from './stacks/ledger.js';

// The local web: pages about the seeded tokens on loopback HTTP, which the web tools search and crawl in sandbox mode.
export { type SandboxWeb, type SandboxWebHit, type SandboxWebPage, startSandboxWeb } from './web/sandbox-web.js';

// The computed market: simulated wallets trading on the sandbox pools and the index of the chains' swaps and holders.
export type {
  ChainIndex,
  IndexedHolder,
  IndexedLeg,
  IndexedToken,
  IndexedTrade,
  SandboxMarketChain,
} from './market/indexed.js';
export { MARKET_RETENTION_MS } from './market/indexed.js';
export { SANDBOX_MARKET_CHAINS, SandboxMarketIndex } from './market/market-index.js';
export type { ExecutedTrade } from './market/evm-trader.js';
export { type IntendedTrade, type PlannerChain, TradePlanner } from './market/planner.js';
export { MAX_STEPS, MarketSimulator, type MarketSimulatorState } from './market/simulator.js';
export { type SandboxMarketSim, startSandboxMarketSim } from './market/sandbox-market-sim.js';
export {
  SIMULATED_WALLET_LABELS,
  SIMULATED_WALLET_SEED,
  type SimulatedWallet,
  type SimulatedWalletKind,
  type SimulatedWalletLabel,
  simulatedWallets,
} from './market/wallets.js';

// The perp exchange: Hyperliquid-like markets following the sandbox prices, made by simulated makers and traders.
export { type PerpExchangeState, type PerpTrade, type FundingRecord, SandboxPerpExchange } from './perps/exchange.js';
export { SandboxPerpInfo } from './perps/info.js';
export { type SandboxPerps, participantName } from './perps/sandbox-perps.js';
export { PERP_MARKETS } from './perps/markets.js';
export { CANDLE_INTERVALS, type CandleInterval } from './perps/candles.js';
// Cross-chain counterparties: the bridge operator (ChangeNOW's custodial flow) and the router solver (Relay's intents),
// with the currencies they serve by the tools' network codes, and the clock the sandbox route moves on.
export {
  type CrossChainAsset,
  type CrossChainNetwork,
  SANDBOX_CROSS_CHAIN_ASSETS,
  sandboxAsset,
} from './cross-chain/assets.js';
export { type BridgeExchange } from './cross-chain/bridge-operator.js';
export { CrossChainRequestError } from './cross-chain/request-error.js';
export { ROUTER_ESTIMATED_SECONDS, type RouterRequest } from './cross-chain/router-solver.js';
export type { SandboxCrossChain } from './cross-chain/sandbox-cross-chain.js';
