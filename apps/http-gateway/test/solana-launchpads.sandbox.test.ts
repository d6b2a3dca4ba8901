import { randomBytes } from 'node:crypto';
import { LocalMasterKeyRing, PUMP_CURVE } from '@svc/chains';
import { generateKeyPairSigner, signTransaction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

const masterKey = new LocalMasterKeyRing(new Uint8Array(randomBytes(32)));
const SOL = 1_000_000_000n;
/** Range filters that let every token through (the spec defaults hide small ones). */
const ANY_SIZE = { marketCap_gte: 0, volume_gte: 0, holderCount_gte: 0, limit: 50 };

describe.each(backendsFor(import.meta.url))(
  'Solana launchpads on the sandbox chain, paid with x402 + SIWX ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend, {}, { masterKey });
    const solana = () => gateway.sandbox.solana;
    /** A signed-in paying wallet whose vault holds `sol` SOL. */
    const fundedVault = async (sol: bigint) => {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
        200,
      );
      const vault: string = (await json(await wallet.call('solanaBalances', {}))).address;
      if (sol > 0n) await solana().airdrop(vault, sol * SOL);
      return { ...wallet, vault };
    };

    it('end to end: launch with a dev buy, a second vault buys to graduation, the quote says jupiter, splBuyIntent buys, creator fees claimed', async () => {
      const creator = await fundedVault(5n);
      const launched = await json(
        await creator.call('curveLaunchToken', {
          name: 'Acceptance Cat',
          symbol: 'ACAT',
          website: 'https://example.com/acat',
          devBuySol: 1,
        }),
      );
      expect(launched).toMatchObject({ launchpad: 'pump', symbol: 'ACAT', creator: creator.vault, sponsored: false });
      const mint: string = launched.mint;
      const devTokens = await solana().tokenBalance(creator.vault, mint);
      expect(devTokens).toBeGreaterThan(0n);
      expect((await solana().mintState(mint))?.mintAuthority).toBeNull();

      // The caller's own launch is listed at once.
      const fresh = await json(await creator.call('getCurveTokens', { type: 'newly_created', ...ANY_SIZE }));
      expect(fresh.tokens[0]).toMatchObject({ mint, symbol: 'ACAT', venue: 'pump', holderCount: 1, buyCount: 1 });

      const buyer = await fundedVault(120n);
      const quote = await json(await buyer.call('curveTradeQuote', { tokenAddress: mint, side: 'buy', amount: '2' }));
      expect(quote).toMatchObject({ venue: 'pump', side: 'buy', completesCurve: false });
      const bought = await json(await buyer.call('curveBuyToken', { tokenAddress: mint, amount: '2' }));
      expect(bought.tokensReceived).toBe(quote.tokensOut);
      const held = await solana().tokenBalance(buyer.vault, mint);
      expect(held).toBe(BigInt(Math.round(Number(quote.tokensOut) * 1e6)));

      // A sale of more than held is refused before payment and moves nothing; a real sale pays SOL.
      const tooMuch = await buyer.call('curveSellToken', {
        tokenAddress: mint,
        amount: String(Number(held) / 1e6 + 1),
      });
      expect(tooMuch.status).toBe(400);
      expect(await solana().tokenBalance(buyer.vault, mint)).toBe(held);
      const solBefore = await solana().solBalance(buyer.vault);
      const sold = await json(await buyer.call('curveSellToken', { tokenAddress: mint, amount: '1000000' }));
      expect(await solana().tokenBalance(buyer.vault, mint)).toBe(held - 1_000_000_000_000n);
      expect(await solana().solBalance(buyer.vault)).toBeGreaterThan(solBefore);
      expect(Number(sold.solReceived)).toBeGreaterThan(0);

      // Buy until the curve completes: the completing buy graduates the token to the swap venue.
      let graduated = false;
      for (let round = 0; round < 4 && !graduated; round++)
        graduated = (await json(await buyer.call('curveBuyToken', { tokenAddress: mint, amount: '40' }))).graduated;
      expect(graduated).toBe(true);
      expect(await solana().tokenBalance(buyer.vault, mint)).toBeGreaterThan(700_000_000n * 1_000_000n);

      const after = await json(await buyer.call('curveTradeQuote', { tokenAddress: mint, side: 'buy', amount: '1' }));
      expect(after).toMatchObject({ venue: 'jupiter', graduated: true });
      expect((await buyer.call('curveBuyToken', { tokenAddress: mint, amount: '1' })).status).toBe(409);
      const listed = await json(await buyer.call('getCurveTokens', { type: 'graduated', ...ANY_SIZE }));
      expect(listed.tokens.map((token: { mint: string }) => token.mint)).toContain(mint);

      const third = await fundedVault(3n);
      const swap = await json(await third.call('splBuyIntent', { mode: 'swap', token: mint, amount_text: '0.5 sol' }));
      expect(swap.bought.mint).toBe(mint);
      expect(await solana().tokenBalance(third.vault, mint)).toBe(BigInt(swap.bought.atomic));
      expect(BigInt(swap.bought.atomic)).toBeGreaterThan(0n);

      // Creator fees (0.05% of every curve trade) are claimed into the creator's vault, checked on chain.
      const beforeClaim = await solana().solBalance(creator.vault);
      const claim = await json(await creator.call('claimCurveFees', {}));
      expect(Number(claim.claimedSol)).toBeGreaterThan(0.04);
      const claimedLamports = BigInt(Math.round(Number(claim.claimedSol) * 1e9));
      // The vault paid the transaction fee (two signatures).
      expect(await solana().solBalance(creator.vault)).toBe(beforeClaim + claimedLamports - 10_000n);
      expect((await creator.call('claimCurveFees', {})).status).toBe(409);

      // Creator-only burns: the buyer is refused (403) and nothing moves; the creator burns exactly the amount.
      expect((await buyer.call('burnCurveToken', { tokenAddress: mint, amount: '1' })).status).toBe(403);
      expect(await solana().tokenBalance(buyer.vault, mint)).toBeGreaterThan(0n);
      await json(await creator.call('burnCurveToken', { tokenAddress: mint, amount: '1.5' }));
      expect(await solana().tokenBalance(creator.vault, mint)).toBe(devTokens - 1_500_000n);
      expect((await solana().mintState(mint))?.supply).toBe(PUMP_CURVE.totalSupply - 1_500_000n);
    });

    it('getCurveTokens: the crowd keeps the classes alive; spec default filters apply', async () => {
      const reader = await fundedVault(0n);
      // The class itself, whatever the market's prices: other test files move the shared sandbox's SOL price, and
      // with it every token's market cap in USD.
      const near = await json(await reader.call('getCurveTokens', { type: 'about_to_graduate', ...ANY_SIZE }));
      expect(near.tokens.length).toBeGreaterThan(0);
      for (const token of near.tokens) {
        expect(token.curvePercent).toBeGreaterThanOrEqual(80);
        expect(token.graduated).toBe(false);
      }
      // The spec's default filters apply to what the default query lists.
      const filtered = await json(await reader.call('getCurveTokens', { type: 'about_to_graduate' }));
      for (const token of filtered.tokens) {
        expect(token.marketCapUsd).toBeGreaterThanOrEqual(30_000);
        expect(token.holderCount).toBeGreaterThanOrEqual(30);
      }
      const graduated = await json(await reader.call('getCurveTokens', { type: 'graduated', ...ANY_SIZE }));
      expect(graduated.tokens.every((token: { venue: string }) => token.venue === 'jupiter')).toBe(true);
      const few = await json(
        await reader.call('getCurveTokens', { type: 'newly_created', ...ANY_SIZE, holderCount_lte: 10 }),
      );
      expect(few.tokens.every((token: { holderCount: number }) => token.holderCount <= 10)).toBe(true);
      expect((await reader.call('getCurveTokens', { type: 'new' })).status).toBe(400);
      // GET /api/sandbox publishes the launchpads' keys and tokens (the graduated one with its venue pool).
      const { chains } = await json(await fetch(`${gateway.url}/api/sandbox`));
      const { launchpads } = chains.find((entry: { chain: string }) => entry.chain === 'solana');
      expect(launchpads.sponsor).toBe(solana().launchpads.sponsor.address);
      expect(launchpads.tokens).toEqual(
        expect.arrayContaining([expect.objectContaining({ launchpad: 'pump', symbol: 'GECKO', curvePercent: 100 })]),
      );
      expect(launchpads.tokens.find((token: { symbol: string }) => token.symbol === 'GECKO').pool).toBeTruthy();
    });

    it('launchToken: sponsored when the vault cannot pay, fee sharing claimed by share, creator-only burn', async () => {
      const creator = await fundedVault(0n);
      const partner = await fundedVault(1n);
      const badSum = await creator.call('launchToken', {
        name: 'Shared',
        symbol: 'SHR',
        feeSharingRecipients: [
          { address: creator.vault, percentage: 60 },
          { address: partner.vault, percentage: 30 },
        ],
      });
      expect(badSum.status).toBe(400);
      const launched = await json(
        await creator.call('launchToken', {
          name: 'Shared',
          symbol: 'SHR',
          feeSharingRecipients: [
            { address: creator.vault, percentage: 60 },
            { address: partner.vault, percentage: 40 },
          ],
        }),
      );
      expect(launched).toMatchObject({ launchpad: 'svc', sponsored: true });
      expect(await solana().solBalance(creator.vault)).toBe(0n);
      // A trader buys on the curve (straight on the sandbox launchpad): its creator fee waits in the token's fee vault.
      const trader = await generateKeyPairSigner();
      await solana().airdrop(trader.address, 20n * SOL);
      const { transaction, quote } = await solana().launchpads.buyTransaction(
        launched.mint,
        trader.address,
        10n * SOL,
        1n,
      );
      expect((await solana().launchpads.submit(await signTransaction([trader.keyPair], transaction))).err).toBeNull();
      const before = await solana().solBalance(partner.vault);
      const claim = await json(await partner.call('claimSvcLaunchpadFees', { tokenAddress: launched.mint }));
      const share = (quote.creatorFee * 4_000n) / 10_000n;
      expect(claim.claimedSol).toBe((Number(share) / 1e9).toString());
      expect(await solana().solBalance(partner.vault)).toBe(before + share - 15_000n);
      expect((await partner.call('claimSvcLaunchpadFees', { tokenAddress: launched.mint })).status).toBe(409);

      // A developer buy disables sponsorship: the vault pays, and as creator may burn what it bought.
      const payer = await fundedVault(3n);
      const own = await json(await payer.call('launchToken', { name: 'Own', symbol: 'OWN', initialBuyInSol: 0.5 }));
      expect(own.sponsored).toBe(false);
      const held = await solana().tokenBalance(payer.vault, own.mint);
      await json(await payer.call('burnSvcLaunchpadToken', { tokenAddress: own.mint, amount: '10' }));
      expect(await solana().tokenBalance(payer.vault, own.mint)).toBe(held - 10_000_000n);
      expect((await partner.call('burnSvcLaunchpadToken', { tokenAddress: own.mint, amount: '1' })).status).toBe(403);
    });

    it('createPadToken with curve parameters; discoverPadTokens lists it first by newest', async () => {
      const creator = await fundedVault(2n);
      expect(
        (await creator.call('createPadToken', { name: 'Pad', symbol: 'PAD', description: 'x', bondingCurve: 90 }))
          .status,
      ).toBe(400);
      const created = await json(
        await creator.call('createPadToken', {
          name: 'Pad Token',
          symbol: 'PADT',
          description: 'a LaunchLab-style launch',
          solRaised: 40,
          bondingCurve: 70,
          poolMigration: 25,
          tokenSupply: '100000000',
        }),
      );
      expect(created).toMatchObject({ launchpad: 'pad', solRaised: 40, bondingCurve: 70, tokenSupply: '100000000' });
      // What the curve (70%) and the migration (25%) leave, 5% of 100M, is the creator's.
      expect(await solana().tokenBalance(creator.vault, created.mint)).toBe(5_000_000n * 1_000_000n);
      const listed = await json(await creator.call('discoverPadTokens', { sort: 'new', size: 1 }));
      expect(listed.rows[0]).toMatchObject({ mint: created.mint, finishingRate: 0, solTarget: 40 });
      // The crowd's pad token is on the next page.
      expect(listed.nextPageId).toBe('1');
      const next = await json(await creator.call('discoverPadTokens', { sort: 'new', size: 1, nextPageId: '1' }));
      expect(next.rows).toHaveLength(1);
      expect(next.rows.map((row: { mint: string }) => row.mint)).not.toContain(created.mint);
    });
  },
);
