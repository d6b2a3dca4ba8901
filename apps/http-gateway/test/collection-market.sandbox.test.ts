import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, UNCAPPED, usdcOf, useSandboxGateway, stepMarketSimulator } from './harness.js';

// The collection market and BRC-20 top-list tools over the real gateway: the market simulator's Bitcoin leg sells
// items of the seeded collections and BRC-20 transfer inscriptions on the sandbox chain's marketplace, and the six
// tools answer 200 through a real x402 payment from those sales; the BRC-20 balance sold reaches the buyer.

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
const COLLECTIONS: Record<string, string> = { 'Bitcoin Frogs': 'bitcoin-frogs', 'Taproot Wizards': 'taproot-wizards' };
/** The seeded BRC-20 tokens the traders sell, with their decimals (seeds/ordinals.ts). */
const BRC20_DECIMALS: Record<string, number> = { ordi: 18, sats: 8 };

interface Executed {
  chain: string;
  wallet: string;
  transactionHash: string;
  sold: { symbol: string; atomic: string };
  bought: { symbol: string; atomic: string };
}

const sumSats = (trades: readonly Executed[]) => trades.reduce((sum, trade) => sum + Number(trade.sold.atomic), 0);

describe.each(backendsFor(import.meta.url))(
  'the collection and BRC-20 market tools, paid with x402 ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend, {}, { masterKey });
    const step = (steps: number) => stepMarketSimulator<Executed>(gateway, steps);

    it("answer from the simulated traders' collection and BRC-20 sales through a real payment", async () => {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
        200,
      );
      // Sales other test files' simulator steps made in this worker's shared sandbox, read from the chain's index
      // before this test's own: the tools' volumes count them too.
      const ordinals = gateway.sandbox.bitcoin.ordinals;
      const earlierSales = ordinals.inscriptionSales();
      const earlierOf = (isAsset: (inscriptionId: string) => boolean) => {
        const earlier = earlierSales.filter((sale) => isAsset(sale.inscriptionId));
        return { sats: earlier.reduce((sum, sale) => sum + Number(sale.priceSats), 0), count: earlier.length };
      };
      const earlierOfCollection = (slug: string) => {
        const items = new Set(ordinals.collections().find((collection) => collection.slug === slug)!.items);
        return earlierOf((id) => items.has(id));
      };
      const earlierOfTick = (tick: string) =>
        earlierOf((id) => {
          const action = ordinals.brc20ActionOf(id);
          return action?.type === 'TRANSFER' && action.tick === tick;
        });
      const earlierBySlug = Object.fromEntries(
        Object.values(COLLECTIONS).map((slug) => [slug, earlierOfCollection(slug)]),
      );
      const earlierByTick = Object.fromEntries(Object.keys(BRC20_DECIMALS).map((tick) => [tick, earlierOfTick(tick)]));

      // One step in four is a Bitcoin marketplace sale; step until a collection item and a BRC-20 lot have sold.
      const sales: Executed[] = [];
      const soldBoth = () =>
        sales.some((sale) => sale.bought.symbol in COLLECTIONS) &&
        sales.some((sale) => sale.bought.symbol in BRC20_DECIMALS);
      for (let round = 0; round < 25 && !soldBoth(); round++)
        sales.push(...(await step(4)).filter((trade) => trade.chain === 'bitcoin'));
      expect(soldBoth()).toBe(true);

      const call = async (tool: string, input: Record<string, unknown>) => {
        const before = await usdcOf(gateway.sandbox, wallet.account.address);
        const response = await wallet.call(tool, input);
        const text = await response.text();
        expect(response.status, `${tool}: ${text}`).toBe(200);
        expect(response.headers.get('payment-response'), tool).toBeTruthy();
        expect(await usdcOf(gateway.sandbox, wallet.account.address), tool).toBeLessThan(before);
        return JSON.parse(text);
      };

      // Collections: the traders keep three asks of a collection resting and buyers take the cheapest, so two rest after
      // its last sale, none below that sale's price: the lowest is the floor. The volume is the sales' sum.
      const item = sales.filter((sale) => sale.bought.symbol in COLLECTIONS).at(-1)!;
      const slug = COLLECTIONS[item.bought.symbol]!;
      const itemSales = sales.filter((sale) => sale.bought.symbol === item.bought.symbol);
      const items = (await call('getCollectionInfo', { slug })).data.item_count;
      const market = await call('getCollectionMarketInfo', { slug });
      const floor = market.data.floor_price_in_sats;
      expect(floor).toBeGreaterThanOrEqual(Number(item.sold.atomic));
      expect(market.data.market_cap_in_btc).toBeCloseTo((floor * items) / 1e8, 12);
      expect(market.data.floor_price_in_usd).toBeGreaterThan(0);
      const volume = await call('getCollectionVolume', { collectionSymbol: slug });
      expect(volume).toMatchObject({
        symbol: slug,
        totalVolume: String(earlierBySlug[slug]!.sats + sumSats(itemSales)),
        floorPrice: String(floor),
        totalListed: '2',
        supply: String(items),
      });
      const byVolume = await call('getTopCollectionsByVolume', {});
      const ranked = byVolume.collections.find((collection: { symbol: string }) => collection.symbol === slug);
      expect(ranked).toMatchObject({
        volume24hBtc: (earlierBySlug[slug]!.sats + sumSats(itemSales)) / 1e8,
        sales24h: earlierBySlug[slug]!.count + itemSales.length,
      });
      const volumes = byVolume.collections.map((collection: { volume24hBtc: number }) => collection.volume24hBtc);
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
      const byFloor = await call('getTopCollectionsByFloor', { limit: 1 });
      expect(byFloor.collections).toHaveLength(1);
      expect(byFloor.collections[0].floorPriceBtc).toBeGreaterThanOrEqual(floor / 1e8);

      // BRC-20: the price per token is the last sale's price over the amount the transfer moved.
      const lot = sales.filter((sale) => sale.bought.symbol in BRC20_DECIMALS).at(-1)!;
      const tick = lot.bought.symbol;
      const tokens = Number(lot.bought.atomic) / 10 ** BRC20_DECIMALS[tick]!;
      const tickSales = sales.filter((sale) => sale.bought.symbol === tick);
      const byTokenVolume = await call('getTopBRC20ByVolume', { minVolume: 0 });
      const token = byTokenVolume.tokens.find((candidate: { tick: string }) => candidate.tick === tick);
      expect(token.priceSats).toBeCloseTo(Number(lot.sold.atomic) / tokens, 9);
      expect(token).toMatchObject({
        volume24hBtc: (earlierByTick[tick]!.sats + sumSats(tickSales)) / 1e8,
        sales24h: earlierByTick[tick]!.count + tickSales.length,
      });
      // minVolume just above the token's own figure leaves it out.
      const above = await call('getTopBRC20ByVolume', { minVolume: token.volume24hUsd * 1.0001 });
      expect(above.tokens.map((candidate: { tick: string }) => candidate.tick)).not.toContain(tick);
      const minted = (await call('getBRC20TokenInfo', { ticker: tick })).data.minted;
      const byCap = await call('getTopBRC20ByMarketCap', { limit: 1 });
      expect(byCap.tokens).toHaveLength(1);
      const capped = await call('getTopBRC20ByMarketCap', { limit: 50 });
      const mine = capped.tokens.find((candidate: { tick: string }) => candidate.tick === tick);
      expect(mine.marketCapBtc).toBeCloseTo((mine.priceSats * minted) / 1e8, 6);
      expect(byCap.tokens[0].marketCapUsd).toBe(
        Math.max(...capped.tokens.map((t: { marketCapUsd: number }) => t.marketCapUsd)),
      );

      // The transfer inscription's sale moved the balance to the buyer.
      const activity = await call('getBRC20Activity', { bitcoinAddress: lot.wallet });
      expect(activity.data).toContainEqual(
        expect.objectContaining({
          ticker: tick.toUpperCase(),
          type: 'TRANSFER',
          to_address: lot.wallet,
          amount: tokens,
        }),
      );
    }, 300_000);
  },
);
