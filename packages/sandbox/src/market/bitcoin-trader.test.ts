import { describe, expect, it } from 'vitest';
import { BitcoinSandboxLedger } from '../bitcoin/ledger.js';
import { OrdIndex } from '../bitcoin/ord-index/ord-index.js';
import { OrderBook } from '../bitcoin/marketplace/order-book.js';
import { seedOrdinals } from '../bitcoin/seeds/ordinals.js';
import { BITCOIN_TRADERS, BitcoinTrader } from './bitcoin-trader.js';
import { simulatedWallets } from './wallets.js';

const SEED = 'bitcoin-trader-test';

async function run(steps: number) {
  const ledger = new BitcoinSandboxLedger();
  const wallets = await simulatedWallets(SEED);
  const trader = new BitcoinTrader(ledger, wallets, SEED);
  const executed = Array.from({ length: steps }, () => trader.trade());
  return { ledger, index: new OrdIndex(ledger), wallets, executed };
}

describe('the Bitcoin leg of the market simulator', () => {
  it('settles every trade as a marketplace sale the ordinals index recognises, between its traders', async () => {
    const { index, wallets, executed } = await run(24);
    const sales = [...index.runeSales(), ...index.inscriptionSales()].sort((a, b) => a.height - b.height);
    expect(sales.map((sale) => sale.txid)).toEqual(executed.map((trade) => trade.transactionHash));
    const traders = new Set(wallets.slice(0, BITCOIN_TRADERS).map((wallet) => wallet.bitcoin.address));
    for (const [position, sale] of sales.entries()) {
      const trade = executed[position]!;
      expect(traders.has(sale.seller!) && traders.has(sale.buyer!)).toBe(true);
      expect(sale.seller).not.toBe(sale.buyer);
      expect(sale.buyer).toBe(trade.wallet);
      expect(sale.priceSats).toBe(trade.sold.atomic);
      if ('amount' in sale) expect(sale.amount).toBe(trade.bought.atomic);
    }
    // Runes (both sandbox runes) and inscriptions, from taproot and segwit sellers alike.
    expect(new Set(executed.map((trade) => trade.bought.symbol))).toEqual(
      new Set(['DOGGOTOTHEMOON', 'UNCOMMONGOODS', 'inscription']),
    );
    expect(new Set(sales.map((sale) => sale.seller!.slice(0, 4)))).toEqual(new Set(['bc1p', 'bc1q']));
  });

  it('drifts each rune price by at most 5% a trade, and is the same for the same seed', async () => {
    const first = await run(30);
    const again = await run(30);
    expect(again.executed.map((trade) => [trade.sold.atomic, trade.bought.atomic])).toEqual(
      first.executed.map((trade) => [trade.sold.atomic, trade.bought.atomic]),
    );
    const dog = first.index.runeSales().filter((sale) => sale.rune === '840000:3');
    const perUnit = dog.map((sale) => Number(sale.priceSats) / (Number(sale.amount) / 1e5));
    expect(perUnit.length).toBeGreaterThan(2);
    for (let index = 1; index < perUnit.length; index++)
      expect(Math.abs(Math.log(perUnit[index]! / perUnit[index - 1]!))).toBeLessThan(Math.log(1.05) + 1e-3);
  });
});

describe('the Bitcoin leg on a chain holding the ordinals seed', () => {
  async function seededRun(steps: number) {
    const ledger = new BitcoinSandboxLedger();
    seedOrdinals(ledger);
    const wallets = await simulatedWallets(SEED);
    const book = new OrderBook(ledger);
    const trader = new BitcoinTrader(ledger, wallets, SEED, book);
    const executed = Array.from({ length: steps }, () => trader.trade());
    return { ledger, book, index: new OrdIndex(ledger), executed };
  }

  it('sells items of both seeded collections, as children of their parents, from the cheapest resting ask', async () => {
    const { ledger, book, index, executed } = await seededRun(40);
    const collections = index.collections();
    const itemsOf = (name: string) => new Set(collections.find((collection) => collection.name === name)!.items);
    for (const name of ['Bitcoin Frogs', 'Taproot Wizards']) {
      const sold = executed.filter((trade) => trade.bought.symbol === name).map((trade) => trade.transactionHash);
      expect(sold.length, name).toBeGreaterThan(0);
      const sales = index.inscriptionSales().filter((sale) => sold.includes(sale.txid));
      expect(sales).toHaveLength(sold.length);
      for (const sale of sales) expect(itemsOf(name).has(sale.inscriptionId), name).toBe(true);
      // Two of the three asks kept resting remain after the last sale, none below the ask it took.
      const resting = book.asks().filter((ask) => {
        const [txid, vout] = ask.outpoint.split(':') as [string, string];
        return itemsOf(name).has(ledger.inscriptionsAt(txid, Number(vout))[0]!);
      });
      expect(resting, name).toHaveLength(2);
      const lastPrice = sales.at(-1)!.priceSats;
      for (const ask of resting) expect(ask.priceSats >= lastPrice, name).toBe(true);
    }
  });

  it('sells BRC-20 transfer inscriptions, whose sale moves the balance to the buyer', async () => {
    const { index, executed } = await seededRun(40);
    const brc20 = executed.filter((trade) => trade.bought.symbol === 'ordi' || trade.bought.symbol === 'sats');
    expect(new Set(brc20.map((trade) => trade.bought.symbol))).toEqual(new Set(['ordi', 'sats']));
    for (const trade of brc20) {
      const sale = index.inscriptionSales().find((candidate) => candidate.txid === trade.transactionHash)!;
      expect(index.brc20ActionOf(sale.inscriptionId)).toEqual({ type: 'TRANSFER', tick: trade.bought.symbol });
      const received = index
        .brc20ActivityOf(trade.wallet)
        .find((event) => event.type === 'TRANSFER' && event.txid === trade.transactionHash);
      expect(received).toMatchObject({ from: sale.seller, to: trade.wallet, tick: trade.bought.symbol });
      const decimals = trade.bought.symbol === 'ordi' ? 18n : 8n;
      expect(BigInt(received!.amount) * 10n ** decimals).toBe(trade.bought.atomic);
    }
  });
});
