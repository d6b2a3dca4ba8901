import { Providers } from '@svc/providers';
import { bitcoinKey, createListing, fillListing, POSTAGE_SATS, SandboxBitcoin } from '@svc/sandbox';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { callTool, NOW, sandboxMarketContext } from '../testing/sandbox-market-history.js';
import { sandboxBitcoinIndex } from './sandbox-bitcoin-index.js';

const DOG = { id: '840000:3', name: 'DOGGOTOTHEMOON', unit: 10n ** 5n };
const GOODS = { id: '1:0', name: 'UNCOMMONGOODS', unit: 1n };
/** The recorded sandbox market prices WBTC at $61,000 (testing/sandbox-market-history.ts). */
const BTC_USD = 61_000;
const seller = bitcoinKey(new Uint8Array(32).fill(21), 'p2tr');
const buyer = bitcoinKey(new Uint8Array(32).fill(22), 'p2wpkh');

/** What the top lists answer (the fields these tests read). */
interface TopRunes {
  readonly btcUsd: number;
  readonly runes: readonly { readonly rank: number; readonly rune: string }[];
}

const chains: SandboxBitcoin[] = [];
afterAll(() => Promise.all(chains.map((bitcoin) => bitcoin.stop())));
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  return () => vi.useRealTimers();
});

function sandbox() {
  const bitcoin = new SandboxBitcoin();
  chains.push(bitcoin);
  const context = sandboxMarketContext([], { bitcoinIndex: sandboxBitcoinIndex(bitcoin) });
  const { ledger } = bitcoin;
  /** The faucet grants the seller `whole` units of `rune`, which it sells to the buyer for `price` sats on chain. */
  const sell = (rune: typeof DOG, whole: bigint, price: bigint) => {
    const asset = ledger.utxo(
      ledger.credit(seller.address, POSTAGE_SATS, { rune: rune.id, amount: whole * rune.unit }),
      0,
    )!;
    const padding = ledger.utxo(ledger.credit(buyer.address, 600n), 0)!;
    const funding = ledger.utxo(ledger.credit(buyer.address, price + 50_000n), 0)!;
    const listing = createListing(seller, asset, price);
    ledger.submit(fillListing({ listing, buyer, padding, funding: [funding], runes: ledger.runesAt(asset.txid, 0) }));
  };
  return { ledger, context, sell };
}

