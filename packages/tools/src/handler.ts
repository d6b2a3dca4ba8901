import {
  type CatalogTool,
  ServiceError,
  type ToolByName,
  type ToolInput,
  type ToolName,
  type ToolSettlement,
} from '@svc/contracts';
import type { HederaNetwork, MasterKeyProvider } from '@svc/chains';
import type { BitcoinChainAccess, EvmNetworks, Providers, SolanaChain } from '@svc/providers';
import type { Queryable } from '@svc/store';
import type { BitcoinIndex } from './ports/bitcoin-index.js';
import type { LocalWeb } from './ports/local-web.js';
import type { MarketActivity } from './ports/market-activity.js';
import type { PredictMarkets } from './ports/predict-markets.js';
import type { NftMarketplace } from './ports/nft-marketplace.js';
import type { SolanaLaunchpads } from './ports/solana-launchpads.js';
import type { SolanaMints } from './ports/solana-mints.js';
import type { PerpExchange } from './ports/perp-exchange.js';
import type { StampsIndex } from './ports/stamps-index.js';
import type { LaunchpadVenues } from './ports/launchpad-venues.js';
import type { LiveOrderNetworks, OrderExecution } from './ports/conditional-orders.js';
import type { VaultChains } from './ports/vault-chains.js';
import type { CrossChainProviders } from './ports/cross-chain.js';

export type ServiceMode = 'sandbox' | 'live';

/** The account a call acts for: proven by SIWX on REST, by an access key or OAuth token on MCP and A2A. */
export interface CallerAccount {
  readonly accountId: string;
}

/** What the service lends every handler: custody, providers and the chains each tool family reaches. */
export interface HandlerResources {
  /** Seals and opens custodial vault seeds (SVC_MASTER_KEY or a KMS). */
  readonly masterKey: MasterKeyProvider;
  /** Third-party APIs (sandbox or live per provider); using an unconfigured one throws 503 naming its setting. */
  readonly providers: Providers;
  /** Chains the vault tools read and mint on (the sandbox Base chain in sandbox mode); none when unset. */
  readonly vaultChains?: VaultChains | undefined;
  /** The conditional-order engine that executes orders (deleteConditionalOrder executeEarly); none: orders only wait. */
  readonly orderEngine?: OrderExecution | undefined;
  /** Live mode: the networks the order engine watches; a create on another answers 503 naming its settings. Unset: no check (sandbox). */
  readonly orderNetworks?: LiveOrderNetworks | undefined;
  /** The five EVM chains for the EVM tools (sandbox anvils, or live RPCs); unset: each EVM tool answers 503 naming its RPC setting. */
  readonly evmNetworks?: EvmNetworks | undefined;
  /** The Solana chain and market (sandbox chain and venue, or SOLANA_RPC_URL and Jupiter); unset answers 503. */
  readonly solana?: SolanaChain | undefined;
  /** The Hedera network (the sandbox ledger, started on first use, or live); throws 503 naming the setting when unconfigured. */
  readonly hedera?: (() => Promise<HederaNetwork>) | undefined;
  /** The Bitcoin chain the Bitcoin wallet tools use (sandbox ledger facade or BITCOIN_ESPLORA_URL); none when unset. */
  readonly bitcoin?: BitcoinChainAccess | undefined;
  /** Sandbox mode: the local web that websearch and crawlExtract use when their provider is not live; none in live mode. */
  readonly localWeb?: LocalWeb | undefined;
  /** Sandbox mode: the sandbox Solana ledger's mints, which riskcheckToken scores when RugCheck is not live. */
  readonly solanaMints?: SolanaMints | undefined;
  /** Sandbox mode: the sandbox market indexer (swaps, holders, labelled simulated wallets) the market tools answer from. */
  readonly marketActivity?: MarketActivity | undefined;
  /** Sandbox mode: the sandbox Bitcoin chain's ordinals index (sats, inscriptions, runes) the Bitcoin research tools answer from. */
  readonly bitcoinIndex?: BitcoinIndex | undefined;
  /** Sandbox mode: the sandbox Bitcoin chain's stamps and SRC-20 index the stamps tools answer from. */
  readonly stampsIndex?: StampsIndex | undefined;
  /** Sandbox mode: the sandbox perp exchange the perpdex tools answer from when Hyperliquid is not live. */
  readonly perpExchange?: PerpExchange | undefined;
  /** The prediction-market venue (Polymarket live, the sandbox Polygon chain's markets); none: the predict tools answer 501. */
  readonly predictMarkets?: PredictMarkets | undefined;
  /** Sandbox mode: the sandbox bridge operator and router solver the cross-chain tools use when their providers are not live. */
  readonly crossChain?: CrossChainProviders | undefined;
  /** Sandbox mode: the EVM and Hedera launchpads (BSC bonding curve, Base token factory, Hedera memejob curve); live: their providers. */
  readonly launchpadVenues?: LaunchpadVenues | undefined;
  /** Sandbox mode: the sandbox chains' Seaport order book and NFT index the nftmkt tools answer from (OpenSea's shapes). */
  readonly nftMarketplace?: NftMarketplace | undefined;
  /** The Solana bonding-curve launchpads (the sandbox chain's, or live over SOLANA_RPC_URL); unset answers 503. */
  readonly solanaLaunchpads?: SolanaLaunchpads | undefined;
}

