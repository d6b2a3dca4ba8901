/** Positive fixed-point USD amount as a decimal string, e.g. "0.0012". */
export type UsdPrice = `${number}`;

/**
 * The one pricing table. The spec fixes a USD price for many tools; each tool whose price the spec does not
 * show belongs to a family, and the family's default below applies. Operators override with
 * `SVC_PRICE_OVERRIDES` (JSON: `{"<toolName or family>": "<usd>"}`): a tool-name key sets that tool; a family key
 * sets every tool priced by that family (tools with a spec price are changed only by their own name).
 *
 * Family defaults are set within the spec's observed range (0.0012 .. 0.2205 USD): cheap pure reads at the
 * floor, provider-backed research near the spec's comparable research tools, wallet actions at the price the
 * spec gives comparable Solana actions.
 */
export const FAMILY_DEFAULT_USD = {
  /** EVM native / ERC-20 / NFT sends and balances (spec: Solana transfer and balances cost 0.0012). */
  'evm-wallet': '0.0012',
  /** EVM swap quotes and swaps (aggregator call; spec: splBuyIntent 0.0012, findSolanaSwapToken 0.0926). */
  'evm-swap': '0.0120',
  /** Hedera wallet, mirror-node reads and SaucerSwap quotes / swaps. */
  'hedera-wallet': '0.0012',
  /** Bonding-curve launchpads on BSC and Hedera, and the Base token factory (spec: curve tools 0.0120). */
  launchpad: '0.0120',
  /** Conditional orders (spec: the position tools cost 0.0012). */
  'conditional-orders': '0.0012',
  /** Pure price helper calculateAdjustedPrice. */
  'price-helper': '0.0012',
  /** Bridge cross-chain swaps (spec: the router family costs 0.0934 .. 0.1313). */
  'cross-chain': '0.1000',
  /** Perpetuals-exchange reads (public info API). */
  perps: '0.0120',
  /** On-chain analytics (paid upstream API; spec: comparable research 0.0512 .. 0.1069). */
  analytics: '0.0900',
  /** Prediction-market reads and orders. */
  prediction: '0.0120',
  /** Bitcoin ordinals / runes / BRC-20 / stamps / alkanes research and market reads. */
  'bitcoin-research': '0.0120',
  /** Bitcoin wallet: balances, BTC / runes / inscription / Counterparty sends. */
  'bitcoin-wallet': '0.0120',
  /** NFT marketplace reads and orders. */
  'nft-marketplace': '0.0120',
  /** The service's own vaults. */
  vaults: '0.0012',
} as const satisfies Record<string, UsdPrice>;

export type PriceFamily = keyof typeof FAMILY_DEFAULT_USD;

export function isPriceFamily(value: string): value is PriceFamily {
  return Object.hasOwn(FAMILY_DEFAULT_USD, value);
}
