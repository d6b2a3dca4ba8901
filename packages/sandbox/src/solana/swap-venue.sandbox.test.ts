import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  partiallySignTransaction,
} from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxSolana, startSandboxSolana } from './sandbox-solana.js';
import { VENUE_POOL_DEPTH_USD, VenueError } from './swap-venue.js';
import { SOLANA_BONK_MINT, SOLANA_JUP_MINT, SOLANA_USDC_MINT, SOLANA_WSOL_MINT } from './tokens.js';

describe('sandbox Solana swap venue', () => {
  let sandbox: SandboxSolana;

  beforeAll(async () => {
    sandbox = await startSandboxSolana();
  });
  afterAll(() => sandbox?.stop());

  it('opens every token against USDC and SOL at the seeded USD prices', async () => {
    expect(sandbox.venue.pools.map((pool) => pool.id).sort()).toEqual(
      [
        'BONK/SOL',
        'BONK/USDC',
        'JUP/SOL',
        'JUP/USDC',
        'NVDAx/SOL',
        'NVDAx/USDC',
        'SOL/USDC',
        'TFEE/SOL',
        'TFEE/USDC',
        'TSLAx/SOL',
        'TSLAx/USDC',
        'WSOL/SOL',
        'WSOL/USDC',
      ].sort(),
    );
    expect(await sandbox.tokenPriceUsd('SOL')).toBeCloseTo(150, 6);
    expect(await sandbox.tokenPriceUsd(SOLANA_WSOL_MINT)).toBeCloseTo(150, 6);
    expect(await sandbox.tokenPriceUsd(SOLANA_BONK_MINT)).toBeCloseTo(0.00002, 10);
    expect(await sandbox.tokenPriceUsd(SOLANA_JUP_MINT)).toBeCloseTo(0.8, 6);
    expect(await sandbox.tokenPriceUsd(SOLANA_USDC_MINT)).toBe(1);
    const solUsdc = sandbox.venue.pools.find((pool) => pool.id === 'SOL/USDC');
    expect(await sandbox.tokenBalance(solUsdc?.address as string, SOLANA_USDC_MINT)).toBe(
      BigInt(VENUE_POOL_DEPTH_USD) * 1_000_000n,
    );
  });

  it('settles a swap atomically: the user signs, both legs land, amounts are exactly the quote', async () => {
    const user = await generateKeyPairSigner();
    await sandbox.airdrop(user.address, 1_000_000_000n);
    await sandbox.mintUsdc(user.address, 300_000_000n);
    const quote = await sandbox.venue.quoteExactIn(SOLANA_USDC_MINT, SOLANA_JUP_MINT, 150_000_000n);
    // 150 USDC at $0.8 less 0.3% fee and a little price impact.
    expect(Number(quote.outAmount) / 1e6).toBeGreaterThan(186);
    expect(Number(quote.outAmount) / 1e6).toBeLessThan(187.5);
    const { transaction } = await sandbox.venue.swapTransaction(quote, user.address, quote.outAmount);
    const signed = await partiallySignTransaction([user.keyPair], transaction);
    const rpc = createSolanaRpc(sandbox.rpcUrl);
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
    expect(signature).toBe(getSignatureFromTransaction(signed));
    expect(await sandbox.tokenBalance(user.address, SOLANA_USDC_MINT)).toBe(150_000_000n);
    expect(await sandbox.tokenBalance(user.address, SOLANA_JUP_MINT)).toBe(quote.outAmount);
  });

  it('routes through a hub, sells native SOL, and refuses an output below the bound', async () => {
    const user = await generateKeyPairSigner();
    await sandbox.airdrop(user.address, 5_000_000_000n);
    const quote = await sandbox.venue.quoteExactIn('SOL', SOLANA_BONK_MINT, 1_000_000_000n);
    expect(quote.legs.length).toBeGreaterThanOrEqual(1);
    await expect(sandbox.venue.swapTransaction(quote, user.address, quote.outAmount + 1n)).rejects.toBeInstanceOf(
      VenueError,
    );
    const exactOut = await sandbox.venue.quoteExactOut(SOLANA_JUP_MINT, SOLANA_BONK_MINT, 1_000_000_00n);
    expect(exactOut.outAmount).toBeGreaterThanOrEqual(1_000_000_00n);
    expect(exactOut.legs).toHaveLength(2);
  });

  it('moves a token price on demand and keeps the other tokens priced', async () => {
    await sandbox.setTokenPriceUsd(SOLANA_JUP_MINT, 1.25);
    expect(await sandbox.tokenPriceUsd(SOLANA_JUP_MINT)).toBeCloseTo(1.25, 6);
    const viaSol = await sandbox.venue.quoteExactIn(SOLANA_JUP_MINT, 'SOL', 1_000_000n);
    expect(Number(viaSol.outAmount) / 1e9).toBeCloseTo(1.25 / 150, 4);
    await sandbox.setTokenPriceUsd('SOL', 200);
    expect(await sandbox.tokenPriceUsd('SOL')).toBeCloseTo(200, 6);
    expect(await sandbox.tokenPriceUsd(SOLANA_WSOL_MINT)).toBeCloseTo(200, 6);
    const jupInSol = await sandbox.venue.quoteExactIn(SOLANA_JUP_MINT, 'SOL', 1_000_000n);
    expect(Number(jupInSol.outAmount) / 1e9).toBeCloseTo(1.25 / 200, 4);
    await expect(sandbox.setTokenPriceUsd(SOLANA_USDC_MINT, 2)).rejects.toThrow(/unit/);
  });

  it('wraps SOL for a WSOL faucet credit, and lists token accounts by owner over RPC', async () => {
    const user = await generateKeyPairSigner();
    await sandbox.mintToken(user.address, SOLANA_WSOL_MINT, 2_000_000_000n);
    await sandbox.mintToken(user.address, SOLANA_BONK_MINT, 0n);
    expect(await sandbox.tokenBalance(user.address, SOLANA_WSOL_MINT)).toBe(2_000_000_000n);
    expect(await sandbox.solBalance(user.address)).toBe(0n);
    const rpc = createSolanaRpc(sandbox.rpcUrl);
    const { value } = await rpc
      .getTokenAccountsByOwner(user.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
      .send();
    const parsed = value.map(
      ({ account }) =>
        (
          account.data as {
            parsed: { info: { mint: string; owner: string; isNative: boolean; tokenAmount: { amount: string } } };
          }
        ).parsed.info,
    );
    expect(parsed).toEqual([
      expect.objectContaining({
        mint: SOLANA_WSOL_MINT,
        owner: user.address,
        isNative: true,
        tokenAmount: expect.objectContaining({ amount: '2000000000' }),
      }),
      expect.objectContaining({
        mint: SOLANA_BONK_MINT,
        owner: user.address,
        tokenAmount: expect.objectContaining({ amount: '0' }),
      }),
    ]);
    const byMint = await rpc
      .getTokenAccountsByOwner(user.address, { mint: SOLANA_BONK_MINT }, { encoding: 'base64' })
      .send();
    expect(byMint.value).toHaveLength(1);
  });
});
