import { createSolanaRpc, generateKeyPairSigner, getBase64EncodedWireTransaction, signTransaction } from '@solana/kit';
import { createWalletClient, erc20Abi, http, parseAbi, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BitcoinSandboxLedger } from '../bitcoin/ledger.js';
import { OrdIndex } from '../bitcoin/ord-index/ord-index.js';
import { type SandboxEvmChain, startSandboxEvmChain } from '../evm/sandbox-chain.js';
import { type SandboxEvmChains, sandboxEvmChains } from '../evm/sandbox-evm-chains.js';
import { type SandboxSolana, startSandboxSolana } from '../solana/sandbox-solana.js';
import { SOLANA_BONK_MINT, SOLANA_USDC_MINT, SOLANA_WSOL_MINT } from '../solana/tokens.js';
import type { ExecutedTrade } from './evm-trader.js';
import { type SandboxMarketSim, startSandboxMarketSim } from './sandbox-market-sim.js';

const ROUTER = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
]);

describe('the sandbox market simulator and its index', () => {
  let base: SandboxEvmChain;
  let evm: SandboxEvmChains;
  let solana: SandboxSolana;
  let market: SandboxMarketSim;

  beforeAll(async () => {
    [base, solana] = await Promise.all([startSandboxEvmChain({ chainId: 8453 }), startSandboxSolana()]);
    evm = sandboxEvmChains({ base });
    market = await startSandboxMarketSim({ evm, solana, rate: 0 });
  }, 60_000);

  afterAll(async () => {
    await market?.stop();
    await evm?.stop();
    await Promise.all([base?.stop(), solana?.stop()]);
  });

  it('stepping N trades puts those N trades in the index, labelled, with their legs and USD values', async () => {
    expect(market.simulator.state()).toMatchObject({ running: false, rate: 0, trades: 0, chains: ['base', 'solana'] });
    const executed = await market.simulator.step(8);
    expect(executed).toHaveLength(8);
    expect(market.simulator.state()).toMatchObject({ trades: 8, failed: 0 });
    // The default seed's first eight trades land on both chains.
    expect(new Set(executed.map((trade) => trade.chain))).toEqual(new Set(['base', 'solana']));
    for (const chain of ['base', 'solana'] as const) {
      const indexed = await market.index.chain(chain).trades();
      const mine = executed.filter((trade) => trade.chain === chain);
      expect(indexed.map((trade) => trade.transactionHash)).toEqual(mine.map((trade) => trade.transactionHash));
      for (const [position, trade] of mine.entries()) expectIndexed(indexed[position]!, trade, chain);
    }
  }, 120_000);

  function expectIndexed(
    indexed: Awaited<ReturnType<ReturnType<SandboxMarketSim['index']['chain']>['trades']>>[number],
    trade: ExecutedTrade,
    chain: 'base' | 'solana',
  ) {
    expect(indexed.trader.toLowerCase()).toBe(trade.wallet.toLowerCase());
    expect(market.index.labelOf(chain, indexed.trader)?.name).toBe(trade.label);
    // Solana's native coin and wrapped SOL are one market token, named SOL.
    const symbol = (name: string) => (name === 'WSOL' ? 'SOL' : name);
    expect(indexed.sold.symbol).toBe(symbol(trade.sold.symbol));
    expect(indexed.bought.symbol).toBe(symbol(trade.bought.symbol));
    expect(indexed.sold.amount).toBeGreaterThan(0);
    expect(indexed.bought.amount).toBeGreaterThan(0);
    // The wallet sold the intended USD size at the price just before its trade: the index values it at that price.
    expect(indexed.valueUsd).toBeCloseTo(trade.sizeUsd!, 0);
    expect(Math.abs(indexed.timestamp - Date.now())).toBeLessThan(120_000);
  }

  it('a swap by a key the simulator does not run appears at once, unlabelled; holders follow transfers', async () => {
    const baseMarket = await evm.evm(8453);
    const caller = privateKeyToAccount(generatePrivateKey());
    const friend = privateKeyToAccount(generatePrivateKey());
    const usdc = baseMarket.token('USDC')!;
    const link = baseMarket.token('LINK')!;
    await baseMarket.fund(caller.address, usdc, parseUnits('1000', 6));
    await base.setNativeBalance(caller.address, parseUnits('1', 18));
    const client = createWalletClient({ account: caller, chain: base.chain, transport: http(base.rpcUrl) });
    const mined = async (hash: Promise<`0x${string}`>) =>
      expect((await base.publicClient.waitForTransactionReceipt({ hash: await hash })).status).toBe('success');
    await mined(
      client.writeContract({
        address: usdc.address!,
        abi: erc20Abi,
        functionName: 'approve',
        args: [baseMarket.router, parseUnits('1000', 6)],
      }),
    );
    const swap = client.writeContract({
      address: baseMarket.router,
      abi: ROUTER,
      functionName: 'swapExactTokensForTokens',
      args: [parseUnits('150', 6), 1n, [usdc.address!, link.address!], caller.address, 2n ** 40n],
    });
    await mined(swap);
    const hash = await swap;
    const trades = await market.index.chain('base').trades();
    const found = trades.find((trade) => trade.transactionHash === hash)!;
    expect(found).toMatchObject({ trader: caller.address, sold: { symbol: 'USDC', amount: 150 } });
    expect(found.bought.symbol).toBe('LINK');
    expect(found.valueUsd).toBe(150);
    expect(market.index.labelOf('base', caller.address)).toBeUndefined();

    const bought = (await market.index.chain('base').holders(link.address!)).find(
      (holder) => holder.address === caller.address,
    )!;
    expect(bought.balance).toBe(found.bought.amount);
    await mined(
      client.writeContract({
        address: link.address!,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [friend.address, parseUnits('1', 18)],
      }),
    );
    const holders = await market.index.chain('base').holders(link.address!);
    expect(holders.find((holder) => holder.address === friend.address)?.balance).toBe(1);
    expect(holders.find((holder) => holder.address === caller.address)?.balance).toBeCloseTo(bought.balance - 1, 9);
    // The pools hold the most LINK: largest first.
    expect(holders[0]!.balance).toBeGreaterThan(holders[holders.length - 1]!.balance);
    const balances = await market.index.chain('base').balances(friend.address);
    expect(balances.map((entry) => [entry.token.symbol, entry.balance])).toEqual([['LINK', 1]]);
    // Prices follow the swaps: LINK's price now is its pool's, and earlier it was the seeded one.
    const [linkNow] = (await market.index.chain('base').tokens()).filter((token) => token.symbol === 'LINK');
    expect(linkNow!.priceUsd).toBeCloseTo(await baseMarket.tokenPriceUsd('LINK'), 9);
    expect(await market.index.chain('base').priceUsdAt(link.address!, 0)).toBeCloseTo(15, 9);
  }, 60_000);

  it('a venue swap by a Solana key the simulator does not run appears at once, unlabelled, and holds its tokens', async () => {
    const caller = await generateKeyPairSigner();
    await solana.airdrop(caller.address, 1_000_000_000n);
    await solana.mintUsdc(caller.address, 250_000_000n);
    const quote = await solana.venue.quoteExactIn(SOLANA_USDC_MINT, SOLANA_BONK_MINT, 250_000_000n);
    const { transaction } = await solana.venue.swapTransaction(quote, caller.address, quote.outAmount);
    const signed = await signTransaction([caller.keyPair], transaction);
    const signature = await createSolanaRpc(solana.rpcUrl)
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send();

    const index = market.index.chain('solana');
    const found = (await index.trades()).find((trade) => trade.transactionHash === signature)!;
    expect(found).toMatchObject({
      trader: caller.address,
      sold: { address: SOLANA_USDC_MINT, symbol: 'USDC', amount: 250 },
      bought: { address: SOLANA_BONK_MINT, symbol: 'BONK', amount: Number(quote.outAmount) / 1e5 },
      valueUsd: 250,
    });
    expect(market.index.labelOf('solana', caller.address)).toBeUndefined();
    const holders = await index.holders(SOLANA_BONK_MINT);
    expect(holders.find((holder) => holder.address === caller.address)?.balance).toBe(found.bought.amount);
    const balances = await index.balances(caller.address);
    expect(balances.map((entry) => entry.token.symbol).sort()).toEqual(['BONK', 'SOL']);
    expect(balances.find((entry) => entry.token.address === SOLANA_WSOL_MINT)!.balance).toBeGreaterThan(0.99);
    const bonk = (await index.tokens()).find((token) => token.address === SOLANA_BONK_MINT)!;
    expect(bonk.priceUsd).toBeCloseTo(await solana.tokenPriceUsd(SOLANA_BONK_MINT), 12);
  }, 60_000);

  it('after a sandbox reset the index starts over', async () => {
    expect((await market.index.chain('solana').trades()).length).toBeGreaterThan(0);
    await Promise.all([evm.reset(), solana.reset()]);
    market.reset();
    expect(await market.index.chain('base').trades()).toEqual([]);
    expect(await market.index.chain('solana').trades()).toEqual([]);
    const [after] = await market.simulator.step(1);
    expect(after).toBeDefined();
    expect(
      (await market.index.chain(after!.chain as 'base' | 'solana').trades()).map((t) => t.transactionHash),
    ).toEqual([after!.transactionHash]);
  }, 60_000);

  it('with the Bitcoin ledger, every fourth step is a marketplace sale there, counted in its state', async () => {
    const ledger = new BitcoinSandboxLedger();
    const withBitcoin = await startSandboxMarketSim({ evm, solana, rate: 0, bitcoin: ledger, seed: 'bitcoin-leg' });
    try {
      expect(withBitcoin.simulator.state().chains).toContain('bitcoin');
      const executed = await withBitcoin.simulator.step(4);
      expect(executed.map((trade) => trade.chain === 'bitcoin')).toEqual([false, false, false, true]);
      expect(withBitcoin.simulator.state()).toMatchObject({ trades: 4, failed: 0 });
      const sale = executed[3]!;
      const index = new OrdIndex(ledger);
      const recorded = [...index.runeSales(), ...index.inscriptionSales()];
      expect(recorded).toMatchObject([{ txid: sale.transactionHash, buyer: sale.wallet, priceSats: sale.sold.atomic }]);
    } finally {
      await withBitcoin.stop();
    }
  }, 120_000);
});
