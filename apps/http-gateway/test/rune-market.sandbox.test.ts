import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, UNCAPPED, usdcOf, useSandboxGateway, stepMarketSimulator } from './harness.js';

// The rune market tools over the real gateway: the market simulator's Bitcoin leg sells runes on the sandbox chain's
// marketplace, and the four tools answer 200 through a real x402 payment from those sales.

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
/** The sandbox runes' divisibility, by name (sandbox-assets.ts). */
const DIVISIBILITY: Record<string, number> = { DOGGOTOTHEMOON: 5, UNCOMMONGOODS: 0 };

interface Executed {
  chain: string;
  sold: { symbol: string; atomic: string };
  bought: { symbol: string; atomic: string };
}

describe.each(backendsFor(import.meta.url))('the rune market tools, paid with x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(backend, {}, { masterKey });
  const step = (steps: number) => stepMarketSimulator<Executed>(gateway, steps);

  it("price a rune at the simulated traders' last sale, and answer 200 through a real payment", async () => {
    const wallet = await fundedWallet(gateway, UNCAPPED);
    expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
      200,
    );
    // One step in four is a Bitcoin marketplace sale (of one of seven assets); step until a rune has sold.
    const sales: Executed[] = [];
    for (let round = 0; round < 15 && !sales.some((sale) => sale.bought.symbol in DIVISIBILITY); round++)
      sales.push(...(await step(4)).filter((trade) => trade.chain === 'bitcoin'));
    const last = sales.filter((sale) => sale.bought.symbol in DIVISIBILITY).at(-1)!;
    expect(last).toBeDefined();
    const units = Number(last.bought.atomic) / 10 ** DIVISIBILITY[last.bought.symbol]!;

    const call = async (tool: string, input: Record<string, unknown>) => {
      const before = await usdcOf(gateway.sandbox, wallet.account.address);
      const response = await wallet.call(tool, input);
      const text = await response.text();
      expect(response.status, `${tool}: ${text}`).toBe(200);
      expect(response.headers.get('payment-response'), tool).toBeTruthy();
      expect(await usdcOf(gateway.sandbox, wallet.account.address), tool).toBeLessThan(before);
      return JSON.parse(text);
    };
    const market = await call('getRuneMarketInfo', { name: last.bought.symbol });
    expect(market.data.price_in_sats).toBeCloseTo(Number(last.sold.atomic) / units, 9);
    expect(market.data.market_cap_in_usd).toBeGreaterThan(0);
    const price = await call('getMarketRunePrice', { runeName: last.bought.symbol });
    expect(Number(price.floorUnitPrice.value)).toBeCloseTo(market.data.price_in_sats, 9);
    const byCap = await call('getTopRunesByMarketCap', { limit: 5 });
    expect(byCap.runes.map((rune: { rune: string }) => rune.rune.replaceAll('•', ''))).toContain(last.bought.symbol);
    const byVolume = await call('getTopRunesByVolume', { minVolume: 0.01 });
    expect(byVolume.runes.length).toBeGreaterThan(0);
  }, 180_000);
});