/** What a handler may use: the service's resources and the call's own facts. */
export interface HandlerContext extends HandlerResources {
  readonly mode: ServiceMode;
  readonly db: Queryable;
  /** Set for every identity-gated tool (invoke refuses those calls without one); otherwise set when known. */
  readonly caller: CallerAccount | undefined;
  /**
   * The call's point of no return: settles its x402 payment (once; later calls do nothing). A handler made with
   * `withCommitPoint` awaits it after its checks (and signing), just before its first effect, so a call it refuses
   * first is not charged. Absent when there is nothing to settle (paid from credit, or not a paid call).
   */
  readonly commit?: (() => Promise<void>) | undefined;
}

/** The caller of an identity-gated tool. invoke guarantees one, so a missing caller is a bug, not bad input. */
export function callerOf(context: HandlerContext): CallerAccount {
  if (!context.caller) throw new ServiceError('internal', 'An identity-gated tool ran without a caller account.');
  return context.caller;
}

const COMMIT_POINT: unique symbol = Symbol('commitPoint');

/** A tool's implementation: its input type comes from the tool's zod schema in the catalog. */
export type Handler<N extends ToolName> = ((
  input: ToolInput<ToolByName<N>>,
  context: HandlerContext,
) => Promise<Record<string, unknown>>) & {
  readonly [COMMIT_POINT]?: true;
};

/**
 * Marks a handler that calls `context.commit()` after its checks and before its first effect of any kind (database
 * write, broadcast, paid upstream call), so its payment settles there: the handler of every `commit-point` tool.
 */
export function withCommitPoint<H extends (...args: never[]) => Promise<Record<string, unknown>>>(handler: H): H {
  return Object.assign(handler, { [COMMIT_POINT]: true as const });
}

/** Does this handler settle at its own commit point (see `withCommitPoint`)? */
export const hasCommitPoint = (handler: Handler<ToolName>): boolean => handler[COMMIT_POINT] === true;

/**
 * When a call's payment settles: its tool's catalog settlement, except that a `commit-point` tool whose handler
 * has no commit point pays before it runs (the catalog test refuses that mismatch; this keeps it safe regardless).
 */
export function settlementOf(tool: CatalogTool, handler: Handler<ToolName>): ToolSettlement {
  return tool.settlement === 'commit-point' && !hasCommitPoint(handler) ? 'before-run' : tool.settlement;
}

export type HandlerTable = { readonly [N in ToolName]?: Handler<N> };

export function handlerFor<T extends CatalogTool>(table: HandlerTable, tool: T): Handler<T['name']> | undefined {
  return table[tool.name as ToolName] as Handler<T['name']> | undefined;
}
