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

const USER_NOTE =
  'user: EVM address, or a name/domain resolved to an address; omit it to read the connected wallet.';

export const perpsTools = [
  defineTool({
    name: 'perpdexPerpAccount',
    group: 'Perpetuals Exchange',
    summary: 'Perpetuals account state: margin summary, open positions, leverage and withdrawable balance.',
    description: USER_NOTE,
    input: body({ user }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexHoldings',
    group: 'Perpetuals Exchange',
    summary: 'Total holdings in USD across perps, spot, the EVM-side wallet, staking and vaults, with a breakdown.',
    description: `${USER_NOTE} Returns totalValueUsd and breakdown {perpsUsd, spotUsd, evmWalletUsd, stakingUsd, vaultsUsd} plus perps, spotBalances, perpEvmWallet, staking and vaults.`,
    input: body({ user }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexStaking',
    group: 'Perpetuals Exchange',
    summary: 'Staking summary and delegations of an account on the perpetuals exchange.',
    description: USER_NOTE,
    input: body({ user }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexVaults',
    group: 'Perpetuals Exchange',
    summary: "An account's deposits (equity) in perpetuals-exchange vaults.",
    description: USER_NOTE,
    input: body({ user }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexPortfolio',
    group: 'Perpetuals Exchange',
    summary: 'Portfolio history of an account: account value and PnL over time.',
    description: USER_NOTE,
    input: body({ user }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexOpenOrders',
    group: 'Perpetuals Exchange',
    summary: 'Open (resting) orders of an account on the perpetuals exchange.',
    description: USER_NOTE,
    input: body({ user }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexOrderHistory',
    group: 'Perpetuals Exchange',
    summary: 'Recent order history (filled, cancelled, open) of an account.',
    description: `${USER_NOTE} limit: integer 1-100, default 30.`,
    input: body({ user, limit: historyLimit }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexFills',
    group: 'Perpetuals Exchange',
    summary: 'Recent trade fills of an account.',
    description: `${USER_NOTE} limit: integer 1-100, default 30.`,
    input: body({ user, limit: historyLimit }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexPerpMarkets',
    group: 'Perpetuals Exchange',
    summary: 'Perpetual markets with price, funding, open interest and volume, sorted by 24h volume.',
    description: 'coins: optional list of market symbols to include (all markets if omitted). limit: integer 1-200, default 40. Sorted by 24h volume.',
    input: body({
      coins: z.array(z.string()).optional(),
      limit: z.number().int().min(1).max(200).default(40),
    }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexPrice',
    group: 'Perpetuals Exchange',
    summary: 'Current mid prices for the given coins, or all mids when coins is omitted.',
    input: body({ coins: z.array(z.string()).optional() }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexOrderBook',
    group: 'Perpetuals Exchange',
    summary: 'Order book (bids and asks) of one market.',
    description: 'coin: market symbol, required (non-empty). depth: price levels per side, integer 1-50, default 10.',
    input: body({
      coin,
      depth: z.number().int().min(1).max(50).default(10),
    }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexCandles',
    group: 'Perpetuals Exchange',
    summary: 'OHLCV candles of one market for a time range.',
    description: 'coin: market symbol, required (non-empty). interval: 1m, 5m, 15m, 1h, 4h, 1d or 1w (default 1h). startTime: integer epoch milliseconds, required. endTime: integer epoch milliseconds, defaults to now.',
    input: body({
      coin,
      interval: z.enum(['1m', '5m', '15m', '1h', '4h', '1d', '1w']).default('1h'),
      startTime: epochMs,
      endTime: epochMs.optional(),
    }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
  defineTool({
    name: 'perpdexFundingHistory',
    group: 'Perpetuals Exchange',
    summary: 'Historical funding rates of one market for a time range.',
    description: 'coin: market symbol, required (non-empty). startTime: epoch milliseconds (integer), required. endTime: epoch milliseconds (integer), defaults to now.',
    input: body({
      coin,
      startTime: epochMs,
      endTime: epochMs.optional(),
    }),
    price: 'perps',
    identity: true,
    effect: 'read',
  }),
];
