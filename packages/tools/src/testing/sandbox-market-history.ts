// A small sandbox market history the market tools' handler tests share (base, bsc and Solana), with its expected
// figures worked out by hand in the tests. Times are relative to NOW, which the tests set as the system time.
import { findTool, outputOf, parseInput, SOL_NATIVE, type ToolName } from '@svc/contracts';
import { sandboxProviders } from '@svc/providers';
import type { Queryable } from '@svc/store';
import { expect } from 'vitest';
import { handlers } from '../families.js';
import type { Handler, HandlerContext } from '../handler.js';
import type { MarketChain, MarketToken, MarketTrade } from '../ports/market-activity.js';
import { testMasterKey } from './caller-contexts.js';
import { type MarketHistory, recordedMarketActivity } from './recorded-market-activity.js';

export const NOW = new Date('2026-01-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

const address = (digit: string) => `0x${digit.repeat(40)}`;
export const BASE = {
  ETH: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  USDC: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  WETH: address('1'),
  LINK: '0x514910771AF9Ca656af840dff83E8264EcF986CA',
  WBTC: address('2'),
  LINK_POOL: address('a'),
  WETH_POOL: address('b'),
} as const;
export const BSC = { WBNB: address('3') } as const;
export const SOLANA = {
  USDC: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  BONK: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
  BONK_POOL: 'BonkPoo1111111111111111111111111111111111111',
} as const;
export const WALLETS = { smart: address('5'), vault: address('6'), retail: address('7'), holder: address('8') };
const SOLANA_TRADER = 'Trader1111111111111111111111111111111111111';

const token = (
  chain: MarketChain,
  tokenAddress: string,
  symbol: string,
  name: string,
  figures: { decimals: number; priceUsd: number; liquidityUsd: number; supply: number | null },
): MarketToken => ({ chain, address: tokenAddress, symbol, name, ...figures });

export const TOKENS = {
  baseEth: token('base', BASE.ETH, 'ETH', 'ETH', { decimals: 18, priceUsd: 3100, liquidityUsd: 0, supply: null }),
  baseUsdc: token('base', BASE.USDC, 'USDC', 'USD Coin', {
    decimals: 6,
    priceUsd: 1,
    liquidityUsd: 4_000_000,
    supply: 1_000_000_000,
  }),
  weth: token('base', BASE.WETH, 'WETH', 'Wrapped ETH', {
    decimals: 18,
    priceUsd: 3100,
    liquidityUsd: 2_000_000,
    supply: 10_000,
  }),
  link: token('base', BASE.LINK, 'LINK', 'Sandbox Chainlink', {
    decimals: 18,
    priceUsd: 15,
    liquidityUsd: 2_000_000,
    supply: 1_000_000,
  }),
  wbtc: token('base', BASE.WBTC, 'WBTC', 'Sandbox Wrapped BTC', {
    decimals: 8,
    priceUsd: 61_000,
    liquidityUsd: 3_000_000,
    supply: 100,
  }),
  wbnb: token('bsc', BSC.WBNB, 'WBNB', 'Wrapped BNB', {
    decimals: 18,
    priceUsd: 610,
    liquidityUsd: 2_000_000,
    supply: 5_000,
  }),
  // Native ETH on the ethereum chain, whose own pools price it a little lower than base's WETH/USDC.
  ethereumEth: token('ethereum', BASE.ETH, 'ETH', 'ETH', {
    decimals: 18,
    priceUsd: 3090,
    liquidityUsd: 1_000_000,
    supply: null,
  }),
  sol: token('solana', SOL_NATIVE, 'SOL', 'Solana', {
    decimals: 9,
    priceUsd: 152.5,
    liquidityUsd: 2_000_000,
    supply: null,
  }),
  solanaUsdc: token('solana', SOLANA.USDC, 'USDC', 'USD Coin', {
    decimals: 6,
    priceUsd: 1,
    liquidityUsd: 3_000_000,
    supply: 500_000_000,
  }),
  bonk: token('solana', SOLANA.BONK, 'BONK', 'Bonk', {
    decimals: 5,
    priceUsd: 0.00002,
    liquidityUsd: 1_000_000,
    supply: 90_000_000_000_000,
  }),
};

let block = 100;
function trade(
  chain: MarketChain,
  at: Date,
  trader: string,
  pool: string,
  sold: [MarketToken, number],
  bought: [MarketToken, number],
  valueUsd: number,
): MarketTrade {
  block += 1;
  const leg = ([listed, amount]: [MarketToken, number]) => ({ address: listed.address, symbol: listed.symbol, amount });
  return {
    chain,
    transactionHash: `0x${block.toString(16).padStart(64, '0')}`,
    blockNumber: block,
    timestamp: at.toISOString(),
    trader,
    traderLabel: null,
    pool,
    sold: leg(sold),
    bought: leg(bought),
    valueUsd,
  };
}

/**
 * Tokens on base, bsc, Solana and (native ETH only) ethereum. On base: a LINK buy 30 h ago (outside the day), then in the last 24 h a LINK buy (1500 USD), a LINK sale by a
 * caller's vault (760 USD) and a WETH buy (5000 USD). On Solana: a BONK buy (10000 USD). Nothing traded on bsc.
 */
export const HISTORY: MarketHistory = {
  tokens: Object.values(TOKENS),
  trades: [
    trade('base', hoursAgo(30), WALLETS.smart, BASE.LINK_POOL, [TOKENS.baseUsdc, 1000], [TOKENS.link, 80], 1000),
    trade('base', hoursAgo(3), WALLETS.smart, BASE.LINK_POOL, [TOKENS.baseUsdc, 1500], [TOKENS.link, 100], 1500),
    trade('base', hoursAgo(2), WALLETS.vault, BASE.LINK_POOL, [TOKENS.link, 50], [TOKENS.baseUsdc, 760], 760),
    trade('base', hoursAgo(1), WALLETS.retail, BASE.WETH_POOL, [TOKENS.baseUsdc, 5000], [TOKENS.weth, 1.6], 5000),
    trade(
      'solana',
      hoursAgo(0.5),
      SOLANA_TRADER,
      SOLANA.BONK_POOL,
      [TOKENS.solanaUsdc, 10_000],
      [TOKENS.bonk, 5e8],
      10_000,
    ),
  ],
  balances: [
    { chain: 'base', token: BASE.LINK, wallet: BASE.LINK_POOL, balance: 66_000 },
    { chain: 'base', token: BASE.LINK, wallet: WALLETS.smart, balance: 180 },
    { chain: 'base', token: BASE.LINK, wallet: WALLETS.vault, balance: 50 },
    { chain: 'base', token: BASE.LINK, wallet: WALLETS.holder, balance: 10 },
    { chain: 'base', token: BASE.LINK, wallet: WALLETS.retail, balance: 0 },
  ],
  labels: [{ chain: 'base', address: WALLETS.smart, label: { kind: 'smart_money', name: 'Smart Trader' } }],
  prices: [
    { chain: 'base', token: BASE.LINK, at: hoursAgo(48), priceUsd: 11 },
    { chain: 'base', token: BASE.LINK, at: hoursAgo(25), priceUsd: 12 },
    { chain: 'base', token: BASE.WETH, at: hoursAgo(30), priceUsd: 3000 },
    { chain: 'solana', token: SOL_NATIVE, at: hoursAgo(26), priceUsd: 160 },
  ],
};

/** A sandbox call's context over `history`; `events` records when the payment settles. */
export function sandboxMarketContext(
  events: string[] = [],
  resources: Partial<HandlerContext> = {},
  history: MarketHistory = HISTORY,
): HandlerContext {
  return {
    mode: 'sandbox',
    // These handlers read the market index only; a database they touched would be a bug.
    db: {} as Queryable,
    caller: undefined,
    masterKey: testMasterKey(),
    providers: sandboxProviders(),
    marketActivity: recordedMarketActivity(history),
    commit: async () => {
      events.push('commit');
    },
    ...resources,
  };
}

/** Validates `raw` with the catalog's input schema, as invoke does, runs the tool and checks its published answer schema. */
export async function callTool(name: ToolName, raw: Record<string, unknown>, context: HandlerContext) {
  const tool = findTool(name)!;
  const handler = handlers[name] as Handler<ToolName>;
  const result = await handler(parseInput(tool.input, raw, name) as never, context);
  const parsed = outputOf(tool)!.safeParse(JSON.parse(JSON.stringify(result)));
  expect(parsed.error?.issues ?? [], `${name} answers its published schema`).toEqual([]);
  return result;
}
