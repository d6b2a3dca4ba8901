import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey, vaultAddressesOf } from '@svc/chains';
import { SOLANA_JUP_MINT } from '@svc/sandbox';
import { createSolanaRpc, type Signature } from '@solana/kit';
import { accountForWallet, orderById, positionsOf, setSlippage } from '@svc/store';
import type { OrderEngine } from '@svc/tools';
import type { SwapExecutor } from '@svc/tools/testing';
import { type Address, erc20Abi, type Hash } from 'viem';
import { describe, expect, it } from 'vitest';
import { sandboxOrderEngine, sandboxSwapExecutors } from '@svc/worker/sandbox';
import { backendsFor, fundedWallet, LIVE_SETTINGS, UNCAPPED, useGateway, useSandboxGateway } from './harness.js';

const ETH_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
const SOL_NATIVE = 'So11111111111111111111111111111111111111112';

describe.each(backendsFor(import.meta.url))(
  'conditional orders through REST with SIWX + x402 on the sandbox market ($name)',
  (backend) => {
    const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
    const gateway = useSandboxGateway(backend, {}, { masterKey });
    const engine = () => gateway.app.orderEngine as OrderEngine;
    /** Another worker on the same database and chains (race and restart tests). */
    const worker = (workerId: string) =>
      sandboxOrderEngine({ db: gateway.db, sandbox: gateway.sandbox, masterKey, workerId });
    const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
    const setPrice = async (chain: string, token: string, priceUsd: string) =>
      json(
        await fetch(`${gateway.url}/api/sandbox/prices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chain, token, priceUsd }),
        }),
      );

    it('POST /api/sandbox/prices moves the simulated price and the pools; GET reads it; bad input is a 400 naming the field', async () => {
      const moved = await setPrice('base', 'ETH', '3500');
      expect(moved).toMatchObject({
        status: 200,
        body: { sandbox: true, chain: 'base', token: 'ETH', address: ETH_NATIVE.toLowerCase(), priceUsd: '3500' },
      });
      expect(moved.body.poolPriceUsd).toBeCloseTo(3500, 2);
      const read = await json(await fetch(`${gateway.url}/api/sandbox/prices?chain=base&token=${ETH_NATIVE}`));
      expect(read.body).toMatchObject({ token: 'ETH', priceUsd: '3500' });
      expect(read.body.poolPriceUsd).toBeCloseTo(3500, 2);
      const solana = await setPrice('solana', 'SOL', '180');
      expect(solana.body).toMatchObject({
        token: 'SOL',
        address: 'So11111111111111111111111111111111111111112',
        priceUsd: '180',
      });
      expect(solana.body.poolPriceUsd).toBeCloseTo(180, 2);
      const all = await json(await fetch(`${gateway.url}/api/sandbox/prices`));
      expect(all.body.prices.map((price: any) => price.network)).toEqual(['base', 'solana']);
      expect(await setPrice('base', 'NOPE', '1')).toMatchObject({
        status: 400,
        body: { issues: [{ field: 'token', rule: 'unknown_token' }] },
      });
      expect(await setPrice('base', 'USDC', '2')).toMatchObject({
        status: 400,
        body: { issues: [{ field: 'token' }] },
      });
      expect(await setPrice('base', 'ETH', '0')).toMatchObject({
        status: 400,
        body: { issues: [{ field: 'priceUsd' }] },
      });
      expect(await setPrice('arbitrum', 'ETH', '1')).toMatchObject({
        status: 400,
        body: { issues: [{ field: 'chain' }] },
      });
    });

    it('paid create, read and cancel tools: a position placed with its TP/SL in one call, visible only to its account', async () => {
      const alice = await fundedWallet(gateway, UNCAPPED);
      const bob = await fundedWallet(gateway, UNCAPPED);
      const market = await gateway.sandbox.evm(8453);
      const usdc = market.token('USDC')?.address as string;
      const created = await json(
        await alice.call('createBaseConditionalEntry', {
          targetToken: ETH_NATIVE,
          fundingToken: usdc,
          fundingQuantity: 10,
          entryType: 'LIMIT',
          entryPriceUsd: '100',
          entryDirection: 'BELOW',
          stopLossPriceUsd: '50',
          stopLossDirection: 'BELOW',
          takeProfitPriceUsd: '1000',
          takeProfitDirection: 'ABOVE',
        }),
      );
      expect(created.status).toBe(200);
      expect(created.body.position.orders.map((order: any) => order.status)).toEqual(['PENDING', 'WAITING', 'WAITING']);
      const { positionId } = created.body.position;
      expect(
        (await json(await alice.call('getAllPositions', {}))).body.positions.map((p: any) => p.positionId),
      ).toEqual([positionId]);
      expect((await json(await bob.call('findPositionById', { positionId }))).status).toBe(404);
      const invalid = await json(
        await alice.call('createBaseConditionalEntry', {
          targetToken: ETH_NATIVE,
          fundingToken: usdc,
          fundingQuantity: 1,
          targetQuantity: 1,
          entryType: 'MARKET',
        }),
      );
      expect(invalid).toMatchObject({ status: 400, body: { issues: [{ field: 'fundingQuantity' }] } });
      expect((await json(await alice.call('cancelPosition', { positionId }))).body).toMatchObject({
        cancelled: true,
        position: { status: 'CANCELLED' },
      });
    });

    /** A signed-in wallet whose vault on Base holds `usdc` sandbox USDC (and `link` LINK) and 1 ETH for gas. */
    async function trader(usdc: string, link?: string) {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      const { accountId } = await accountForWallet(gateway.db, 'eip155:8453', wallet.account.address);
      const vault = (await vaultAddressesOf(gateway.db, masterKey, accountId)).evm as Address;
      if (usdc !== '0')
        expect((await gateway.faucet({ address: vault, chain: 'base', token: 'USDC', amount: usdc })).status).toBe(200);
      expect((await gateway.faucet({ address: vault, chain: 'base', token: 'ETH', amount: '1' })).status).toBe(200);
      if (link)
        expect((await gateway.faucet({ address: vault, chain: 'base', token: 'LINK', amount: link })).status).toBe(200);
      return { ...wallet, accountId, vault };
    }
    const market = () => gateway.sandbox.evm(8453);
    const balance = async (token: string, owner: Address) => {
      const { chain } = await market();
      return chain.publicClient.readContract({
        address: token as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      });
    };
    const tokens = async () => {
      const m = await market();
      return {
        usdc: (m.token('USDC')?.address as string).toLowerCase(),
        link: (m.token('LINK')?.address as string).toLowerCase(),
      };
    };
    const pass = async (engines: OrderEngine[] = [engine()]) => {
      for (const one of engines) await one.pass();
      await Promise.all(engines.map((one) => one.idle()));
    };
    const receiptOk = async (hash: string) =>
      (await (await market()).chain.publicClient.getTransactionReceipt({ hash: hash as Hash })).status === 'success';

    it('a MARKET entry with TP/SL swaps on chain when the worker processes it; moving the sandbox price fires the take-profit and cancels the stop-loss', async () => {
      const { usdc, link } = await tokens();
      await setPrice('base', 'LINK', '15');
      const alice = await trader('100');
      const created = await json(
        await alice.call('createBaseConditionalEntry', {
          targetToken: link,
          fundingToken: usdc,
          fundingQuantity: 30,
          entryType: 'MARKET',
          stopLossPriceUsd: '10',
          stopLossDirection: 'BELOW',
          takeProfitPriceUsd: '20',
          takeProfitDirection: 'ABOVE',
        }),
      );
      expect(created.status).toBe(200);
      expect(created.body.position.orders[0].status).toBe('PENDING');
      await pass();
      const [entered] = await positionsOf(gateway.db, alice.accountId);
      const entry = entered!.orders[0]!;
      expect(entry).toMatchObject({ status: 'EXECUTED', soldQuantity: '30' });
      expect(await receiptOk(entry.txHash as string)).toBe(true);
      expect(await balance(usdc, alice.vault)).toBe(70_000_000n);
      const linkHeld = await balance(link, alice.vault);
      expect(Number(linkHeld) / 1e18).toBeCloseTo(2, 1);
      expect(Number(entry.boughtQuantity)).toBeCloseTo(Number(linkHeld) / 1e18, 12);
      expect(entered!.orders.slice(1).map((order) => [order.status, order.sellQuantity])).toEqual([
        ['PENDING', entry.boughtQuantity],
        ['PENDING', entry.boughtQuantity],
      ]);

      await setPrice('base', 'LINK', '18');
      await pass();
      expect((await positionsOf(gateway.db, alice.accountId))[0]!.status).toBe('OPEN');
      await setPrice('base', 'LINK', '21');
      await pass();
      const read = await json(await alice.call('findPositionById', { positionId: created.body.position.positionId }));
      expect(read.body.position).toMatchObject({ status: 'CLOSED' });
      expect(read.body.position.orders.map((order: any) => order.status)).toEqual([
        'EXECUTED',
        'CANCELLED',
        'EXECUTED',
      ]);
      const takeProfit = read.body.position.orders[2];
      expect(takeProfit).toMatchObject({ priceSeenUsd: '21', soldQuantity: entry.boughtQuantity });
      expect(await receiptOk(takeProfit.txHash)).toBe(true);
      expect(await balance(link, alice.vault)).toBe(0n);
      expect(Number(await balance(usdc, alice.vault)) / 1e6).toBeGreaterThan(70 + 2 * 21 * 0.95);
      expect(read.body.position.history.map((event: any) => event.event)).toEqual(
        expect.arrayContaining(['claimed', 'signed', 'executed', 'armed', 'cancelled', 'position_closed']),
      );
    });

    it('a swap that cannot run (insufficient funds) fails the order with its reason; executeEarly runs a PENDING order now', async () => {
      const { usdc, link } = await tokens();
      const bob = await trader('5');
      const failing = await json(
        await bob.call('createBaseConditionalEntry', {
          targetToken: link,
          fundingToken: usdc,
          fundingQuantity: 50,
          entryType: 'MARKET',
        }),
      );
      await pass();
      const failed = await json(await bob.call('findPositionById', { positionId: failing.body.position.positionId }));
      expect(failed.body.position).toMatchObject({ status: 'FAILED', orders: [{ status: 'FAILED', txHash: null }] });
      expect(failed.body.position.orders[0].failureReason).toMatch(/needs 50 USDC/);
      expect(await balance(usdc, bob.vault)).toBe(5_000_000n);

      await setPrice('base', 'LINK', '15');
      const early = await json(
        await bob.call('createBaseConditionalEntry', {
          targetToken: link,
          fundingToken: usdc,
          fundingQuantity: 3,
          entryType: 'LIMIT',
          entryPriceUsd: '1',
          entryDirection: 'BELOW',
        }),
      );
      const executed = await json(
        await bob.call('deleteConditionalOrder', {
          orderId: early.body.position.orders[0].orderId,
          executeEarly: true,
        }),
      );
      expect(executed.body).toMatchObject({
        action: 'executed',
        order: { status: 'EXECUTED', soldQuantity: '3' },
        positionStatus: 'OPEN',
      });
      expect(await receiptOk(executed.body.order.txHash)).toBe(true);
      expect(await balance(usdc, bob.vault)).toBe(2_000_000n);
      const again = await json(
        await bob.call('deleteConditionalOrder', { orderId: early.body.position.orders[0].orderId }),
      );
      expect(again, JSON.stringify(again.body)).toMatchObject({ status: 409 });
    });

    /** A signed-in wallet whose Solana vault holds `sol` SOL (fees, rent) and `usdc` sandbox USDC. */
    async function solanaTrader(sol: string, usdc: string) {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      const { accountId } = await accountForWallet(gateway.db, 'eip155:8453', wallet.account.address);
      const vault = (await vaultAddressesOf(gateway.db, masterKey, accountId)).solana;
      expect((await gateway.faucet({ address: vault, chain: 'solana', token: 'SOL', amount: sol })).status).toBe(200);
      if (usdc !== '0')
        expect((await gateway.faucet({ address: vault, chain: 'solana', token: 'USDC', amount: usdc })).status).toBe(
          200,
        );
      return { ...wallet, accountId, vault };
    }
    const solanaSignatureLanded = async (signature: string) => {
      const status = (
        await createSolanaRpc(gateway.sandbox.solana.rpcUrl)
          .getSignatureStatuses([signature as Signature])
          .send()
      ).value[0];
      return status?.err === null;
    };

    it('Solana: a LIMIT entry fires when the sandbox price falls through it and swaps once on the sandbox chain; its LIMIT take-profit fills at the trigger or better', async () => {
      const solana = gateway.sandbox.solana;
      const usdc = solana.usdcMint;
      await setPrice('solana', 'JUP', '0.8');
      const erin = await solanaTrader('1', '50');
      const created = await json(
        await erin.call('createSolanaConditionalEntry', {
          targetToken: SOLANA_JUP_MINT,
          fundingToken: usdc,
          fundingQuantity: 20,
          entryType: 'LIMIT',
          entryPriceUsd: '0.7',
          entryDirection: 'BELOW',
          takeProfitPriceUsd: '1',
          takeProfitDirection: 'ABOVE',
        }),
      );
      expect(created.status).toBe(200);
      await pass();
      expect((await positionsOf(gateway.db, erin.accountId))[0]!.orders[0]!.status).toBe('PENDING');
      expect(await solana.tokenBalance(erin.vault, usdc)).toBe(50_000_000n);

      await setPrice('solana', 'JUP', '0.65');
      await pass();
      const [entered] = await positionsOf(gateway.db, erin.accountId);
      const entry = entered!.orders[0]!;
      expect(entry).toMatchObject({ status: 'EXECUTED', priceSeen: '0.65', soldQuantity: '20' });
      expect(await solanaSignatureLanded(entry.txHash as string)).toBe(true);
      // Recorded with the signature: the blockhash a live cluster could still land it under.
      expect(entry.txLifetime).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      expect(await solana.tokenBalance(erin.vault, usdc)).toBe(30_000_000n);
      const jup = await solana.tokenBalance(erin.vault, SOLANA_JUP_MINT);
      expect(Number(entry.boughtQuantity)).toBe(Number(jup) / 1e6);
      expect(Number(jup) / 1e6).toBeCloseTo(20 / 0.65, -0.5);
      expect(entered!.orders[1]).toMatchObject({ status: 'PENDING', sellQuantity: entry.boughtQuantity });

      await setPrice('solana', 'JUP', '1.1');
      await pass();
      const closed = (await positionsOf(gateway.db, erin.accountId))[0]!;
      expect(closed.status).toBe('CLOSED');
      const takeProfit = closed.orders[1]!;
      expect(takeProfit).toMatchObject({ status: 'EXECUTED', soldQuantity: entry.boughtQuantity });
      expect(await solanaSignatureLanded(takeProfit.txHash as string)).toBe(true);
      expect(await solana.tokenBalance(erin.vault, SOLANA_JUP_MINT)).toBe(0n);
      // At the trigger or better: the JUP sold for at least $1 each.
      const received = Number(await solana.tokenBalance(erin.vault, usdc)) / 1e6 - 30;
      expect(received).toBeGreaterThanOrEqual(Number(jup) / 1e6);
      expect(Number(takeProfit.boughtQuantity)).toBeCloseTo(received, 6);
      // Reconciliation reads the same outcome back from the chain, and knows a signature the chain never saw.
      const executor = sandboxSwapExecutors(gateway.db, gateway.sandbox, masterKey).solana as SwapExecutor;
      const request = {
        network: 'solana' as const,
        accountId: erin.accountId,
        sellToken: SOLANA_JUP_MINT,
        buyToken: usdc,
        sellQuantity: '0',
        minBuyQuantity: undefined,
      };
      expect(await executor.reconcile(request, takeProfit.txHash as string, takeProfit.txLifetime)).toEqual({
        status: 'confirmed',
        txHash: takeProfit.txHash,
        soldQuantity: takeProfit.soldQuantity,
        boughtQuantity: takeProfit.boughtQuantity,
      });
      // The sandbox lands on send: a signature it never saw was never sent, whatever its blockhash.
      expect(await executor.reconcile(request, '5'.repeat(88), takeProfit.txLifetime)).toBe('unknown');
    });

    it('a LIMIT exit never fills below its limit: a pool that fell back before the swap fails the order with nothing sent (Base, Solana), after signing the chain reverts it (Base)', async () => {
      const { usdc, link } = await tokens();
      await setPrice('base', 'LINK', '15');
      const frank = await trader('0', '10');
      const nonceBefore = await (await market()).chain.publicClient.getTransactionCount({ address: frank.vault });
      const evmExit = await json(
        await frank.call('createBaseConditionalExit', {
          assetToSell: link,
          receiveToken: usdc,
          sellQuantity: 5,
          exitType: 'LIMIT',
          triggerPriceUsd: '20',
          triggerDirection: 'ABOVE',
        }),
      );
      await engine().sync();
      // The feed saw LINK at 21 (the take-profit crosses); by the time the swap is planned the pool is back at 15.
      expect(await engine().tick({ network: 'base', token: link, priceUsd: 21 })).toHaveLength(1);
      await engine().idle();
      const failed = (await positionsOf(gateway.db, frank.accountId)).find(
        (position) => position.positionId === evmExit.body.position.positionId,
      )!;
      expect(failed).toMatchObject({ status: 'FAILED', orders: [{ status: 'FAILED', txHash: null, priceSeen: '21' }] });
      expect(failed.orders[0]!.failureReason).toMatch(/less than the 100 USDC required/);
      expect(await balance(link, frank.vault)).toBe(10n * 10n ** 18n);
      expect(await balance(usdc, frank.vault)).toBe(0n);
      expect(await (await market()).chain.publicClient.getTransactionCount({ address: frank.vault })).toBe(nonceBefore);

      // The pool falls back after the swap was signed and before it is broadcast: the chain refuses it (the router's
      // minimum is the limit), the order fails with its transaction recorded, and the LINK stays in the vault.
      await setPrice('base', 'LINK', '21');
      const ivan = await trader('0', '10');
      // A loose swap slippage would let the swap fill at 15: only the limit keeps it from filling below 20.
      await setSlippage(gateway.db, ivan.accountId, { swapSlippage: 50, pumpSlippage: 10 });
      const reverting = await json(
        await ivan.call('createBaseConditionalExit', {
          assetToSell: link,
          receiveToken: usdc,
          sellQuantity: 5,
          exitType: 'LIMIT',
          triggerPriceUsd: '20',
          triggerDirection: 'ABOVE',
        }),
      );
      const mover = worker('pool-mover');
      const moverExecutors = (mover as unknown as { executors: Record<string, SwapExecutor> }).executors;
      const real = moverExecutors.base as SwapExecutor;
      moverExecutors.base = {
        reconcile: real.reconcile,
        execute: (request, beforeBroadcast) =>
          real.execute(request, async (hash) => {
            await beforeBroadcast(hash);
            await setPrice('base', 'LINK', '15');
          }),
      };
      await mover.sync();
      expect(await mover.tick({ network: 'base', token: link, priceUsd: 21 })).toHaveLength(1);
      await mover.idle();
      const [reverted] = (await positionsOf(gateway.db, ivan.accountId)).filter(
        (position) => position.positionId === reverting.body.position.positionId,
      );
      expect(reverted).toMatchObject({ status: 'FAILED', orders: [{ status: 'FAILED', priceSeen: '21' }] });
      const revertedHash = reverted!.orders[0]!.txHash as Hash;
      expect((await (await market()).chain.publicClient.getTransactionReceipt({ hash: revertedHash })).status).toBe(
        'reverted',
      );
      expect(reverted!.orders[0]!.failureReason).toMatch(/reverted/);
      expect(await balance(link, ivan.vault)).toBe(10n * 10n ** 18n);
      expect(await balance(usdc, ivan.vault)).toBe(0n);

      const solana = gateway.sandbox.solana;
      await setPrice('solana', 'SOL', '150');
      const grace = await solanaTrader('3', '0');
      const lamportsBefore = await solana.solBalance(grace.vault);
      const solExit = await json(
        await grace.call('createSolanaConditionalExit', {
          assetToSell: SOL_NATIVE,
          receiveToken: solana.usdcMint,
          sellQuantity: 1,
          exitType: 'LIMIT',
          triggerPriceUsd: '200',
          triggerDirection: 'ABOVE',
        }),
      );
      expect(solExit.status).toBe(200);
      await engine().sync();
      expect(await engine().tick({ network: 'solana', token: SOL_NATIVE, priceUsd: 201 })).toHaveLength(1);
      await engine().idle();
      const [solFailed] = await positionsOf(gateway.db, grace.accountId);
      expect(solFailed).toMatchObject({
        status: 'FAILED',
        orders: [{ status: 'FAILED', txHash: null, priceSeen: '201' }],
      });
      expect(solFailed!.orders[0]!.failureReason).toMatch(/less than the 200000000 required/);
      expect(await solana.solBalance(grace.vault)).toBe(lamportsBefore);
      expect(await solana.tokenBalance(grace.vault, solana.usdcMint)).toBe(0n);
    });

    it('two workers race for one order: one claim, one swap on chain', async () => {
      const { usdc, link } = await tokens();
      await setPrice('base', 'LINK', '15');
      const carol = await trader('0', '20');
      const exit = await json(
        await carol.call('createBaseConditionalExit', {
          assetToSell: link,
          receiveToken: usdc,
          sellQuantity: 10,
          exitType: 'STOP_MARKET',
          triggerPriceUsd: '12',
          triggerDirection: 'BELOW',
        }),
      );
      expect(exit.status).toBe(200);
      const second = worker('race-second');
      await Promise.all([engine().sync(), second.sync()]);
      const nonceBefore = await (await market()).chain.publicClient.getTransactionCount({ address: carol.vault });
      // The sandbox price falls through the stop for both workers; they race for the claim.
      await setPrice('base', 'LINK', '11');
      const claims = await Promise.all([
        engine().tick({ network: 'base', token: link, priceUsd: 11 }),
        second.tick({ network: 'base', token: link, priceUsd: 11 }),
      ]);
      expect(claims.flat().filter((order) => order.positionId === exit.body.position.positionId)).toHaveLength(1);
      await Promise.all([engine().idle(), second.idle()]);
      await pass([engine(), second]);
      const order = await orderById(gateway.db, exit.body.position.orders[0].orderId);
      expect(order?.status).toBe('EXECUTED');
      expect(await balance(link, carol.vault)).toBe(10n * 10n ** 18n);
      // One approval and one swap from the vault: nothing ran twice.
      expect(
        (await (await market()).chain.publicClient.getTransactionCount({ address: carol.vault })) - nonceBefore,
      ).toBe(2);
    });

    it("a worker's next passes leave the claims it is still running alone: no release, one swap", async () => {
      const { usdc, link } = await tokens();
      await setPrice('base', 'LINK', '15');
      const henry = await trader('0', '10');
      const exit = await json(
        await henry.call('createBaseConditionalExit', {
          assetToSell: link,
          receiveToken: usdc,
          sellQuantity: 5,
          exitType: 'STOP_MARKET',
          triggerPriceUsd: '12',
          triggerDirection: 'BELOW',
        }),
      );
      const orderId = exit.body.position.orders[0].orderId as string;
      const slow = worker('slow');
      // Its swaps start only when the test says so, as a swap waiting for its blocks would.
      const engineExecutors = (slow as unknown as { executors: Record<string, SwapExecutor> }).executors;
      const real = engineExecutors.base as SwapExecutor;
      let proceed = () => {};
      const gate = new Promise<void>((resolve) => (proceed = resolve));
      engineExecutors.base = {
        reconcile: real.reconcile,
        execute: async (request, beforeBroadcast) => {
          await gate;
          return real.execute(request, beforeBroadcast);
        },
      };
      await slow.start();
      const nonceBefore = await (await market()).chain.publicClient.getTransactionCount({ address: henry.vault });
      await setPrice('base', 'LINK', '11');
      await slow.pass();
      expect(await orderById(gateway.db, orderId)).toMatchObject({
        status: 'EXECUTING',
        claimedBy: 'worker:slow',
        txHash: null,
      });
      await slow.pass();
      await slow.pass();
      expect(await orderById(gateway.db, orderId)).toMatchObject({ status: 'EXECUTING', claimedBy: 'worker:slow' });
      proceed();
      await slow.idle();
      const [position] = await positionsOf(gateway.db, henry.accountId);
      expect(position!.orders[0]).toMatchObject({ status: 'EXECUTED' });
      expect(position!.history.map((event) => event.event)).not.toContain('released');
      expect(await balance(link, henry.vault)).toBe(5n * 10n ** 18n);
      expect(
        (await (await market()).chain.publicClient.getTransactionCount({ address: henry.vault })) - nonceBefore,
      ).toBe(2);
    });

    it('crash between claim and swap, and after broadcast: the restarted worker reconciles against the chain; exactly one swap each', async () => {
      const { usdc, link } = await tokens();
      await setPrice('base', 'LINK', '15');
      const dave = await trader('0', '20');
      const place = async () =>
        (
          await json(
            await dave.call('createBaseConditionalExit', {
              assetToSell: link,
              receiveToken: usdc,
              sellQuantity: 5,
              exitType: 'STOP_MARKET',
              triggerPriceUsd: '12',
              triggerDirection: 'BELOW',
            }),
          )
        ).body.position.orders[0].orderId as string;
      const claimedOnly = await place();
      const broadcast = await place();
      const publicClient = (await market()).chain.publicClient;
      const nonceBefore = await publicClient.getTransactionCount({ address: dave.vault });
      // Worker "crashy" claims the first and dies before signing anything.
      const crashy = worker('crashy');
      await setPrice('base', 'LINK', '11');
      await crashy.claim(claimedOnly, '11');
      // It claims the second, swaps it on chain, and dies before recording the outcome (its execution never returns).
      const real = (crashy as unknown as { executors: Record<string, SwapExecutor> }).executors.base as SwapExecutor;
      const dying = new Promise<never>(() => {});
      (crashy as unknown as { executors: Record<string, SwapExecutor> }).executors.base = {
        reconcile: real.reconcile,
        execute: async (request, beforeBroadcast) => {
          await real.execute(request, beforeBroadcast);
          return dying;
        },
      };
      const claimed = await crashy.claim(broadcast, '11');
      void crashy.execute(claimed!);
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (let waited = 0; (await orderById(gateway.db, broadcast))?.txHash === null && waited < 100; waited += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      for (
        let waited = 0;
        (await publicClient.getTransactionCount({ address: dave.vault })) - nonceBefore < 2 && waited < 100;
        waited += 1
      )
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await orderById(gateway.db, broadcast)).toMatchObject({ status: 'EXECUTING', claimedBy: 'worker:crashy' });
      expect(await balance(link, dave.vault)).toBe(15n * 10n ** 18n);

      // The restart (same WORKER_ID): reconciliation first, then the released order is retried.
      const restarted = worker('crashy');
      await restarted.start();
      expect(await orderById(gateway.db, broadcast)).toMatchObject({ status: 'EXECUTED' });
      expect(await orderById(gateway.db, claimedOnly)).toMatchObject({ status: 'PENDING' });
      await pass([restarted]);
      expect(await orderById(gateway.db, claimedOnly)).toMatchObject({ status: 'EXECUTED' });
      // Exactly two sales of 5 LINK: the broadcast one was recorded, not repeated; the unsigned one ran once.
      expect(await balance(link, dave.vault)).toBe(10n * 10n ** 18n);
      // Each sale is an approval (exactly the amount) and a swap.
      expect((await publicClient.getTransactionCount({ address: dave.vault })) - nonceBefore).toBe(4);
    });
  },
);

describe.each(backendsFor(import.meta.url))('sandbox prices in live mode ($name)', (backend) => {
  const harness = useGateway(backend, { ...LIVE_SETTINGS, SVC_MASTER_KEY: newMasterKeyText() });
  it('answers 404', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/api/sandbox/prices' })).statusCode).toBe(404);
    expect(
      (
        await harness.app.inject({
          method: 'POST',
          url: '/api/sandbox/prices',
          payload: { chain: 'base', token: 'ETH', priceUsd: '1' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
