import type { z } from 'zod';
import type { PriceFamily, UsdPrice } from './pricing.js';

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
 * approval and are only on the MCP transaction surface. Everything else is `read`, including memory and settings
 * writes, which move no funds: whether a tool changes anything at all is its `settlement`, not its effect.
 */
export type ToolEffect = 'read' | 'write';

/**
 * When a paid call's payment settles, so that no change survives a refused payment:
 * - `after-success`: the tool changes nothing (no database row, no broadcast, no paid upstream call), so it settles
 *   after its handler succeeds and a failed call is never charged. The pipeline holds its handler to that: a
 *   database write from it fails the call. (Provisioning the account's own vault on first need is not a change of
 *   the call: like the account row sign-in creates, no input decides it and every account gets exactly one.)
 * - `commit-point`: the handler (made with `withCommitPoint`) does its checks, then awaits `context.commit()` before
 *   its first effect of any kind (database write, broadcast, paid upstream call); the payment settles there, so a
 *   call refused by its checks is not charged and a refused payment leaves nothing behind.
 * - `before-run`: the payment settles before the handler runs.
 * A tool that pays an upstream per call is never `after-success`: it commits before that call.
 */
export type ToolSettlement = 'after-success' | 'commit-point' | 'before-run';

/** How a tool that changes something changes it (MCP's `destructiveHint` and `idempotentHint`). */
export interface ToolChange {
  /** It deletes or overwrites something, or moves funds, rather than only adding. */
  readonly destructive: boolean;
  /** Repeating the call with the same input changes nothing beyond what the first call did. */
  readonly idempotent: boolean;
  /**
   * The call changes nothing of the caller's or the service's: it settles first only because it spends the operator's
   * credits at a paid upstream (see `PAID_UPSTREAM_READ`). MCP still shows it as read-only.
   */
  readonly readsOnly?: true;
}

/** What most `write` tools do: each call moves funds (or wallet state) again, and what moved cannot be undone. */
export const MOVES_FUNDS: ToolChange = { destructive: true, idempotent: false };

/**
 * A read that calls a paid upstream (market data, analytics, web search): it settles at its commit point, before that
 * call, so N payments from one balance cannot spend more of the operator's provider credits than they paid for.
 */
export const PAID_UPSTREAM_READ = {
  settlement: 'commit-point',
  change: { destructive: false, idempotent: true, readsOnly: true },
} as const satisfies { settlement: ToolSettlement; change: ToolChange };

/** Does a call of this tool change nothing (read-only surfaces: MCP annotations, OAuth and A2A read-only sessions)? */
export const changesNothing = (tool: ToolSettlementOf): boolean =>
  tool.settlement === 'after-success' || tool.change.readsOnly === true;

/** What every catalog entry states besides its settlement (see `ToolDefinition`). */
export interface ToolBase<Name extends string, Input extends z.ZodType> {
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

/** A tool that changes nothing; or one that changes something, and says how. */
export type ToolSettlementOf =
  | { readonly settlement: 'after-success'; readonly change?: never }
  | { readonly settlement: Exclude<ToolSettlement, 'after-success'>; readonly change: ToolChange };

export type ToolDefinition<Name extends string = string, Input extends z.ZodType = z.ZodType> = ToolBase<Name, Input> &
  ToolSettlementOf;

export type ToolInput<T extends ToolDefinition> = z.output<T['input']>;
export type ToolRawInput<T extends ToolDefinition> = z.input<T['input']>;

/** Define one catalog entry; keeps the literal name and the exact zod type for handler typing. */
export function defineTool<const Name extends string, Input extends z.ZodType>(
  def: ToolDefinition<Name, Input>,
): ToolDefinition<Name, Input> {
  return def;
}
