import type { ChainIndex, IndexedToken, IndexedTrade, SandboxMarketChain } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { sandboxMarketActivity } from './sandbox-market-activity.js';

const token = (symbol: string, address: string, priceUsd: number): IndexedToken => ({
  address,
  symbol,
  name: symbol,
  decimals: 18,
  priceUsd,
  liquidityUsd: 1_000,
  supply: 1_000_000,
});
const LINK = token('LINK', '0x1111111111111111111111111111111111111111', 15);
const USDC = token('USDC', '0x2222222222222222222222222222222222222222', 1);
const SMART = '0xAaAaaAAAaAaAAaaAaAAAAAAAaaaAAaAaAaaAaaAa';
const CALLER = '0xBbBBbBbbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB';
const trade = (at: number, trader: string, sold: IndexedToken, bought: IndexedToken): IndexedTrade => ({
  transactionHash: `0x${at}`,
  blockNumber: at,
  timestamp: at * 1000,
  trader,
  pool: '0x3333333333333333333333333333333333333333',
  sold: { address: sold.address, symbol: sold.symbol, amount: 10 },
  bought: { address: bought.address, symbol: bought.symbol, amount: 2 },
  valueUsd: 10 * sold.priceUsd,
});

/** An index over a fixed base chain (the real one is tested against the sandbox chains in @svc/sandbox). */
function fixedIndex() {
  const base: ChainIndex = {
    tokens: async () => [LINK, USDC],
    trades: async () => [trade(100, SMART, USDC, LINK), trade(200, CALLER, LINK, USDC), trade(300, SMART, LINK, USDC)],
    holders: async () => [
      { address: SMART, balance: 50 },
      { address: CALLER, balance: 3 },
    ],
    priceUsdAt: async (_token, at) => (at < 200_000 ? 15 : 16),
    balances: async () => [
      { token: USDC, balance: 100 },
      { token: LINK, balance: 10 },
    ],
    reset: () => undefined,
  };
  const label = { kind: 'smart_money' as const, name: 'Smart Trader' };
  return {
    chains: ['base', 'solana'] as const,
    chain: (chain: SandboxMarketChain) => {
      if (chain !== 'base') throw new Error(`no ${chain} in this fixed index`);
      return base;
    },
    labelOf: (_chain: SandboxMarketChain, address: string) =>
      address.toLowerCase() === SMART.toLowerCase() ? label : undefined,
    labelledWallets: () => [{ address: SMART, label }],
  };
}

describe('sandboxMarketActivity', () => {
  const activity = sandboxMarketActivity(fixedIndex());

  it('answers trades with the chain, ISO times and the simulated wallets labels, filtered by the query', async () => {
    const all = await activity.trades('base');
    expect(all.map((row) => [row.chain, row.timestamp, row.traderLabel?.name ?? null])).toEqual([
      ['base', '1970-01-01T00:01:40.000Z', 'Smart Trader'],
      ['base', '1970-01-01T00:03:20.000Z', null],
      ['base', '1970-01-01T00:05:00.000Z', 'Smart Trader'],
    ]);
    const hashes = async (query: Parameters<typeof activity.trades>[1]) =>
      (await activity.trades('base', query)).map((row) => row.transactionHash);
    expect(await hashes({ from: new Date(200_000), to: new Date(300_000) })).toEqual(['0x200', '0x300']);
    expect(await hashes({ trader: CALLER.toLowerCase() })).toEqual(['0x200']);
    expect(await hashes({ token: USDC.address.toUpperCase().replace('0X', '0x'), to: new Date(150_000) })).toEqual([
      '0x100',
    ]);
  });

  it('labels holders and balances, and sorts balances by USD value', async () => {
    expect((await activity.holders('base', LINK.address)).map((row) => row.label?.name ?? null)).toEqual([
      'Smart Trader',
      null,
    ]);
    const balances = await activity.balances('base', SMART);
    expect(balances.map((row) => [row.token.symbol, row.token.chain, row.label?.name])).toEqual([
      ['LINK', 'base', 'Smart Trader'],
      ['USDC', 'base', 'Smart Trader'],
    ]);
    expect(await activity.token('base', LINK.address.toUpperCase().replace('0X', '0x'))).toMatchObject({
      chain: 'base',
      symbol: 'LINK',
    });
    expect(await activity.token('base', '0x4444444444444444444444444444444444444444')).toBeUndefined();
    expect(await activity.priceUsdAt('base', LINK.address, new Date(250_000))).toBe(16);
    expect(activity.chains).toEqual(['base', 'solana']);
    expect(activity.labelledWallets('base')).toEqual([
      { address: SMART, label: { kind: 'smart_money', name: 'Smart Trader' } },
    ]);
  });
});
