import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { SOLANA_BONK_MINT, SOLANA_USDC_MINT, SOLANA_WSOL_MINT } from '@svc/sandbox';
import { getAddress, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, UNCAPPED, usdcOf, useSandboxGateway, stepMarketSimulator } from './harness.js';

// Issue 20's acceptance over the real gateway: every market, analytics, risk, web and crawl tool answers 200 in
// sandbox through a real x402 payment, from the sandbox chains; and the tools agree with each other and with what a
// caller does on chain.

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
const today = () => new Date().toISOString().slice(0, 10);

interface TradeData {
  volume24hUsd: number;
  buyVolume24hUsd: number;
  trades24h: number;
  buys24h: number;
  uniqueWallets24h: number;
  priceUsd: number;
  lastTradeAt: string | null;
}
interface Trending {
  tokens: { rank: number; address: string; symbol: string; volume24hUsd: number; liquidityUsd: number }[];
}
interface IntelPage {
  rows: Record<string, unknown>[];
}

describe.each(backendsFor(import.meta.url))(
  'market research tools over the sandbox market, paid with x402 ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend, {}, { masterKey });
    const json = async <T = any>(response: Response, status = 200): Promise<T> => {
      const text = await response.text();
      expect(response.status, text).toBe(status);
      return JSON.parse(text) as T;
    };
    /** A signed-in paying wallet with USDC for many calls, and its account vault's EVM address. */
    const caller = async () => {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
        200,
      );
      const info = await json(await wallet.call('wallet', {}));
      return { ...wallet, vault: getAddress(info.vault.networks.base.address) as Address };
    };
    const fund = async (address: string, chain: string, token: string, amount: string) => {
      const response = await gateway.faucet({ address, chain, token, amount });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const base = () => gateway.sandbox.evm(8453);
    const step = (steps: number) =>
      stepMarketSimulator<{ chain: string; wallet: string; label: string; transactionHash: string }>(gateway, steps);

    it('a vault swap on Base shows in mktdataTradeData and, unlabelled, in intel_who_bought_sold', async () => {
      const alice = await caller();
      const market = await base();
      const usdc = market.token('USDC')!.address!;
      const uni = market.token('UNI')!.address!;
      await fund(alice.vault, 'base', 'ETH', '0.05');
      await fund(alice.vault, 'base', 'USDC', '100');
      const tradeData = async () =>
        json<TradeData>(await alice.call('mktdataTradeData', { chain: 'base', address: uni }));

      const before = await tradeData();
      const swap = await json(
        await alice.call('baseSwap', { sellTokenAddress: usdc, buyTokenAddress: uni, sellAmount: '40' }),
      );
      const after = await tradeData();
      // The swap sold 40 USDC: the trade is worth exactly $40 at its time.
      expect(after.volume24hUsd - before.volume24hUsd).toBeCloseTo(40, 6);
      expect(after.buyVolume24hUsd - before.buyVolume24hUsd).toBeCloseTo(40, 6);
      expect(after.trades24h).toBe(before.trades24h + 1);
      expect(after.buys24h).toBe(before.buys24h + 1);
      expect(after.priceUsd).toBeCloseTo(await market.tokenPriceUsd('UNI'), 9);
      expect(after.priceUsd).toBeGreaterThan(before.priceUsd);

      const whoBought = async (label_type: 'all_traders' | 'smart_money') =>
        json<IntelPage>(
          await alice.call('intel_who_bought_sold', {
            chain: 'base',
            token_address: uni,
            date_from: today(),
            date_to: today(),
            label_type,
          }),
        );
      const row = (await whoBought('all_traders')).rows.find(
        (candidate) => String(candidate.address).toLowerCase() === alice.vault.toLowerCase(),
      );
      expect(row).toMatchObject({ address_label: null });
      expect(row!.bought_token_volume).toBeCloseTo(Number(swap.buyAmount), 6);
      expect(row!.bought_volume_usd).toBeCloseTo(40, 6);
      // Not smart money: the vault is no simulated wallet.
      const smart = (await whoBought('smart_money')).rows.map((candidate) => String(candidate.address).toLowerCase());
      expect(smart).not.toContain(alice.vault.toLowerCase());

      // The vault's swap is its wallet profile too.
      const profile = await json<IntelPage>(
        await alice.call('intel_wallet_profiler', {
          chain: 'base',
          wallet_address: alice.vault,
          date_from: today(),
          date_to: today(),
        }),
      );
      expect(profile.rows.map((entry) => entry.transaction_hash)).toContain(swap.txHash);
    });

    it('trending follows the simulated volume, and each token agrees with its own trade data', async () => {
      const alice = await caller();
      const stepped = await step(8);
      expect(stepped).toHaveLength(8);
      for (const chain of ['base', 'solana'] as const) {
        const trending = await json<Trending>(
          await alice.call('mktdataTrendingTokens', { chain, sortType: 'asc', limit: 5 }),
        );
        expect(trending.tokens.length).toBeGreaterThan(2);
        const volumes = trending.tokens.map((token) => token.volume24hUsd);
        expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
        expect(trending.tokens.map((token) => token.rank)).toEqual(trending.tokens.map((_, i) => i + 1));
        for (const token of trending.tokens.slice(0, 3)) {
          const data = await json<TradeData>(await alice.call('mktdataTradeData', { chain, address: token.address }));
          expect(data.volume24hUsd).toBeCloseTo(token.volume24hUsd, 6);
        }
      }
      // A simulated wallet's trade is in its wallet profile. The simulator also trades on the Bitcoin marketplace and
      // on every other sandbox chain this test worker has started: step on until a Base or Solana trade comes.
      const onBaseOrSolana = (trades: typeof stepped) =>
        trades.find((trade) => trade.chain === 'base' || trade.chain === 'solana');
      let simulated = onBaseOrSolana(stepped);
      for (let round = 0; !simulated && round < 10; round += 1) simulated = onBaseOrSolana(await step(4));
      if (!simulated) throw new Error('no Base or Solana trade in 48 simulator steps');
      const profile = await json<IntelPage>(
        await alice.call('intel_wallet_profiler', {
          chain: simulated.chain,
          wallet_address: simulated.wallet,
          date_from: today(),
          date_to: today(),
        }),
      );
      expect(profile.rows.map((entry) => entry.transaction_hash)).toContain(simulated.transactionHash);
    });

    it("getCryptoPrice answers the sandbox pools' prices", async () => {
      const alice = await caller();
      const market = await base();
      const price = async (coinId: string) =>
        (await json<{ priceUsd: number }>(await alice.call('getCryptoPrice', { coinId }))).priceUsd;
      expect(await price('eth')).toBe(await market.tokenPriceUsd('WETH'));
      expect(await price('btc')).toBe(await market.tokenPriceUsd('WBTC'));
      expect(await price('sol')).toBe(await gateway.sandbox.solana.tokenPriceUsd(SOLANA_WSOL_MINT));
    });

    it('all twenty tools answer 200 through a real x402 payment', async () => {
      const alice = await caller();
      const market = await base();
      const link = market.token('LINK')!.address!;
      const wallet = alice.vault;
      const bonkPage = gateway.sandbox.web.pages.find((page) => page.chain === 'solana' && page.symbol === 'BONK')!;
      const inputs: Record<string, Record<string, unknown>> = {
        mktdataTradeData: { chain: 'base', address: link },
        mktdataTrendingTokens: { chain: 'solana' },
        searchEvmTokensMktdata: { chainId: 8453, query: 'link' },
        tokenMetadataInfo: { network: 'solana', address: SOLANA_BONK_MINT },
        getTrendingCoins: {},
        searchCryptoByName: { query: 'chainlink' },
        getCryptoPrice: { coinId: 'ethereum' },
        intel_smart_money_holdings: { chain: 'base' },
        intel_smart_money_flows: { chain: 'solana' },
        intel_smart_money_trades: { chain: 'base' },
        intel_pnl_leaderboard: { chain: 'base', token_address: link, date_from: today(), date_to: today() },
        intel_who_bought_sold: { chain: 'base', token_address: link, date_from: today(), date_to: today() },
        intel_wallet_profiler: { chain: 'base', wallet_address: wallet, date_from: today(), date_to: today() },
        intel_perp_positions: { token_symbol: 'BTC' },
        intel_defi_portfolio: { chain: 'base', wallet_address: wallet },
        intel_token_screener: { chains: ['base', 'solana'] },
        riskcheckToken: { tokenMint: SOLANA_USDC_MINT },
        findSolanaGems: { category: 'tokens' },
        websearch: { query: 'BONK token' },
        crawlExtract: { url: `${gateway.sandbox.web.origin}/tokens/solana/${bonkPage.symbol}` },
      };
      expect(Object.keys(inputs)).toHaveLength(20);
      for (const [tool, input] of Object.entries(inputs)) {
        const before = await usdcOf(gateway.sandbox, alice.account.address);
        const response = await alice.call(tool, input);
        const body = await json<Record<string, unknown>>(response);
        expect(body.sandbox, tool).toBe(true);
        expect(response.headers.get('payment-response'), tool).toBeTruthy();
        expect(await usdcOf(gateway.sandbox, alice.account.address), tool).toBeLessThan(before);
      }
    }, 120_000);
  },
);
