import type { z } from 'zod';
import type { PriceFamily } from './pricing.js';

/** The spec's 15 tool groups, used as OpenAPI tags, discovery groups, MCP/A2A skill groups. */
export const TOOL_GROUPS = [
  'Core',
  'Search & Research',
  'Solana',
  'Hedera',
  'Ethereum',
  'BSC',
  'Polygon',
  'Base',
  'Alt Chain',
  'Perpetuals Exchange',
  'Analytics',
  'Prediction Markets',
  'Bitcoin Ordinals',
  'NFT Marketplace',
  'Vaults',
] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

/**
 * `write`: the call moves funds or changes on-chain / custodial wallet state (transfers, swaps, buys,
 * launches, orders, listings, vault minting / key reveal, conditional positions). Such tools need explicit
 * approval and are only on the MCP transaction surface. Everything else (including memory and settings
 * writes, which move no funds) is `read`.
 */
export type ToolEffect = 'read' | 'write';

/** Positive fixed-point USD amount as a decimal string, e.g. "0.0012". */
export type UsdPrice = `${number}`;

export interface ToolDefinition<Name extends string = string, Input extends z.ZodType = z.ZodType> {
  readonly name: Name;
  readonly group: ToolGroup;
  /** One line, shown in discovery, OpenAPI, MCP tools/list and the docs page. */
  readonly summary: string;
  /** Longer notes for agents (rules from the spec, design decisions). Optional. */
  readonly description?: string;
  readonly input: Input;
  /**
   * The spec's USD price (e.g. '0.0012') when the spec shows one; otherwise the pricing family whose default
   * in `pricing.ts` applies (e.g. 'evm-wallet').
   */
  readonly price: UsdPrice | PriceFamily;
  /** Identity-gated: requires a SIWX proof (security scheme `siwx`). */
  readonly identity: boolean;
  readonly effect: ToolEffect;
}

export type ToolInput<T extends ToolDefinition> = z.output<T['input']>;
export type ToolRawInput<T extends ToolDefinition> = z.input<T['input']>;

/** Define one catalog entry; keeps the literal name and the exact zod type for handler typing. */
export function defineTool<const Name extends string, Input extends z.ZodType>(
  def: ToolDefinition<Name, Input>,
): ToolDefinition<Name, Input> {
  return def;
}
