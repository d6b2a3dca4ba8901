import { describe, expect, it } from 'vitest';
import type {
  BitcoinIndex,
  Brc20Event,
  Brc20Token,
  IndexedInscriptionView,
  InscriptionSale,
  MarketAsk,
  OrdinalsCollection,
} from '../ports/bitcoin-index.js';
import { brc20Markets, brc20Sales } from './sandbox-brc20-market.js';
import { collectionMarkets } from './sandbox-collection-market.js';

const NOW = 1_800_000_000;
const HOUR = 3_600;

const sale = (inscriptionId: string, priceSats: number, hoursAgo: number, txid = `tx-${inscriptionId}-${priceSats}`) =>
  ({
    txid,
    height: 1,
    time: NOW - hoursAgo * HOUR,
    inscriptionId,
    priceSats: BigInt(priceSats),
    seller: 'seller',
    buyer: 'buyer',
  }) satisfies InscriptionSale;

const collection = (slug: string, items: string[]): OrdinalsCollection => ({
  slug,
  name: slug,
  description: null,
  twitterLink: null,
  discordLink: null,
  websiteLink: null,
  parent: `${slug}-parent`,
  items,
});

const view = (id: string, number: number, address: string | null) =>
  ({
    id,
    number,
    location: address === null ? null : { output: `${id}:0`, address, offset: 0n },
  }) as IndexedInscriptionView;

const ask = (priceSats: number, ...inscriptions: string[]): MarketAsk => ({
  outpoint: `${inscriptions.join('-')}:${priceSats}`,
  seller: 'seller',
  priceSats: BigInt(priceSats),
  inscriptions,
});

describe('a sandbox collection market', () => {
  const frogs = collection('frogs', ['f1', 'f2', 'f3']);
  const wizards = collection('wizards', ['w1']);
  const inscriptions = [view('f1', 4, 'alice'), view('f2', 5, 'alice'), view('f3', 9, 'bob'), view('w1', 12, null)];
  const sales = [sale('f1', 1_000, 30), sale('f2', 2_000, 5), sale('x', 99_999, 1), sale('f3', 4_000, 1)];
  // f1 and f3 rest on the book; a cheaper ask of something else, and one of an output with two items, count nowhere.
  const asks = [ask(9_000, 'f1'), ask(7_000, 'f3'), ask(10, 'x'), ask(20, 'f2', 'w1')];
  const [frogMarket, wizardMarket] = collectionMarkets([frogs, wizards], sales, asks, inscriptions, NOW);

  it("counts only its items' sales: 24 h volume and count, total volume and count", () => {
    expect(frogMarket).toMatchObject({ volume24hSats: 6_000, sales24h: 2, totalVolumeSats: 7_000, totalSales: 3 });
  });

  it('has the lowest valid ask of one of its items as floor, and counts them as listed; 0 while none', () => {
    expect(frogMarket).toMatchObject({ floorSats: 7_000, listed: 2 });
    expect(wizardMarket).toMatchObject({ floorSats: 0, listed: 0 });
  });

  it('is worth its floor times its items', () => {
    expect(frogMarket!.marketCapBtc).toBeCloseTo((7_000 * 3) / 1e8, 12);
    expect(wizardMarket!.marketCapBtc).toBe(0);
  });

  it("counts the distinct addresses holding its items, and its items' inscription numbers", () => {
    expect(frogMarket).toMatchObject({ supply: 3, owners: 2, inscriptionNumberMin: 4, inscriptionNumberMax: 9 });
    expect(wizardMarket).toMatchObject({ owners: 0, volume24hSats: 0, inscriptionNumberMin: 12 });
  });
});

const token = (tick: string, minted: string): Brc20Token => ({
  tick,
  deployInscription: `${tick}-deploy`,
  decimals: 18,
  max: '21000000',
  limit: '1000',
  minted,
  holders: 2,
});

describe('a sandbox BRC-20 market', () => {
  const trades = [
    { tick: 'ordi', amount: 100, priceSats: 500_000, time: NOW - 30 * HOUR },
    { tick: 'ORDI', amount: 40, priceSats: 400_000, time: NOW - 2 * HOUR },
    { tick: 'sats', amount: 1_000_000, priceSats: 30, time: NOW - HOUR },
  ];
  const [ordi, sats, rats] = brc20Markets(
    [token('ordi', '5000'), token('sats', '2000000'), token('rats', '1')],
    trades,
    NOW,
  );

  it("prices a token at its last sale's price over the amount it moved", () => {
    expect(ordi!.priceSats).toBe(10_000);
    expect(sats!.priceSats).toBeCloseTo(0.00003, 12);
    expect(rats!.priceSats).toBe(0);
  });

  it('is worth its last price times its minted supply', () => {
    expect(ordi!.marketCapBtc).toBeCloseTo((10_000 * 5_000) / 1e8, 12);
  });

  it('counts the last 24 hours of sales in volume', () => {
    expect(ordi).toMatchObject({ volume24hSats: 400_000, sales24h: 1 });
  });

  it('trades are sales of transfer inscriptions whose sale sent the transfer, with the amount sent', async () => {
    const sent = (inscriptionId: string, txid: string, amount: string): Brc20Event => ({
      txid,
      height: 1,
      time: NOW,
      type: 'TRANSFER',
      tick: 'ordi',
      inscriptionId,
      from: 'seller',
      to: 'buyer',
      amount,
    });
    const index = {
      brc20Action: async (id: string) =>
        id === 'mint'
          ? { type: 'MINT', tick: 'ordi' }
          : id.startsWith('transfer')
            ? { type: 'TRANSFER', tick: 'ordi' }
            : undefined,
      // transfer-2 was sent before its sale (a resale moves no balance).
      brc20ActivityOf: async () => [sent('transfer-1', 'sale-1', '25'), sent('transfer-2', 'earlier', '5')],
    } as unknown as BitcoinIndex;
    const sales = [
      sale('transfer-1', 50_000, 1, 'sale-1'),
      sale('transfer-2', 9_000, 1, 'sale-2'),
      sale('mint', 7_000, 1, 'sale-3'),
      sale('plain', 7_000, 1, 'sale-4'),
    ];
    expect(await brc20Sales(index, sales)).toEqual([{ tick: 'ordi', amount: 25, priceSats: 50_000, time: NOW - HOUR }]);
  });
});
