import { createSolanaRpc, generateKeyPairSigner, getBase64EncodedWireTransaction, signTransaction } from '@solana/kit';
import {
  SOLANA_BONK_MINT,
  SOLANA_JUP_MINT,
  SOLANA_NVDAX_MINT,
  SOLANA_TFEE_MINT,
  SOLANA_TSLAX_MINT,
  SOLANA_USDC_MINT,
  SOLANA_WSOL_MINT,
} from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, useSandboxGateway } from './harness.js';

interface Gem {
  mint: string;
  symbol: string;
  priceUsd: number | null;
  liquidityUsd: number | null;
  mcapUsd: number | null;
  holderCount: number | null;
  organicScore: number | null;
  verified: boolean | null;
  volumeUsd: number | null;
  numNetBuyers: number | null;
  netVolumeUsd: number | null;
  priceChangePercent: number | null;
  createdAt: string | null;
}
interface Gems {
  category: string;
  sortBy?: string;
  tokens: Gem[];
  note?: string;
}

// TFEE is the sandbox's Token-2022 mint (with a transfer fee): a token like the others, read from its program.
const SEEDED_MINTS = [SOLANA_WSOL_MINT, SOLANA_USDC_MINT, SOLANA_BONK_MINT, SOLANA_JUP_MINT, SOLANA_TFEE_MINT];

