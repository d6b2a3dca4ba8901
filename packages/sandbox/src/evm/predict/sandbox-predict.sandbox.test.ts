import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Account,
  type Chain,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  type Transport,
  type WalletClient,
  zeroHash,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxEvmChain, type SandboxEvmChain } from '../sandbox-chain.js';
import { openSandboxEvmMarket } from '../sandbox-market.js';
import { usdForSell } from './fpmm.js';
import {
  BINARY_PARTITION,
  CONDITIONAL_TOKENS_ABI,
  type SandboxPredict,
  type SandboxPredictMarket,
  sandboxPredictOf,
} from './sandbox-predict.js';

describe('sandbox prediction markets on the Conditional Tokens contract', () => {
  let chain: SandboxEvmChain;
  let predict: SandboxPredict;

  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 137 });
    predict = await sandboxPredictOf(await openSandboxEvmMarket(chain));
  }, 60_000);
  afterAll(() => chain?.stop());

  /** The trader's collateral transfer to the maker, mined. */
  const pay = async (wallet: Wallet, market: SandboxPredictMarket, usd: bigint) => {
    const hash = await wallet.writeContract({
      address: predict.collateral,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [market.maker, usd],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  };
  /** Sends the trader's outcome-token transfer to the maker when the fill runs it. */
  const deliver = (wallet: Wallet, market: SandboxPredictMarket, outcomeIndex: 0 | 1, shares: bigint) => async () => {
    const hash = await wallet.writeContract({
      address: predict.ctf,
      abi: CONDITIONAL_TOKENS_ABI,
      functionName: 'safeTransferFrom',
      args: [wallet.account.address, market.maker, market.tokenIds[outcomeIndex], shares, '0x'],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  };

  it('seeds every market at its seed price with the sandbox oracle as the oracle', async () => {
    const states = await predict.states();
    for (const market of predict.markets) {
      const state = states.get(market.conditionId)!;
      expect(state.payouts).toBeNull();
      expect(state.prices[0]).toBeCloseTo(market.seed.seedYesPrice, 4);
      expect(
        await chain.publicClient.readContract({
          address: predict.ctf,
          abi: CONDITIONAL_TOKENS_ABI,
          functionName: 'getConditionId',
          args: [predict.oracle, market.questionId, 2n],
        }),
      ).toBe(market.conditionId);
    }
  });

  it('fills a BUY and a SELL on chain, moves the price, resolves and redeems', async () => {
    const trader = privateKeyToAccount(generatePrivateKey());
    const wallet = createWalletClient({ account: trader, chain: chain.chain, transport: http(chain.rpcUrl) });
    await chain.setNativeBalance(trader.address, parseEther('1'));
    await chain.mintUsdc(trader.address, parseUnits('100', 6));
    const market = predict.markets[0]!;
    const before = (await predict.states()).get(market.conditionId)!;
    const expected = await predict.quote(market, 0, 'BUY', parseUnits('50', 6));

    const payment = await wallet.writeContract({
      address: predict.collateral,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [market.maker, parseUnits('50', 6)],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: payment });
    const bought = filledOf(await predict.fillBuy(market, 0, payment, expected));
    expect(bought.shares).toBe(expected);
    await expect(predict.fillBuy(market, 0, payment, 0n)).rejects.toThrow(/already filled/);
    const shares = (id: bigint) =>
      chain.publicClient.readContract({
        address: predict.ctf,
        abi: CONDITIONAL_TOKENS_ABI,
        functionName: 'balanceOf',
        args: [trader.address, id],
      });
    expect(await shares(market.tokenIds[0])).toBe(bought.shares);
    const after = (await predict.states()).get(market.conditionId)!;
    expect(after.prices[0]).toBeGreaterThan(before.prices[0]);

    const half = bought.shares / 2n;
    const quotedSell = await predict.quote(market, 0, 'SELL', half);
    const sold = filledOf(await predict.fillSell(market, 0, deliver(wallet, market, 0, half), quotedSell));
    // The last shares bought cost the most, so half the shares sell back for a little more than half the money.
    expect(sold.usd).toBe(quotedSell);
    expect(sold.usd).toBeGreaterThan(parseUnits('25', 6));
    expect(sold.usd).toBeLessThan(parseUnits('26', 6));

    const trades = (await predict.trades()).filter((trade) => trade.trader === trader.address);
    expect(trades.map((trade) => [trade.side, trade.shares, trade.usd])).toEqual([
      ['BUY', bought.shares, parseUnits('50', 6)],
      ['SELL', half, sold.usd],
    ]);

    await predict.resolve(market, [1n, 0n]);
    expect((await predict.states()).get(market.conditionId)!.prices).toEqual([1, 0]);
    const usdc = () =>
      chain.publicClient.readContract({
        address: predict.collateral,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [trader.address],
      });
    const cash = await usdc();
    const held = await shares(market.tokenIds[0]);
    const redeem = await wallet.writeContract({
      address: predict.ctf,
      abi: CONDITIONAL_TOKENS_ABI,
      functionName: 'redeemPositions',
      args: [predict.collateral, zeroHash, market.conditionId, [...BINARY_PARTITION]],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: redeem });
    expect(await usdc()).toBe(cash + held);
  }, 60_000);

  it('refunds an order whose fill would be worse than its minimum: nothing moves net, no trade is recorded', async () => {
    const trader = privateKeyToAccount(generatePrivateKey());
    const wallet = createWalletClient({ account: trader, chain: chain.chain, transport: http(chain.rpcUrl) });
    await chain.setNativeBalance(trader.address, parseEther('1'));
    await chain.mintUsdc(trader.address, parseUnits('20', 6));
    const market = predict.markets[2]!;
    const usdc = () =>
      chain.publicClient.readContract({
        address: predict.collateral,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [trader.address],
      });
    const held = () =>
      chain.publicClient.readContract({
        address: predict.ctf,
        abi: CONDITIONAL_TOKENS_ABI,
        functionName: 'balanceOf',
        args: [trader.address, market.tokenIds[1]],
      });
    const bought = filledOf(await predict.fillBuy(market, 1, await pay(wallet, market, parseUnits('10', 6)), 0n));
    const pool = (await predict.states()).get(market.conditionId)!.pool;

    // Another trade moved the price since the quote: the quote's own shares are one more than the fill gives.
    const quote = await predict.quote(market, 1, 'BUY', parseUnits('10', 6));
    const payment = await pay(wallet, market, parseUnits('10', 6));
    const buy = await predict.fillBuy(market, 1, payment, quote + 1n);
    expect(buy).toMatchObject({ status: 'refunded', reason: expect.stringMatching(/price moved/) });
    expect(await usdc()).toBe(parseUnits('10', 6));
    expect(await held()).toBe(bought.shares);

    const quotedSell = await predict.quote(market, 1, 'SELL', bought.shares);
    const sell = await predict.fillSell(market, 1, deliver(wallet, market, 1, bought.shares), quotedSell + 1n);
    expect(sell).toMatchObject({ status: 'refunded', reason: expect.stringMatching(/price moved/) });
    expect(await held()).toBe(bought.shares);
    expect(await usdc()).toBe(parseUnits('10', 6));
    expect((await predict.states()).get(market.conditionId)!.pool).toEqual(pool);
    const trades = (await predict.trades()).filter((trade) => trade.trader === trader.address);
    expect(trades.map((trade) => [trade.side, trade.shares])).toEqual([['BUY', bought.shares]]);

    // A refunded payment is settled: it does not fill again.
    await expect(predict.fillBuy(market, 1, payment, 0n)).rejects.toThrow(/already filled/);
  }, 60_000);

  it('prices concurrent SELLs each on the pool the previous one left, counting only its own delivered shares', async () => {
    const market = predict.markets[3]!;
    const sellers = await Promise.all(
      [0, 1].map(async () => {
        const trader = privateKeyToAccount(generatePrivateKey());
        const wallet = createWalletClient({ account: trader, chain: chain.chain, transport: http(chain.rpcUrl) });
        await chain.setNativeBalance(trader.address, parseEther('1'));
        await chain.mintUsdc(trader.address, parseUnits('10', 6));
        return wallet;
      }),
    );
    const bought = [];
    for (const wallet of sellers)
      bought.push(filledOf(await predict.fillBuy(market, 0, await pay(wallet, market, parseUnits('10', 6)), 0n)));
    const [yes, no] = (await predict.states()).get(market.conditionId)!.pool;
    const [a, b] = [bought[0]!.shares, bought[1]!.shares];
    const first = usdForSell({ own: yes, other: no }, a);
    const second = usdForSell({ own: yes + a - first, other: no - first }, b);

    const sold = await Promise.all(
      sellers.map((wallet, index) => predict.fillSell(market, 0, deliver(wallet, market, 0, [a, b][index]!), 0n)),
    );
    expect(sold.map((fill) => filledOf(fill).usd)).toEqual([first, second]);
  }, 60_000);

  it('persists with the chain: pools, conditions and fills survive a restart from the state file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'svc-predict-'));
    const stateFile = path.join(dir, 'polygon-137.json');
    try {
      const first = await startSandboxEvmChain({ chainId: 137, stateFile });
      const opened = await sandboxPredictOf(await openSandboxEvmMarket(first));
      const trader = privateKeyToAccount(generatePrivateKey());
      await first.setNativeBalance(trader.address, parseEther('1'));
      await first.mintUsdc(trader.address, parseUnits('10', 6));
      const market = opened.markets[1]!;
      const wallet = createWalletClient({ account: trader, chain: first.chain, transport: http(first.rpcUrl) });
      const payment = await wallet.writeContract({
        address: opened.collateral,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [market.maker, parseUnits('10', 6)],
      });
      await first.publicClient.waitForTransactionReceipt({ hash: payment });
      filledOf(await opened.fillBuy(market, 0, payment, 0n));
      const states = await opened.states();
      await first.stop();

      const second = await startSandboxEvmChain({ chainId: 137, stateFile });
      try {
        const reopened = await sandboxPredictOf(await openSandboxEvmMarket(second));
        expect(await reopened.states()).toEqual(states);
        expect((await reopened.trades()).filter((trade) => trade.trader === trader.address)).toHaveLength(1);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

type Wallet = WalletClient<Transport, Chain, Account>;

function filledOf<Fill extends { status: 'filled' | 'refunded' }>(fill: Fill): Extract<Fill, { status: 'filled' }> {
  if (fill.status !== 'filled') throw new Error(`expected a fill, got ${JSON.stringify(fill)}`);
  return fill as Extract<Fill, { status: 'filled' }>;
}
