import { FAMILY_DEFAULT_USD, isPriceFamily, type UsdPrice } from './pricing.js';
import { analyticsTools } from './tools/analytics.js';
import { bitcoinTools } from './tools/bitcoin.js';
import { conditionalOrderTools } from './tools/conditional-orders.js';
import { coreTools } from './tools/core.js';
import { crossChainTools } from './tools/cross-chain.js';
import { evmTools } from './tools/evm.js';
import { hederaTools } from './tools/hedera.js';
import { nftMarketplaceTools } from './tools/nft-marketplace.js';
import { perpsTools } from './tools/perps.js';
import { predictionTools } from './tools/prediction.js';
import { researchTools } from './tools/research.js';
import { solanaTools } from './tools/solana.js';
import { vaultTools } from './tools/vaults.js';
import type { ToolDefinition } from './types.js';

/** Every tool of the service, each defined once. Order: the families as the spec presents them. */
export const catalog = [
  ...coreTools,
  ...conditionalOrderTools,
  ...researchTools,
  ...crossChainTools,
  ...solanaTools,
  ...hederaTools,
  ...evmTools,
  ...perpsTools,
  ...analyticsTools,
  ...predictionTools,
  ...bitcoinTools,
  ...nftMarketplaceTools,
  ...vaultTools,
] as const;

export type CatalogTool = (typeof catalog)[number];
export type ToolName = CatalogTool['name'];
export type ToolByName<N extends ToolName> = Extract<CatalogTool, { name: N }>;

const byName = new Map<string, CatalogTool>(catalog.map((tool) => [tool.name, tool]));

export function findTool(name: string): CatalogTool | undefined {
  return byName.get(name);
}

/** USD overrides by tool name or price family (operator setting `SVC_PRICE_OVERRIDES`). */
export type PriceOverrides = Readonly<Record<string, UsdPrice>>;

/** The USD price of one call: a tool-name override, else the spec's price, else the family's (overridden) default. */
export function priceOf(tool: ToolDefinition, overrides: PriceOverrides = {}): UsdPrice {
  const own = overrides[tool.name];
  if (own) return own;
  if (!isPriceFamily(tool.price)) return tool.price;
  return overrides[tool.price] ?? FAMILY_DEFAULT_USD[tool.price];
}
