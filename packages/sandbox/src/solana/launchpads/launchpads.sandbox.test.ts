import { generateKeyPairSigner, type KeyPairSigner, signTransaction, type Transaction } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SandboxSolana, startSandboxSolana } from '../sandbox-solana.js';
import { PUMP_CURVE, quoteCurveBuy as quoteBuy } from '@svc/chains';
import { crowdTrade, padCurve, SVC_CURVE } from './crowd.js';
import { LaunchpadError } from './launchpads.js';

const SOL = 1_000_000_000n;
/** The fee payer pays 5,000 lamports per signature (the user's and the launchpad keys'). */
const feeOf = (transaction: Transaction) => BigInt(Object.keys(transaction.signatures).length) * 5_000n;

describe('sandbox Solana launchpads', () => {
  let sandbox: SandboxSolana;
  const land = async (wallet: KeyPairSigner, transaction: Transaction) => {
    const result = await sandbox.launchpads.submit(await signTransaction([wallet.keyPair], transaction));
    expect(result.err).toBeNull();
    return result;
  };
  const funded = async (sol: bigint) => {
    const wallet = await generateKeyPairSigner();
    await sandbox.airdrop(wallet.address, sol * SOL);
    return wallet;
  };

  beforeAll(async () => {
    sandbox = await startSandboxSolana();
  });
  afterAll(() => sandbox?.stop());

  it("pump's published curve completes at about 85 SOL raised", () => {
    const all = quoteBuy(PUMP_CURVE, { realSol: 0n, realToken: PUMP_CURVE.curveSupply }, 1_000n * SOL);
    expect(all.completes).toBe(true);
    expect(Number(all.net) / 1e9).toBeCloseTo(85.005, 2);
    // LaunchLab's defaults make the same curve shape from its four parameters.
    const pad = padCurve({ solRaised: 85, bondingCurve: 80, poolMigration: 20, tokenSupply: '1000000000' });
    const padAll = quoteBuy(pad, { realSol: 0n, realToken: pad.curveSupply }, 1_000n * SOL);
    expect(Number(padAll.net) / 1e9).toBeCloseTo(85, 3);
    expect(SVC_CURVE.creatorFeeBps).toBe(50n);
  });

  it("the crowd's tokens are at every stage; the graduated one trades on the swap venue", async () => {
    const tokens = await sandbox.launchpads.tokens();
    expect(tokens.map((token) => token.metadata.symbol).sort()).toEqual(['AMOON', 'BPUP', 'FROG', 'GECKO', 'SPRT']);
    const gecko = tokens.find((token) => token.metadata.symbol === 'GECKO')!;
    expect(gecko.graduatedAt).not.toBeNull();
    expect(gecko.pool).not.toBeNull();
    // The migration supply and the raised SOL are the pool's reserves.
    expect(await sandbox.tokenBalance(gecko.pool!, gecko.mint)).toBe(PUMP_CURVE.migrationSupply);
    expect(await sandbox.solBalance(gecko.pool!)).toBeGreaterThan(80n * SOL);
    const quote = await sandbox.venue.quoteExactIn('SOL', gecko.mint, SOL);
    expect(quote.outAmount).toBeGreaterThan(0n);
    expect(await sandbox.tokenPriceUsd(gecko.mint)).toBeGreaterThan(0);
    const amoon = tokens.find((token) => token.metadata.symbol === 'AMOON')!;
    expect(amoon.curvePercent).toBeGreaterThan(80);
    expect(amoon.holders.length).toBeGreaterThanOrEqual(30);
    await expect(sandbox.launchpads.quoteBuy(gecko.mint, SOL)).rejects.toMatchObject({ reason: 'graduated' });
  });

  it('the crowd trades a token still on its curve (what the market simulator runs every few steps)', async () => {
    const trades = async (mint: string) => {
      const token = await sandbox.launchpads.token(mint as Parameters<SandboxSolana['launchpads']['token']>[0]);
      return (token?.buyCount ?? 0) + (token?.sellCount ?? 0);
    };
    for (const turn of [0, 1, 2]) {
      const onCurve = (await sandbox.launchpads.tokens()).filter((token) => token.graduatedAt === null);
      const expected = onCurve[turn % onCurve.length]!.mint;
      const before = await trades(expected);
      expect(await crowdTrade(sandbox.launchpads, turn)).toBe(expected);
      expect(await trades(expected)).toBe(before + 1);
    }
  });

  it('launch with a dev buy, buy, sell, burn by the creator only, creator fees claimed', async () => {
    const creator = await funded(10n);
    const { transaction, mint, devBuy } = await sandbox.launchpads.launchTransaction({
      kind: 'pump',
      creator: creator.address,
      metadata: { name: 'Test Token', symbol: 'TEST' },
      params: PUMP_CURVE,
      devBuyLamports: SOL,
    });
    await land(creator, transaction);
    expect(await sandbox.tokenBalance(creator.address, mint)).toBe(devBuy!.tokensOut);
    const state = await sandbox.mintState(mint);
    expect(state?.mintAuthority).toBeNull();
    expect(state?.supply).toBe(PUMP_CURVE.totalSupply);

    const buyer = await funded(5n);
    const { transaction: buy, quote } = await sandbox.launchpads.buyTransaction(mint, buyer.address, 2n * SOL, 1n);
    await land(buyer, buy);
    expect(await sandbox.tokenBalance(buyer.address, mint)).toBe(quote.tokensOut);
    await expect(
      sandbox.launchpads.buyTransaction(mint, buyer.address, SOL, quote.tokensOut * 10n),
    ).rejects.toMatchObject({ reason: 'slippage' });

    const before = await sandbox.solBalance(buyer.address);
    const { transaction: sell, quote: sold } = await sandbox.launchpads.sellTransaction(
      mint,
      buyer.address,
      quote.tokensOut / 2n,
      1n,
    );
    await land(buyer, sell);
    expect(await sandbox.solBalance(buyer.address)).toBe(before + sold.lamportsOut - feeOf(sell));
    await expect(sandbox.launchpads.sellTransaction(mint, buyer.address, quote.tokensOut, 1n)).rejects.toMatchObject({
      reason: 'insufficient_balance',
    });

    await expect(sandbox.launchpads.burnTransaction(mint, buyer.address, 1n)).rejects.toBeInstanceOf(LaunchpadError);
    await land(creator, await sandbox.launchpads.burnTransaction(mint, creator.address, 1_000_000n));
    expect((await sandbox.mintState(mint))?.supply).toBe(PUMP_CURVE.totalSupply - 1_000_000n);

    const fees = await sandbox.launchpads.creatorFeesOf(creator.address);
    expect(fees).toBeGreaterThan(0n);
    const beforeClaim = await sandbox.solBalance(creator.address);
    const { transaction: claim } = await sandbox.launchpads.claimCreatorFeesTransaction(creator.address);
    await land(creator, claim);
    expect(await sandbox.solBalance(creator.address)).toBe(beforeClaim + fees - feeOf(claim));
    await expect(sandbox.launchpads.claimCreatorFeesTransaction(creator.address)).rejects.toMatchObject({
      reason: 'nothing_to_claim',
    });
    const token = await sandbox.launchpads.token(mint);
    expect(token).toMatchObject({ buyCount: 2, sellCount: 1 });
  });

  it('a sandbox reset restores the crowd launches and lists the graduated token on the venue again', async () => {
    const creator = await funded(2n);
    const { transaction, mint } = await sandbox.launchpads.launchTransaction({
      kind: 'pump',
      creator: creator.address,
      metadata: { name: 'Gone', symbol: 'GONE' },
      params: PUMP_CURVE,
      devBuyLamports: 0n,
    });
    await land(creator, transaction);
    await sandbox.reset();
    expect(await sandbox.launchpads.token(mint)).toBeUndefined();
    const tokens = await sandbox.launchpads.tokens();
    expect(tokens.map((token) => token.metadata.symbol).sort()).toEqual(['AMOON', 'BPUP', 'FROG', 'GECKO', 'SPRT']);
    const gecko = tokens.find((token) => token.metadata.symbol === 'GECKO')!;
    expect((await sandbox.venue.quoteExactIn('SOL', gecko.mint, SOL)).outAmount).toBeGreaterThan(0n);
  });

  it('svc: a sponsored launch, fees shared among recipients', async () => {
    const creator = await generateKeyPairSigner();
    const partner = await generateKeyPairSigner();
    expect(sandbox.launchpads.sponsorQuotaLeft(creator.address)).toBe(3);
    const { transaction, mint } = await sandbox.launchpads.launchTransaction({
      kind: 'svc',
      creator: creator.address,
      metadata: { name: 'Shared', symbol: 'SHR' },
      params: SVC_CURVE,
      devBuyLamports: 0n,
      sponsored: true,
      feeSharing: [
        { address: creator.address, bps: 6_000 },
        { address: partner.address, bps: 4_000 },
      ],
    });
    await land(creator, transaction);
    expect(await sandbox.solBalance(creator.address)).toBe(0n);
    expect(sandbox.launchpads.sponsorQuotaLeft(creator.address)).toBe(2);
    const trader = await funded(20n);
    const { transaction: buy, quote } = await sandbox.launchpads.buyTransaction(mint, trader.address, 10n * SOL, 1n);
    await land(trader, buy);
    await sandbox.airdrop(partner.address, SOL);
    const before = await sandbox.solBalance(partner.address);
    const claimed = await sandbox.launchpads.claimSharedFeesTransaction(mint, partner.address);
    await land(partner, claimed.transaction);
    expect(claimed.lamports).toBe((quote.creatorFee * 4_000n) / 10_000n);
    expect(await sandbox.solBalance(partner.address)).toBe(before + claimed.lamports - feeOf(claimed.transaction));
    await expect(sandbox.launchpads.claimSharedFeesTransaction(mint, partner.address)).rejects.toMatchObject({
      reason: 'nothing_to_claim',
    });
  });

  const sharedLaunch = async (recipients: readonly { wallet: KeyPairSigner; bps: number }[]) => {
    const creator = recipients[0]!.wallet;
    const { transaction, mint } = await sandbox.launchpads.launchTransaction({
      kind: 'svc',
      creator: creator.address,
      metadata: { name: 'Racy', symbol: 'RACE' },
      params: SVC_CURVE,
      devBuyLamports: 0n,
      feeSharing: recipients.map(({ wallet, bps }) => ({ address: wallet.address, bps })),
    });
    await land(creator, transaction);
    return mint;
  };
  const ascending = (x: bigint, y: bigint) => (x < y ? -1 : x > y ? 1 : 0);

  it("concurrent buys of one curve fill along its math (the second at the first's reserves)", async () => {
    const mint = await sharedLaunch([{ wallet: await funded(1n), bps: 10_000 }]);
    const [first, second] = await Promise.all([funded(5n), funded(5n)]);
    const start = (await sandbox.launchpads.token(mint))!.reserves;
    // Each built, signed and sent as a wallet would, both at once.
    const buy = async (wallet: KeyPairSigner) => {
      const { transaction, quote } = await sandbox.launchpads.buyTransaction(mint, wallet.address, 2n * SOL, 1n);
      await land(wallet, transaction);
      return quote;
    };
    const [a, b] = await Promise.all([buy(first), buy(second)]);
    const one = quoteBuy(SVC_CURVE, start, 2n * SOL);
    const two = quoteBuy(
      SVC_CURVE,
      { realSol: start.realSol + one.net, realToken: start.realToken - one.tokensOut },
      2n * SOL,
    );
    expect([a.tokensOut, b.tokensOut].sort(ascending)).toEqual([one.tokensOut, two.tokensOut].sort(ascending));
    expect((await sandbox.tokenBalance(first.address, mint)) + (await sandbox.tokenBalance(second.address, mint))).toBe(
      one.tokensOut + two.tokensOut,
    );
    expect((await sandbox.launchpads.token(mint))!.reserves).toEqual({
      realSol: start.realSol + one.net + two.net,
      realToken: start.realToken - one.tokensOut - two.tokensOut,
    });
  });

  it('concurrent claims of one recipient pay its share once, leaving the others theirs', async () => {
    const [creator, partner, other] = await Promise.all([funded(1n), funded(1n), funded(1n)]);
    const mint = await sharedLaunch([
      { wallet: creator, bps: 5_000 },
      { wallet: partner, bps: 2_500 },
      { wallet: other, bps: 2_500 },
    ]);
    const trader = await funded(5n);
    const { transaction: buy, quote } = await sandbox.launchpads.buyTransaction(mint, trader.address, 2n * SOL, 1n);
    await land(trader, buy);
    // The other recipient's claim sweeps every fee into the sharing vault; then the partner claims twice at once,
    // with nothing left to sweep: one claim pays its quarter, the other finds nothing owed.
    await land(other, (await sandbox.launchpads.claimSharedFeesTransaction(mint, other.address)).transaction);
    const before = await sandbox.solBalance(partner.address);
    const claim = async () => {
      const { transaction, lamports } = await sandbox.launchpads.claimSharedFeesTransaction(mint, partner.address);
      await land(partner, transaction);
      return { lamports, fee: feeOf(transaction) };
    };
    const claims = await Promise.allSettled([claim(), claim()]);
    const paid = claims.flatMap((settled) => (settled.status === 'fulfilled' ? [settled.value] : []));
    expect(paid).toHaveLength(1);
    expect(paid[0]!.lamports).toBe((quote.creatorFee * 2_500n) / 10_000n);
    expect(claims.find((settled) => settled.status === 'rejected')).toMatchObject({
      reason: { reason: 'nothing_to_claim' },
    });
    expect(await sandbox.solBalance(partner.address)).toBe(before + paid[0]!.lamports - paid[0]!.fee);
    // The creator's half is still in the sharing vault for it to claim.
    const creatorClaim = await sandbox.launchpads.claimSharedFeesTransaction(mint, creator.address);
    expect(creatorClaim.lamports).toBe((quote.creatorFee * 5_000n) / 10_000n);
    await land(creator, creatorClaim.transaction);
  });

  it('a transaction built on a curve whose state moved since is refused as a conflict, nothing sent', async () => {
    const creator = await funded(2n);
    const launch = await sandbox.launchpads.launchTransaction({
      kind: 'pump',
      creator: creator.address,
      metadata: { name: 'Stale', symbol: 'STALE' },
      params: PUMP_CURVE,
      devBuyLamports: 0n,
    });
    await land(creator, launch.transaction);
    const [early, late] = await Promise.all([funded(2n), funded(2n)]);
    // Its hold's expiry is a fake timer, run forward below.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { transaction: held } = await sandbox.launchpads.buyTransaction(launch.mint, early.address, SOL, 1n);
    // The late buy waits for the curve the early one holds, until that hold expires unsent.
    const waiting = sandbox.launchpads.buyTransaction(launch.mint, late.address, SOL, 1n);
    await vi.advanceTimersByTimeAsync(20_000);
    vi.useRealTimers();
    await land(late, (await waiting).transaction);
    const before = await sandbox.solBalance(early.address);
    await expect(sandbox.launchpads.submit(await signTransaction([early.keyPair], held))).rejects.toMatchObject({
      reason: 'conflict',
    });
    expect(await sandbox.solBalance(early.address)).toBe(before);
    expect(await sandbox.tokenBalance(early.address, launch.mint)).toBe(0n);
  });
});
