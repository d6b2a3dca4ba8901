import { describe, expect, it } from 'vitest';
import { BitcoinSandboxLedger } from '../bitcoin/ledger.js';
import { OrdIndex } from '../bitcoin/ord-index/ord-index.js';
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