describe('the rune market tools on the sandbox marketplace', () => {
  it('getRuneMarketInfo prices a rune at its last sale per unit, its circulating supply at that price, 0 before any', async () => {
    const { context, sell } = sandbox();
    expect((await callTool('getRuneMarketInfo', { name: 'DOG•GO•TO•THE•MOON' }, context)).data).toEqual({
      price_in_sats: 0,
      price_in_usd: 0,
      market_cap_in_btc: 0,
      market_cap_in_usd: 0,
    });
    sell(DOG, 100_000n, 40_000n);
    sell(DOG, 50_000n, 30_000n);
    // The last sale: 30,000 sats for 50,000 DOG = 0.6 sats a DOG; 150,000 DOG issued.
    const { data } = await callTool('getRuneMarketInfo', { name: 'dog.go.to.the.moon' }, context);
    expect(data).toEqual({
      price_in_sats: 0.6,
      price_in_usd: (0.6 / 1e8) * BTC_USD,
      market_cap_in_btc: (0.6 * 150_000) / 1e8,
      market_cap_in_usd: ((0.6 * 150_000) / 1e8) * BTC_USD,
    });
  });

  it('getMarketRunePrice answers Magic Eden-shaped market info: last unit price, supply, volume per window', async () => {
    const { context, sell } = sandbox();
    sell(GOODS, 10n, 20_000n);
    sell(GOODS, 5n, 12_500n);
    const answer = await callTool('getMarketRunePrice', { runeName: 'UNCOMMON•GOODS' }, context);
    expect(answer).toMatchObject({
      rune: 'UNCOMMONGOODS',
      ticker: 'UNCOMMON•GOODS',
      divisibility: 0,
      totalSupply: '15',
      floorUnitPrice: { value: '2500', formatted: '2500' },
      marketCap: (2500 * 15) / 1e8,
      volume: { '24h': 32_500, '7d': 32_500, '30d': 32_500 },
      txnCount: { '24h': 2, '7d': 2, '30d': 2 },
    });
    await expect(callTool('getMarketRunePrice', { runeName: 'NOTASANDBOXRUNE' }, context)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('the top lists order by market cap and by 24h volume in USD, and honour limit and the USD floors', async () => {
    const { ledger, context, sell } = sandbox();
    // DOG: 100,000 sold for 50,000 sats (0.5 sats a DOG) of 2,000,000 issued: a 0.01 BTC cap, 0.0005 BTC traded.
    // GOODS: 100 sold for 100,000 sats in two sales (1,000 sats a unit): a 0.001 BTC cap, 0.001 BTC traded.
    sell(DOG, 100_000n, 50_000n);
    ledger.credit(buyer.address, POSTAGE_SATS, { rune: DOG.id, amount: 1_900_000n * DOG.unit });
    sell(GOODS, 40n, 40_000n);
    sell(GOODS, 60n, 60_000n);
    const top = async (tool: 'getTopRunesByMarketCap' | 'getTopRunesByVolume', input: Record<string, unknown> = {}) =>
      (await callTool(tool, input, context)) as unknown as TopRunes;
    const names = (answer: TopRunes) => answer.runes.map((rune) => rune.rune);
    const byCap = await top('getTopRunesByMarketCap');
    expect(byCap.btcUsd).toBe(BTC_USD);
    expect(byCap.runes.map((rune) => [rune.rank, rune.rune])).toEqual([
      [1, 'DOG•GO•TO•THE•MOON'],
      [2, 'UNCOMMON•GOODS'],
    ]);
    expect(byCap.runes[0]).toMatchObject({
      runeId: DOG.id,
      unitPriceSats: 0.5,
      marketCapBtc: 0.01,
      marketCapUsd: 0.01 * BTC_USD,
      volume24hBtc: 0.0005,
      volume24hUsd: 0.0005 * BTC_USD,
      sales24h: 1,
    });
    const byVolume = await top('getTopRunesByVolume');
    expect(names(byVolume)).toEqual(['UNCOMMON•GOODS', 'DOG•GO•TO•THE•MOON']);
    expect(byVolume.runes[0]).toMatchObject({ volume24hBtc: 0.001, volume24hUsd: 0.001 * BTC_USD, sales24h: 2 });

    expect(names(await top('getTopRunesByVolume', { limit: 1 }))).toEqual(['UNCOMMON•GOODS']);
    // Caps of $610 and $61, volumes of $30.50 and $61: each floor keeps one rune.
    expect(names(await top('getTopRunesByMarketCap', { minMarketCap: 100 }))).toEqual(['DOG•GO•TO•THE•MOON']);
    expect(names(await top('getTopRunesByVolume', { minVolume: 40 }))).toEqual(['UNCOMMON•GOODS']);
    await expect(callTool('getTopRunesByVolume', { limit: 51 }, context)).rejects.toMatchObject({
      status: 400,
      issues: [{ field: 'limit' }],
    });
  });

  it('answer 503 naming MAGIC_EDEN_API_KEY / ORDISCAN_API_KEY in live mode without them', async () => {
    const live = { mode: 'live', caller: undefined, providers: new Providers('live', {}) } as HandlerContext;
    for (const [tool, input] of [
      ['getMarketRunePrice', { runeName: 'DOGGOTOTHEMOON' }],
      ['getTopRunesByMarketCap', {}],
      ['getTopRunesByVolume', { minVolume: 1 }],
    ] as const)
      await expect(callTool(tool, input, live), tool).rejects.toMatchObject({
        status: 503,
        message: expect.stringContaining('MAGIC_EDEN_API_KEY'),
      });
    await expect(callTool('getRuneMarketInfo', { name: 'DOGGOTOTHEMOON' }, live)).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('ORDISCAN_API_KEY'),
    });
  });
});