describe.each(backendsFor(import.meta.url))(
  'findSolanaGems lists sandbox mints from the Solana ledger and its swap venue, paid with x402 + SIWX ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    const solana = () => gateway.sandbox.solana;
    const holdersOnLedger = async (mint: string) => (await solana().mintState(mint))!.holders.length;

    it('computes holders, price, liquidity and mcap from the ledger, filters and sorts by them', async () => {
      const wallet = await fundedWallet(gateway);
      const gems = async (body: Record<string, unknown>) => {
        const response = await wallet.call('findSolanaGems', { category: 'tokens', limit: 20, ...body });
        const answer = (await response.json()) as Gems;
        expect(response.status, JSON.stringify(answer)).toBe(200);
        return answer;
      };

      // Three new JUP holders: JUP's holder count moves with the ledger.
      const jupHoldersBefore = await holdersOnLedger(SOLANA_JUP_MINT);
      for (let i = 0; i < 3; i++)
        await solana().mintToken((await generateKeyPairSigner()).address, SOLANA_JUP_MINT, 1n);

      const popular = await gems({ sortBy: 'popular' });
      expect(popular.tokens.map((token) => token.mint).sort()).toEqual([...SEEDED_MINTS].sort());
      expect(popular.note).toContain('market index');
      for (const token of popular.tokens) {
        const state = (await solana().mintState(token.mint))!;
        const priceUsd = await solana().tokenPriceUsd(token.mint);
        expect(token.holderCount).toBe(state.holders.length);
        expect(token.priceUsd).toBeCloseTo(priceUsd, 9);
        expect(token.mcapUsd).toBeCloseTo(priceUsd * (Number(state.supply) / 10 ** state.decimals), 2);
        // Every seeded mint has a USDC pool (USDC: every token's) opened at $1M a side.
        expect(token.liquidityUsd).toBeGreaterThan(1_900_000);
        // No source in the sandbox: never invented.
        expect([token.verified, token.createdAt]).toEqual([null, null]);
      }
      const jup = popular.tokens.find((token) => token.mint === SOLANA_JUP_MINT)!;
      expect(jup.holderCount).toBe(jupHoldersBefore + 3);
      // JUP has two pools (USDC and SOL) of $1M a side; USDC is in every token's USDC pool.
      expect(jup.liquidityUsd! / 4_000_000).toBeCloseTo(1, 2);
      const usdc = popular.tokens.find((token) => token.mint === SOLANA_USDC_MINT)!;
      expect(usdc.liquidityUsd).toBeGreaterThan(jup.liquidityUsd!);
      const holderCounts = popular.tokens.map((token) => token.holderCount!);
      expect(holderCounts).toEqual([...holderCounts].sort((a, b) => b - a));

      // A minimum holder count keeps exactly the mints that reach it on the ledger.
      const minHolderCount = jup.holderCount!;
      const expected = [];
      for (const mint of SEEDED_MINTS) if ((await holdersOnLedger(mint)) >= minHolderCount) expected.push(mint);
      expect(expected.length).toBeLessThan(SEEDED_MINTS.length);
      const filtered = await gems({ sortBy: 'popular', minHolderCount });
      expect(filtered.tokens.map((token) => token.mint).sort()).toEqual(expected.sort());
    });

    it("takes volume, net buyers and price change from the market index's swaps, and sorts by them", async () => {
      const wallet = await fundedWallet(gateway);
      const gems = async (body: Record<string, unknown>) => {
        const response = await wallet.call('findSolanaGems', {
          category: 'tokens',
          limit: 20,
          timeframe: '1h',
          ...body,
        });
        const answer = (await response.json()) as Gems;
        expect(response.status, JSON.stringify(answer)).toBe(200);
        return answer;
      };
      const jupOf = (answer: Gems) => answer.tokens.find((token) => token.mint === SOLANA_JUP_MINT)!;
      const before = jupOf(await gems({ sortBy: 'topTraded' }));

      // A caller buys $300 of JUP on the venue with a key the simulator does not run.
      const buyer = await generateKeyPairSigner();
      await solana().airdrop(buyer.address, 1_000_000_000n);
      await solana().mintUsdc(buyer.address, 300_000_000n);
      const quote = await solana().venue.quoteExactIn(SOLANA_USDC_MINT, SOLANA_JUP_MINT, 300_000_000n);
      const { transaction } = await solana().venue.swapTransaction(quote, buyer.address, quote.outAmount);
      const signed = await signTransaction([buyer.keyPair], transaction);
      await createSolanaRpc(solana().rpcUrl)
        .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
        .send();

      const topTraded = await gems({ sortBy: 'topTraded' });
      const jup = jupOf(topTraded);
      expect(jup.volumeUsd! - (before.volumeUsd ?? 0)).toBeCloseTo(300, 6);
      expect(jup.netVolumeUsd! - (before.netVolumeUsd ?? 0)).toBeCloseTo(300, 6);
      expect(jup.numNetBuyers).toBe((before.numNetBuyers ?? 0) + 1);
      // JUP's price is its USDC pool's: the buy moves it when the venue routed through that pool, not when prices
      // that other tests left behind made the hop through SOL the better route.
      if (quote.legs.some((leg) => leg.pool.id === 'JUP/USDC'))
        expect(jup.priceChangePercent).toBeGreaterThan(before.priceChangePercent ?? 0);
      else expect(jup.priceChangePercent).toBe(before.priceChangePercent);
      expect(jup.priceUsd).toBeCloseTo(await solana().tokenPriceUsd(SOLANA_JUP_MINT), 9);
      // Unlabelled: not a market maker's volume, so organic.
      expect(jup.organicScore).toBeGreaterThan(0);
      const volumes = topTraded.tokens.map((token) => token.volumeUsd ?? 0);
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));

      // A volume bound keeps the tokens that reach it.
      const traded = await gems({ sortBy: 'topTraded', minVolume: jup.volumeUsd! });
      expect(traded.tokens.map((token) => token.mint)).toContain(SOLANA_JUP_MINT);
      expect(traded.tokens.every((token) => token.volumeUsd! >= jup.volumeUsd!)).toBe(true);
    }, 60_000);

    it('lists the sandbox tokenized-stock mints in the stocks category, by market cap from chain state', async () => {
      const wallet = await fundedWallet(gateway);
      const response = await wallet.call('findSolanaGems', { category: 'stocks' });
      const answer = (await response.json()) as Gems;
      expect(response.status, JSON.stringify(answer)).toBe(200);
      expect(answer.sortBy).toBeUndefined();
      expect(answer.tokens.map((token) => token.symbol)).toEqual(['TSLAx', 'NVDAx']);
      expect(answer.tokens.map((token) => token.mint)).toEqual([SOLANA_TSLAX_MINT, SOLANA_NVDAX_MINT]);
      for (const token of answer.tokens) {
        const state = (await solana().mintState(token.mint))!;
        const priceUsd = await solana().tokenPriceUsd(token.mint);
        expect(token.priceUsd).toBeCloseTo(priceUsd, 9);
        expect(token.mcapUsd).toBeCloseTo(priceUsd * (Number(state.supply) / 10 ** state.decimals), 2);
      }
      // A stock is no crypto gem.
      const crypto = (await (await wallet.call('findSolanaGems', { category: 'tokens', limit: 20 })).json()) as Gems;
      expect(crypto.tokens.map((token) => token.mint)).not.toContain(SOLANA_TSLAX_MINT);
    });
  },
);
