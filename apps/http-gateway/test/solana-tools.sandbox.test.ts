import { randomBytes } from 'node:crypto';
import { LocalMasterKeyRing } from '@svc/chains';
import { SOLANA_BONK_MINT, SOLANA_JUP_MINT, SOLANA_TSLAX_MINT, SOLANA_USDC_MINT, SOLANA_WSOL_MINT } from '@svc/sandbox';
import { executeSolanaSwap } from '@svc/tools/testing';
import { sandboxSolanaChain } from '@svc/tools/sandbox';
import { generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

const masterKey = new LocalMasterKeyRing(new Uint8Array(randomBytes(32)));
const LAMPORTS = 1_000_000_000n;

describe.each(backendsFor(import.meta.url))(
  'Solana tools on the sandbox chain, paid with x402 + SIWX ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend, {}, { masterKey });
    const solana = () => gateway.sandbox.solana;
    const faucet = async (address: string, token: string, amount: string) =>
      json(await gateway.faucet({ address, chain: 'solana', token, amount }));
    /** Every balance the tests look at, read straight from the chain. */
    const onChain = async (owner: string) => ({
      sol: await solana().solBalance(owner),
      wsol: await solana().tokenBalance(owner, SOLANA_WSOL_MINT),
      usdc: await solana().tokenBalance(owner, SOLANA_USDC_MINT),
      jup: await solana().tokenBalance(owner, SOLANA_JUP_MINT),
      bonk: await solana().tokenBalance(owner, SOLANA_BONK_MINT),
    });
    /** A signed-in paying wallet with a funded vault: 3 SOL, 1 WSOL, 200 USDC. */
    const fundedVault = async () => {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
        200,
      );
      const vault: string = (await json(await wallet.call('solanaBalances', {}))).address;
      await faucet(vault, 'SOL', '3');
      await faucet(vault, SOLANA_WSOL_MINT, '1');
      await faucet(vault, 'usdc', '200');
      return { ...wallet, vault };
    };

    it('describes the chain (RPC, tokens with mints and decimals, pools) and the faucet funds every token by symbol or mint', async () => {
      const { chains } = await json(await fetch(`${gateway.url}/api/sandbox`));
      const chain = chains.find((entry: { chain: string }) => entry.chain === 'solana');
      expect(chain.rpcUrl).toBe(solana().rpcUrl);
      expect(chain.tokens).toEqual(
        expect.arrayContaining([
          { symbol: 'SOL', decimals: 9, address: null },
          { symbol: 'WSOL', decimals: 9, address: SOLANA_WSOL_MINT },
          { symbol: 'USDC', decimals: 6, address: SOLANA_USDC_MINT },
          { symbol: 'BONK', decimals: 5, address: SOLANA_BONK_MINT },
          { symbol: 'JUP', decimals: 6, address: SOLANA_JUP_MINT },
          { symbol: 'TSLAx', decimals: 8, address: SOLANA_TSLAX_MINT },
        ]),
      );
      expect(chain.pools.map((pool: { tokens: string[] }) => pool.tokens.join('/'))).toEqual(
        expect.arrayContaining(['SOL/USDC', 'BONK/USDC', 'BONK/SOL', 'JUP/USDC', 'WSOL/SOL', 'TSLAx/USDC']),
      );
      const owner = (await generateKeyPairSigner()).address;
      expect(await faucet(owner, 'bonk', '1234.5')).toMatchObject({
        token: 'BONK',
        asset: SOLANA_BONK_MINT,
        atomic: '123450000',
      });
      await faucet(owner, SOLANA_JUP_MINT, '2');
      await faucet(owner, 'WSOL', '0.5');
      expect(await onChain(owner)).toMatchObject({ bonk: 123_450_000n, jup: 2_000_000n, wsol: 500_000_000n, sol: 0n });
    });

    it('solanaBalances lists native SOL and WSOL separately; solanaTransfer moves exactly the amount', async () => {
      const alice = await fundedVault();
      const balances = await json(await alice.call('solanaBalances', {}));
      expect(balances.network).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
      expect(balances.assets).toEqual([
        { symbol: 'SOL', address: null, decimals: 9, balance: '3', humanReadableBalance: '3' },
        expect.objectContaining({ symbol: 'WSOL', address: SOLANA_WSOL_MINT, balance: '1' }),
        expect.objectContaining({ symbol: 'USDC', address: SOLANA_USDC_MINT, balance: '200' }),
      ]);

      const bob = (await generateKeyPairSigner()).address;
      let before = await onChain(alice.vault);
      const sent = await json(
        await alice.call('solanaTransfer', { toWalletAddress: bob, amount: 0.5, tokenAddress: 'SOL' }),
      );
      expect(sent).toMatchObject({
        to: bob,
        from: alice.vault,
        amount: '0.5',
        atomic: '500000000',
        signature: expect.any(String),
      });
      expect(await solana().solBalance(bob)).toBe(LAMPORTS / 2n);
      expect((await onChain(alice.vault)).sol).toBe(before.sol - LAMPORTS / 2n - 5_000n);

      before = await onChain(alice.vault);
      await json(
        await alice.call('solanaTransfer', { toWalletAddress: bob, amount: 12.345678, tokenAddress: SOLANA_USDC_MINT }),
      );
      expect(await solana().tokenBalance(bob, SOLANA_USDC_MINT)).toBe(12_345_678n);
      expect((await onChain(alice.vault)).usdc).toBe(before.usdc - 12_345_678n);

      // The WSOL mint moves Wrapped SOL, a token: bob's native SOL does not change.
      before = await onChain(alice.vault);
      await json(
        await alice.call('solanaTransfer', { toWalletAddress: bob, amount: 0.25, tokenAddress: SOLANA_WSOL_MINT }),
      );
      expect(await solana().tokenBalance(bob, SOLANA_WSOL_MINT)).toBe(250_000_000n);
      expect(await solana().solBalance(bob)).toBe(LAMPORTS / 2n);
      expect((await onChain(alice.vault)).wsol).toBe(before.wsol - 250_000_000n);
    }, 60_000);

    it('refuses a transfer with too little funds, a bad address or an unknown token, and nothing moves', async () => {
      const alice = await fundedVault();
      const bob = (await generateKeyPairSigner()).address;
      const before = await onChain(alice.vault);
      expect(
        await json(
          await alice.call('solanaTransfer', { toWalletAddress: bob, amount: 200.5, tokenAddress: SOLANA_USDC_MINT }),
          400,
        ),
      ).toMatchObject({
        code: 'invalid_input',
        issues: [{ field: 'amount', rule: 'insufficient_funds' }],
      });
      expect(
        await json(await alice.call('solanaTransfer', { toWalletAddress: bob, amount: 3, tokenAddress: 'SOL' }), 400),
      ).toMatchObject({ issues: [{ field: 'amount', rule: 'insufficient_funds' }] });
      expect(
        await json(
          await alice.call('solanaTransfer', {
            toWalletAddress: 'not-a-solana-address',
            amount: 1,
            tokenAddress: 'SOL',
          }),
          400,
        ),
      ).toMatchObject({
        issues: [{ field: 'toWalletAddress', rule: 'format' }],
      });
      const unknownMint = (await generateKeyPairSigner()).address;
      expect(
        await json(
          await alice.call('solanaTransfer', { toWalletAddress: bob, amount: 1, tokenAddress: unknownMint }),
          400,
        ),
      ).toMatchObject({
        issues: [{ field: 'tokenAddress', rule: 'unknown_token' }],
      });
      expect(
        await json(
          await alice.call('solanaTransfer', {
            toWalletAddress: bob,
            amount: 0.0000001,
            tokenAddress: SOLANA_USDC_MINT,
          }),
          400,
        ),
      ).toMatchObject({
        issues: [{ field: 'amount', rule: 'precision' }],
      });
      expect(await onChain(alice.vault)).toEqual(before);
      expect(await onChain(bob)).toEqual({ sol: 0n, wsol: 0n, usdc: 0n, jup: 0n, bonk: 0n });
    }, 60_000);

    it('splBuyIntent quotes with the conditional-order handoff and swaps within slippage of the quote', async () => {
      // The worker's sandbox venue is shared: other files' swaps and price moves may have left JUP elsewhere.
      await gateway.sandbox.solana.setTokenPriceUsd(SOLANA_JUP_MINT, 0.8);
      const alice = await fundedVault();
      const { accountId } = await json(await alice.call('wallet', {}));
      expect(await json(await alice.call('setSlippageSettings', { swapSlippage: 0.5, pumpSlippage: 10 }))).toBeTruthy();

      const quoted = await json(
        await alice.call('splBuyIntent', { mode: 'quote', token: 'JUP', amount_text: '100 usdc', spend_token: 'USDC' }),
      );
      expect(quoted.quote).toMatchObject({
        inAmount: '100',
        inputToken: { mint: SOLANA_USDC_MINT },
        outputToken: { mint: SOLANA_JUP_MINT, symbol: 'JUP' },
        slippagePercent: 0.5,
      });
      expect(quoted.quote.outputUsdPrice).toBeCloseTo(0.8, 4);
      expect(quoted.quote.conditionalOrderHandoff).toMatchObject({
        receiveToken: SOLANA_JUP_MINT,
        spendToken: SOLANA_USDC_MINT,
        spendQuantity: 100,
        spendTokenPriceUsd: 1,
      });
      expect(quoted.quote.conditionalOrderHandoff.receiveTokenPriceUsd).toBeCloseTo(0.8, 4);
      expect(await onChain(alice.vault)).toMatchObject({ usdc: 200_000_000n, jup: 0n });

      // The quote-then-swap fill: USDC leaves exactly, JUP arrives at no less than the quote less 0.5 %.
      let before = await onChain(alice.vault);
      const swapped = await json(
        await alice.call('splBuyIntent', {
          mode: 'swap',
          token: SOLANA_JUP_MINT,
          amount_text: '100 USDC',
          spend_token: 'usdc',
        }),
      );
      let after = await onChain(alice.vault);
      expect(after.usdc).toBe(before.usdc - 100_000_000n);
      const quotedOut = BigInt(quoted.quote.outAmountAtomic);
      expect(after.jup - before.jup).toBeGreaterThanOrEqual((quotedOut * 995n) / 1000n);
      expect(swapped).toMatchObject({
        mode: 'swap',
        signature: expect.any(String),
        bought: { atomic: (after.jup - before.jup).toString() },
        sold: { atomic: '100000000' },
      });

      // A quantity to receive, paid in native SOL: at least that many JUP arrive (within slippage).
      before = await onChain(alice.vault);
      const bought = await json(await alice.call('splBuyIntent', { mode: 'swap', token: 'jup', amount_text: '0.25k' }));
      after = await onChain(alice.vault);
      expect(after.jup - before.jup).toBeGreaterThanOrEqual(248_750_000n);
      expect(before.sol - after.sol).toBeGreaterThanOrEqual(BigInt(bought.sold.atomic));
      expect(bought.quote.conditionalOrderHandoff.spendToken).toBe(SOLANA_WSOL_MINT);

      // A dollar budget in SOL: about $15 of SOL at $150.
      const usd = await json(await alice.call('splBuyIntent', { mode: 'quote', token: 'BONK', amount_text: '$15' }));
      expect(Number(usd.quote.inAmount)).toBeCloseTo(0.1, 6);

      // The conditional-order executor: exact input, signature reported before sending, amounts read on chain.
      before = await onChain(alice.vault);
      let signedFirst: string | undefined;
      const executed = await executeSolanaSwap(
        { db: gateway.db, masterKey, solana: sandboxSolanaChain(solana()) },
        {
          accountId,
          sellMint: SOLANA_JUP_MINT,
          buyMint: SOLANA_WSOL_MINT,
          sellAmount: 50_000_000n,
          slippagePercent: 1,
          onSigned: (signature) => void (signedFirst = signature),
        },
      );
      after = await onChain(alice.vault);
      expect(signedFirst).toBe(executed.signature);
      expect(executed.soldAtomic).toBe(50_000_000n);
      expect(before.jup - after.jup).toBe(50_000_000n);
      // So111…112 is native SOL here (the conditional-order convention): SOL arrives, WSOL is untouched.
      expect(after.wsol).toBe(before.wsol);
      // boughtAtomic is what arrived before the vault paid the base fees (one per signature: the vault and 1 or 2 pools).
      expect([10_000n, 15_000n]).toContain(executed.boughtAtomic - (after.sol - before.sol));
      // 50 JUP at $0.8 in SOL at $150, less the 0.3 % pool fee (the earlier buys moved JUP up a little).
      expect(Number(executed.boughtAtomic) / 1e9).toBeCloseTo(((50 * 0.8) / 150) * 0.997, 3);
    }, 90_000);

    it('splBuyIntent refuses unknown tokens, mismatched symbols, bad text and too little funds, and nothing moves', async () => {
      const alice = await fundedVault();
      const before = await onChain(alice.vault);
      expect(
        await json(await alice.call('splBuyIntent', { mode: 'swap', token: 'NOPECOIN', amount_text: '1 sol' }), 400),
      ).toMatchObject({ issues: [{ field: 'token', rule: 'unknown_token' }] });
      expect(
        await json(
          await alice.call('splBuyIntent', { mode: 'swap', token: 'JUP', amount_text: '10 BONK', spend_token: 'USDC' }),
          400,
        ),
      ).toMatchObject({
        issues: [{ field: 'amount_text', rule: 'symbol_mismatch' }],
      });
      expect(
        await json(await alice.call('splBuyIntent', { mode: 'swap', token: 'JUP', amount_text: 'lots' }), 400),
      ).toMatchObject({ issues: [{ field: 'amount_text', rule: 'format' }] });
      expect(
        await json(await alice.call('splBuyIntent', { mode: 'swap', token: 'JUP', amount_text: '50 sol' }), 400),
      ).toMatchObject({ issues: [{ field: 'amount_text', rule: 'insufficient_funds' }] });
      expect(
        await json(
          await alice.call('splBuyIntent', {
            mode: 'swap',
            token: 'BONK',
            amount_text: '500 usdc',
            spend_token: 'USDC',
          }),
          400,
        ),
      ).toMatchObject({
        issues: [{ field: 'amount_text', rule: 'insufficient_funds' }],
      });
      expect(await onChain(alice.vault)).toEqual(before);
    }, 60_000);

    it('prices, pair prices and token search come from the venue; a moved price shows at once', async () => {
      const alice = await fundedVault();
      const unknownMint = (await generateKeyPairSigner()).address;
      const { prices, source, asOf } = await json(
        await alice.call('solanaGetTokenPrices', { tokenMints: [SOLANA_USDC_MINT, SOLANA_BONK_MINT, unknownMint] }),
      );
      expect({ source, asOf }).toEqual({
        source: 'Sandbox Solana swap venue',
        asOf: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(prices[0]).toEqual({ mint: SOLANA_USDC_MINT, priceUsd: 1, confidence: 'high' });
      expect(prices[1].priceUsd).toBeCloseTo(0.00002, 9);
      expect(prices[2]).toEqual({ mint: unknownMint, priceUsd: null, confidence: null });

      await solana().setTokenPriceUsd(SOLANA_BONK_MINT, 0.00004);
      const moved = await json(await alice.call('solanaGetTokenPrices', { tokenMints: [SOLANA_BONK_MINT] }));
      expect(moved.prices[0].priceUsd).toBeCloseTo(0.00004, 9);

      const pair = await json(
        await alice.call('solanaGetTokenPairPrice', { inputMint: SOLANA_WSOL_MINT, outputMint: SOLANA_USDC_MINT }),
      );
      expect(pair.rate).toBeGreaterThan(149);
      expect(pair.rate).toBeLessThan(150);
      expect(pair.route[0]).toMatchObject({
        venue: 'sandbox WSOL/USDC',
        inputMint: SOLANA_WSOL_MINT,
        outputMint: SOLANA_USDC_MINT,
      });
      expect(
        await json(
          await alice.call('solanaGetTokenPairPrice', { inputMint: unknownMint, outputMint: SOLANA_USDC_MINT }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'inputMint', rule: 'unknown_token' }] });

      const found = await json(await alice.call('findSolanaSwapToken', { tokenName: 'bonk' }));
      expect(found.tokens[0]).toEqual({ mint: SOLANA_BONK_MINT, symbol: 'BONK', name: 'Bonk', decimals: 5 });
      expect((await json(await alice.call('findSolanaSwapToken', { tokenName: 'Jupiter' }))).tokens[0]).toMatchObject({
        mint: SOLANA_JUP_MINT,
      });
    }, 60_000);
  },
);
