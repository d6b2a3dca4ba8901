import { z } from 'zod';
import { DATE, body } from '../formats.js';
import { defineTool, PAID_UPSTREAM_READ } from '../types.js';

/**
 * On-chain analytics (spec: "Analytics tools (all open; prices not shown)"). All open, all read-only; the `analytics`
 * family default price applies.
 */

/** Spec chain set ICHAIN16. */
export const ICHAIN16 = z.enum([
  'ethereum',
  'solana',
  'base',
  'arbitrum',
  'polygon',
  'optimism',
  'avalanche',
  'bnb',
  'perpevm',
  'linea',
  'mantle',
  'monad',
  'ronin',
  'scroll',
  'sei',
  'sonic',
]);

/** Spec chain set ICHAIN21 = ICHAIN16 plus near, starknet, sui, ton, tron. */
export const ICHAIN21 = z.enum([...ICHAIN16.options, 'near', 'starknet', 'sui', 'ton', 'tron']);

/**
 * per_page: the spec says "a number, default 50" (max 100 only for intel_smart_money_holdings). A page size of zero
 * or less is meaningless, so it must be positive; no other bound is stated.
 */
const perPage = z.number().positive().default(50);

const labelType = z.enum(['smart_money', 'all_traders']).default('smart_money');

/** A required identifier (address, symbol); an empty value names nothing. */
const id = z.string().min(1);

const PER_PAGE_NOTE = 'per_page: positive number, default 50.';
const DATE_NOTE =
  'date_from and date_to: YYYY-MM-DD, both required; date_from must not be after date_to (checked by the server: JSON Schema cannot compare two fields, so the published schema states the rule only in its description).';

/** The required date range of the dated tools, spread into their bodies where the spec places it. */
const DATE_RANGE = { date_from: DATE, date_to: DATE };

/** A body with the required date range date_from / date_to and the rule date_from <= date_to. */
function withDateRange<Shape extends z.ZodRawShape & { date_from: typeof DATE; date_to: typeof DATE }>(shape: Shape) {
  return body(shape)
    .superRefine((value, ctx) => {
      // YYYY-MM-DD strings compare correctly as text.
      const { date_from: from, date_to: to } = value as { date_from: string; date_to: string };
      if (from > to) {
        ctx.addIssue({
          code: 'custom',
          path: ['date_to'],
          message: `date_to (${to}) must not be before date_from (${from}): date_from <= date_to`,
        });
      }
    })
    .meta({
      description:
        'Rule: date_from <= date_to. JSON Schema cannot compare two fields, so the server enforces this rule.',
    });
}

/** What every tool of the family shares: open reads priced by the `analytics` family default, paid upstream (Nansen). */
const ANALYTICS = {
  group: 'Analytics',
  price: 'analytics',
  identity: false,
  effect: 'read',
  ...PAID_UPSTREAM_READ,
} as const;

/** intel_smart_money_flows / intel_smart_money_trades: one ICHAIN16 chain and a page size. */
const smartMoneyRead = <const Name extends string>(name: Name, summary: string) =>
  defineTool({
    name,
    ...ANALYTICS,
    summary,
    description: `chain: one of the 16 ICHAIN16 chains. ${PER_PAGE_NOTE}`,
    input: body({ chain: ICHAIN16, per_page: perPage }),
  });

export const analyticsTools = [
  defineTool({
    name: 'intel_smart_money_holdings',
    ...ANALYTICS,
    summary: 'Tokens currently held by smart-money wallets on one chain, with aggregate balances and changes.',
    description: 'chain: one of the 16 ICHAIN16 chains. per_page: positive number up to 100, default 50.',
    input: body({ chain: ICHAIN16, per_page: z.number().positive().max(100).default(50) }),
  }),
  smartMoneyRead('intel_smart_money_flows', 'Net token inflows and outflows of smart-money wallets on one chain.'),
  smartMoneyRead('intel_smart_money_trades', 'Recent DEX trades by smart-money wallets on one chain.'),
  defineTool({
    name: 'intel_pnl_leaderboard',
    ...ANALYTICS,
    summary: 'PnL leaderboard of the traders of one token contract over a date range (not a global leaderboard).',
    description: `chain: one of the 21 ICHAIN21 chains. token_address: the token contract, required. ${DATE_NOTE} ${PER_PAGE_NOTE}`,
    input: withDateRange({ chain: ICHAIN21, token_address: id, ...DATE_RANGE, per_page: perPage }),
  }),
  defineTool({
    name: 'intel_who_bought_sold',
    ...ANALYTICS,
    summary: 'Who bought and sold one token over a date range, smart money only or all traders.',
    description: `chain: one of the 21 ICHAIN21 chains. token_address: required. ${DATE_NOTE} label_type: smart_money (default) or all_traders. ${PER_PAGE_NOTE}`,
    input: withDateRange({
      chain: ICHAIN21,
      token_address: id,
      ...DATE_RANGE,
      label_type: labelType,
      per_page: perPage,
    }),
  }),
  defineTool({
    name: 'intel_wallet_profiler',
    ...ANALYTICS,
    summary: 'Profile of one wallet over a date range: balances, activity and performance.',
    description: `chain: one of the 21 ICHAIN21 chains. wallet_address: required. ${DATE_NOTE} ${PER_PAGE_NOTE}`,
    input: withDateRange({ chain: ICHAIN21, wallet_address: id, ...DATE_RANGE, per_page: perPage }),
  }),
  defineTool({
    name: 'intel_perp_positions',
    ...ANALYTICS,
    summary: 'Open perpetual positions on one token symbol held by smart money or all traders.',
    description: `token_symbol: required, e.g. BTC. label_type: smart_money (default) or all_traders. ${PER_PAGE_NOTE}`,
    input: body({ token_symbol: id, label_type: labelType, per_page: perPage }),
  }),
  defineTool({
    name: 'intel_defi_portfolio',
    ...ANALYTICS,
    summary: 'DeFi positions (lending, liquidity, staking) of one wallet on one chain.',
    description: `chain: one of the 21 ICHAIN21 chains. wallet_address: required. ${PER_PAGE_NOTE}`,
    input: body({ chain: ICHAIN21, wallet_address: id, per_page: perPage }),
  }),
  defineTool({
    name: 'intel_token_screener',
    ...ANALYTICS,
    summary: 'Screen tokens across one or more chains by activity over a timeframe, optionally smart money only.',
    description: `chains: at least one ICHAIN21 chain. timeframe: string, default 24h. smart_money_only: default false. ${PER_PAGE_NOTE}`,
    input: body({
      chains: z.array(ICHAIN21).min(1),
      timeframe: z.string().default('24h'),
      smart_money_only: z.boolean().default(false),
      per_page: perPage,
    }),
  }),
];
