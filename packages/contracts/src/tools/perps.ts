import { z } from 'zod';
import { body } from '../formats.js';
import { defineTool } from '../types.js';

/**
 * Perpetuals-exchange reads (spec: "Perpetuals exchange tools (read-only, all I)"). Every tool is identity-gated and
 * read-only; prices are not shown in the spec, so the `perps` family default applies.
 */

/**
 * The account whose data is read: an EVM address, or a name/domain that the service resolves to an address.
 * Omit it to use the connected wallet. One definition shared by every account tool.
 */
const user = z.string().optional();

/** perpdexOrderHistory and perpdexFills: number of records, integer 1-100, default 30. */
const historyLimit = z.number().int().min(1).max(100).default(30);

/** A market symbol such as "BTC" or "ETH". Required where the spec marks coin*; an empty symbol names no market. */
const coin = z.string().min(1);

/** Epoch time in milliseconds. */
const epochMs = z.number().int();

const USER_NOTE = 'user: EVM address, or a name/domain resolved to an address; omit it to read the connected wallet.';

/** What every tool of the family shares: identity-gated reads priced by the `perps` family default. */
const PERPS = {
  group: 'Perpetuals Exchange',
  price: 'perps',
  identity: true,
  effect: 'read',
  settlement: 'after-success',
} as const;

/** An account read: body { user } only. */
const accountRead = <const Name extends string>(name: Name, summary: string, description = USER_NOTE) =>
  defineTool({ name, ...PERPS, summary, description, input: body({ user }) });

/** An account's recent records (orders, fills): body { user, limit }. */
const historyRead = <const Name extends string>(name: Name, summary: string) =>
  defineTool({
    name,
    ...PERPS,
    summary,
    description: `${USER_NOTE} limit: integer 1-100, default 30.`,
    input: body({ user, limit: historyLimit }),
  });

export const perpsTools = [
  accountRead(
    'perpdexPerpAccount',
    'Perpetuals account state: margin summary, open positions, leverage and withdrawable balance.',
  ),
  accountRead(
    'perpdexHoldings',
    'Total holdings in USD across perps, spot, the EVM-side wallet, staking and vaults, with a breakdown.',
    `${USER_NOTE} Returns totalValueUsd and breakdown {perpsUsd, spotUsd, evmWalletUsd, stakingUsd, vaultsUsd} plus perps, spotBalances, perpEvmWallet, staking and vaults.`,
  ),
  accountRead('perpdexStaking', 'Staking summary and delegations of an account on the perpetuals exchange.'),
  accountRead('perpdexVaults', "An account's deposits (equity) in perpetuals-exchange vaults."),
  accountRead('perpdexPortfolio', 'Portfolio history of an account: account value and PnL over time.'),
  accountRead('perpdexOpenOrders', 'Open (resting) orders of an account on the perpetuals exchange.'),
  historyRead('perpdexOrderHistory', 'Recent order history (filled, cancelled, open) of an account.'),
  historyRead('perpdexFills', 'Recent trade fills of an account.'),
  defineTool({
    name: 'perpdexPerpMarkets',
    ...PERPS,
    summary: 'Perpetual markets with price, funding, open interest and volume, sorted by 24h volume.',
    description:
      'coins: optional list of market symbols to include (all markets if omitted). limit: integer 1-200, default 40. Sorted by 24h volume.',
    input: body({
      coins: z.array(z.string()).optional(),
      limit: z.number().int().min(1).max(200).default(40),
    }),
  }),
  defineTool({
    name: 'perpdexPrice',
    ...PERPS,
    summary: 'Current mid prices for the given coins, or all mids when coins is omitted.',
    input: body({ coins: z.array(z.string()).optional() }),
  }),
  defineTool({
    name: 'perpdexOrderBook',
    ...PERPS,
    summary: 'Order book (bids and asks) of one market.',
    description: 'coin: market symbol, required (non-empty). depth: price levels per side, integer 1-50, default 10.',
    input: body({
      coin,
      depth: z.number().int().min(1).max(50).default(10),
    }),
  }),
  defineTool({
    name: 'perpdexCandles',
    ...PERPS,
    summary: 'OHLCV candles of one market for a time range.',
    description:
      'coin: market symbol, required (non-empty). interval: 1m, 5m, 15m, 1h, 4h, 1d or 1w (default 1h). startTime: integer epoch milliseconds, required. endTime: integer epoch milliseconds, defaults to now.',
    input: body({
      coin,
      interval: z.enum(['1m', '5m', '15m', '1h', '4h', '1d', '1w']).default('1h'),
      startTime: epochMs,
      endTime: epochMs.optional(),
    }),
  }),
  defineTool({
    name: 'perpdexFundingHistory',
    ...PERPS,
    summary: 'Historical funding rates of one market for a time range.',
    description:
      'coin: market symbol, required (non-empty). startTime: epoch milliseconds (integer), required. endTime: epoch milliseconds (integer), defaults to now.',
    input: body({
      coin,
      startTime: epochMs,
      endTime: epochMs.optional(),
    }),
  }),
];
