import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { sandboxAsset } from '@svc/sandbox';
import { createSolanaRpc, type Signature } from '@solana/kit';
import { erc20Abi, getAddress, parseUnits, type Address, type Hash } from 'viem';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, usdcOf, useSandboxGateway } from './harness.js';

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
/** Status reads an exchange or request needs at most to reach a final state (one state per read). */
const MAX_STATUS_READS = 8;

describe.each(backendsFor(import.meta.url))('cross-chain swaps through REST with SIWX + x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(backend, {}, { masterKey });
  const fund = async (address: string, chain: string, token: string, amount: string) => {
    const res = await gateway.faucet({ address, chain, token, amount });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  /** A signed-in paying wallet with USDC for many calls, and its account's vault addresses. */
  const caller = async () => {
    const wallet = await fundedWallet(gateway, UNCAPPED);
    await fund(wallet.account.address, 'base', 'BASE_USDC', '10');
    const info = await json(await wallet.call('wallet', {}));
    return {
      ...wallet,
      evm: getAddress(info.vault.networks.base.address),
      solana: info.vault.networks.solana.address as string,
    };
  };
  const erc20Balance = async (chainId: number, token: Address, owner: Address) =>
    (await gateway.sandbox.evm(chainId)).chain.publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
  const landedOnEvm = async (chainId: number, hash: string) =>
    (await (await gateway.sandbox.evm(chainId)).chain.publicClient.getTransactionReceipt({ hash: hash as Hash }))
      .status;
  /** Reads the status until it is final, collecting every state seen (one state per read). */
  const followStatus = async (read: () => Promise<Response>, final: readonly string[]) => {
    const seen: string[] = [];
    let state: Record<string, unknown> = {};
    for (let reads = 0; reads < MAX_STATUS_READS && !final.includes(seen.at(-1) ?? ''); reads++) {
      state = await json(await read());
      seen.push(state.status as string);
    }
    return { seen, state };
  };
  const advanceOperatorClock = async (seconds: number) => {
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/sandbox/cross-chain/advance',
      payload: { seconds },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ clockAheadSeconds: number }>();
  };

  it('bridge: USDC on Base to SOL on Solana walks the exchange states to finished, the payout landing on the vault', async () => {
    const alice = await caller();
    const base = await gateway.sandbox.evm(8453);
    const usdc = base.token('USDC')!.address!;
    await fund(alice.evm, 'base', 'USDC', '100');
    await fund(alice.evm, 'base', 'ETH', '0.05');

    const listed = await json(await alice.call('getBridgeSupportedCurrencies', { networks: ['base', 'sol'] }));
    expect(listed.source).toBe('sandbox');
    expect(listed.currencies).toContainEqual({
      ticker: 'usdcbase',
      currency: 'usdc',
      name: 'USD Coin',
      network: 'base',
      tokenContract: usdc,
    });
    expect(listed.currencies).toContainEqual(
      expect.objectContaining({ ticker: 'sol', network: 'sol', tokenContract: null }),
    );
    expect(listed.currencies.every((currency: { network: string }) => ['base', 'sol'].includes(currency.network))).toBe(
      true,
    );

    const quote = await json(
      await alice.call('getBridgeSwapQuote', { fromTicker: 'usdcbase', toTicker: 'sol', fromAmount: 30 }),
    );
    const solPrice = await gateway.sandbox.solana.tokenPriceUsd('SOL');
    expect(quote).toMatchObject({ fromAmount: '30', belowMinimum: false, estimatedSeconds: 300 });
    // Sandbox prices less the operator's 0.5 % fee.
    expect(Number(quote.toAmount)).toBeCloseTo((30 / solPrice) * 0.995, 6);
    expect(Number(quote.minAmount)).toBeCloseTo(5, 6);

    const solBefore = await gateway.sandbox.solana.solBalance(alice.solana);
    const swap = await json(
      await alice.call('swapUsingBridge', {
        fromCurrency: 'usdc',
        toCurrency: 'sol',
        fromNetwork: 'base',
        toNetwork: 'sol',
        fromAmount: 30,
        fromCurrencyTokenContract: usdc,
      }),
    );
    expect(swap).toMatchObject({
      source: 'sandbox',
      fromAmount: '30',
      payoutAddress: alice.solana,
      refundAddress: alice.evm,
    });
    expect(await landedOnEvm(8453, swap.payinHash)).toBe('success');
    expect(await erc20Balance(8453, usdc, swap.payinAddress)).toBe(parseUnits('30', 6));
    expect(await erc20Balance(8453, usdc, alice.evm)).toBe(parseUnits('70', 6));

    const { seen, state } = await followStatus(
      () => alice.call('getBridgeTransactionStatus', { transactionId: swap.transactionId }),
      ['finished', 'failed', 'refunded'],
    );
    expect(seen).toEqual(['waiting', 'confirming', 'exchanging', 'sending', 'finished']);
    expect(state).toMatchObject({
      id: swap.transactionId,
      fromCurrency: 'usdc',
      fromNetwork: 'base',
      toCurrency: 'sol',
      toNetwork: 'sol',
      amountFrom: '30',
      amountTo: swap.expectedAmountTo,
      payinHash: swap.payinHash,
      refundHash: null,
    });
    // Both transactions are on chain, and the vault received the quoted amount.
    const [payout] = (
      await createSolanaRpc(gateway.sandbox.solana.rpcUrl)
        .getSignatureStatuses([state.payoutHash as Signature])
        .send()
    ).value;
    expect(payout?.err).toBeNull();
    const received = (await gateway.sandbox.solana.solBalance(alice.solana)) - solBefore;
    expect(received).toBe(parseUnits(swap.expectedAmountTo, 9));
    expect(Number(swap.expectedAmountTo)).toBeCloseTo(Number(quote.toAmount), 6);
  });

  it('bridge: USDC on Base to HBAR on the Hedera ledger, paid out by a signed transfer to the vault alias', async () => {
    const alice = await caller();
    const info = await json(await alice.call('wallet', {}));
    const hederaAlias = info.vault.networks.hedera.evmAddress as string;
    const usdc = (await gateway.sandbox.evm(8453)).token('USDC')!.address!;
    await fund(alice.evm, 'base', 'USDC', '10');
    await fund(alice.evm, 'base', 'ETH', '0.05');
    const listed = await json(await alice.call('getBridgeSupportedCurrencies', { networks: ['hbar'], query: 'hbar' }));
    expect(listed.currencies).toContainEqual({
      ticker: 'hbar',
      currency: 'hbar',
      name: 'Hedera',
      network: 'hbar',
      tokenContract: null,
    });
    const swap = await json(
      await alice.call('swapUsingBridge', {
        fromCurrency: 'usdc',
        toCurrency: 'hbar',
        fromNetwork: 'base',
        toNetwork: 'hbar',
        fromAmount: 10,
        fromCurrencyTokenContract: usdc,
      }),
    );
    // About $0.25 an HBAR on the seeded pools, less the 0.5 % fee.
    expect(Number(swap.expectedAmountTo)).toBeCloseTo((10 / 0.25) * 0.995, 0);
    const { seen, state } = await followStatus(
      () => alice.call('getBridgeTransactionStatus', { transactionId: swap.transactionId }),
      ['finished', 'failed', 'refunded'],
    );
    expect(seen.at(-1)).toBe('finished');
    const ledger = await gateway.sandbox.hedera();
    expect(ledger.transaction(state.payoutHash as string)).toBeDefined();
    expect(ledger.account(hederaAlias)?.tinybar).toBe(parseUnits(swap.expectedAmountTo, 8));
  });

  it('bridge: USDC on Base to BTC on the Bitcoin ledger, paid out by a signed transaction to the vault', async () => {
    const alice = await caller();
    const info = await json(await alice.call('wallet', {}));
    const btcAddress = info.vault.networks.bitcoin.segwit.address as string;
    const usdc = (await gateway.sandbox.evm(8453)).token('USDC')!.address!;
    await fund(alice.evm, 'base', 'USDC', '10');
    await fund(alice.evm, 'base', 'ETH', '0.05');
    const swap = await json(
      await alice.call('swapUsingBridge', {
        fromCurrency: 'usdcbase',
        toCurrency: 'btc',
        fromNetwork: 'base',
        toNetwork: 'btc',
        fromAmount: 10,
        fromCurrencyTokenContract: usdc,
      }),
    );
    expect(swap.payoutAddress).toBe(btcAddress);
    const { seen, state } = await followStatus(
      () => alice.call('getBridgeTransactionStatus', { transactionId: swap.transactionId }),
      ['finished', 'failed', 'refunded'],
    );
    expect(seen.at(-1)).toBe('finished');
    const { ledger } = gateway.sandbox.bitcoin;
    expect(ledger.transaction(state.payoutHash as string)).toBeDefined();
    expect(ledger.balanceOf(btcAddress)).toBe(parseUnits(swap.expectedAmountTo, 8));
  });

  it('router: ETH on Ethereum to USDC on the altchain is deposited by the vault and filled by the solver', async () => {
    const alice = await caller();
    await fund(alice.evm, 'ethereum', 'ETH', '1');
    const altUsdc = (await gateway.sandbox.evm(4663)).token('USDC')!.address!;

    const listed = await json(await alice.call('getRouterSupportedCurrencies', { networks: ['eth', 'alt'] }));
    const eth = listed.currencies.find(
      (currency: { network: string; tokenContract: null }) =>
        currency.network === 'eth' && currency.tokenContract === null,
    );
    const usdc = listed.currencies.find(
      (currency: { network: string; ticker: string }) => currency.network === 'alt' && currency.ticker === 'USDC',
    );
    expect(eth).toEqual({
      ticker: 'ETH',
      name: 'ETH (Ethereum)',
      network: 'eth',
      chainId: 1,
      address: '0x0000000000000000000000000000000000000000',
      decimals: 18,
      tokenContract: null,
    });
    expect(usdc).toMatchObject({ chainId: 4663, decimals: 6, tokenContract: altUsdc });

    const body = { fromCurrency: eth, toCurrency: usdc, fromAmount: 0.1 };
    const quote = await json(await alice.call('getRouterSwapQuote', body));
    const ethPrice = await (await gateway.sandbox.evm(1)).tokenPriceUsd('ETH');
    const altUsdcPrice = await (await gateway.sandbox.evm(4663)).tokenPriceUsd('USDC');
    expect(Number(quote.toAmount)).toBeCloseTo(((0.1 * ethPrice) / altUsdcPrice) * 0.997, 4);
    expect(quote.steps).toEqual([expect.objectContaining({ id: 'deposit', transactions: 1 })]);

    const usdcBefore = await erc20Balance(4663, altUsdc, alice.evm);
    const swap = await json(await alice.call('swapUsingRouter', body));
    expect(swap).toMatchObject({
      source: 'sandbox',
      status: 'waiting',
      recipient: alice.evm,
      toAmount: quote.toAmount,
    });
    expect(swap.transactions).toEqual([
      { step: 'deposit', chainId: 1, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    ]);
    expect(await landedOnEvm(1, swap.transactions[0].txHash)).toBe('success');

    const { seen, state } = await followStatus(
      () => alice.call('getRouterTransactionStatus', { requestId: swap.requestId }),
      ['success', 'failure', 'refund'],
    );
    expect(seen).toEqual(['pending', 'success']);
    expect(state).toMatchObject({
      requestId: swap.requestId,
      inTxHashes: [swap.transactions[0].txHash],
      originChainId: 1,
      destinationChainId: 4663,
    });
    expect(await landedOnEvm(4663, (state.txHashes as string[])[0]!)).toBe('success');
    expect((await erc20Balance(4663, altUsdc, alice.evm)) - usdcBefore).toBe(parseUnits(swap.toAmount, 6));
  });

  it('refuses before payment and moves nothing: below the minimum, an unknown pair, more than the vault holds', async () => {
    const alice = await caller();
    const base = await gateway.sandbox.evm(8453);
    const usdc = base.token('USDC')!.address!;
    await fund(alice.evm, 'base', 'USDC', '3');
    await fund(alice.evm, 'base', 'ETH', '0.05');
    const paidBefore = await usdcOf(gateway.sandbox, alice.account.address);
    const swap = {
      fromCurrency: 'usdc',
      toCurrency: 'sol',
      fromNetwork: 'base',
      toNetwork: 'sol',
      fromCurrencyTokenContract: usdc,
    };

    const below = await json(await alice.call('swapUsingBridge', { ...swap, fromAmount: 2 }), 400);
    expect(below.issues).toEqual([expect.objectContaining({ field: 'fromAmount', rule: 'below_minimum' })]);
    const unknown = await json(await alice.call('swapUsingBridge', { ...swap, toNetwork: 'hbar', fromAmount: 2 }), 400);
    expect(unknown.issues).toEqual([expect.objectContaining({ field: 'toCurrency', rule: 'unknown_currency' })]);
    const tooMuch = await json(await alice.call('swapUsingBridge', { ...swap, fromAmount: 10 }), 400);
    expect(tooMuch.issues).toEqual([expect.objectContaining({ field: 'fromAmount', rule: 'insufficient_funds' })]);

    const currencies = (await json(await alice.call('getRouterSupportedCurrencies', { networks: ['base', 'sol'] })))
      .currencies as { network: string; ticker: string }[];
    const router = {
      fromCurrency: currencies.find((currency) => currency.network === 'base' && currency.ticker === 'USDC'),
      toCurrency: currencies.find((currency) => currency.network === 'sol' && currency.ticker === 'SOL'),
    };
    const routerBelow = await json(await alice.call('swapUsingRouter', { ...router, fromAmount: 0.5 }), 400);
    expect(routerBelow.issues).toEqual([expect.objectContaining({ field: 'fromAmount', rule: 'below_minimum' })]);

    // One paid read above (the router list); the refused swaps cost nothing.
    expect(await erc20Balance(8453, usdc, alice.evm)).toBe(parseUnits('3', 6));
    expect(paidBefore - (await usdcOf(gateway.sandbox, alice.account.address))).toBe(parseUnits('0.0934', 6));
  });

  it('the error paths: a payin below the minimum is refunded, no payin fails, a deposit that does not match fails', async () => {
    const { bridge, router } = gateway.sandbox.crossChain;
    const usdc = sandboxAsset('base', (await gateway.sandbox.evm(8453)).token('USDC')!.address!)!;
    const sol = sandboxAsset('sol', null)!;
    const refundTo = getAddress(`0x${'1d'.repeat(20)}`);
    const payout = '11111111111111111111111111111112';
    const advanceTo = async (advance: () => Promise<{ status: string } | undefined>, final: readonly string[]) => {
      let status = '';
      for (let step = 0; step < MAX_STATUS_READS && !final.includes(status); step++) status = (await advance())!.status;
      return status;
    };

    const small = await bridge.create({
      from: usdc,
      to: sol,
      fromAtomic: parseUnits('10', 6),
      payoutAddress: payout,
      refundAddress: refundTo,
    });
    await fund(small.payinAddress, 'base', 'USDC', '1');
    expect(await advanceTo(() => bridge.advance(small.id), ['finished', 'failed', 'refunded'])).toBe('refunded');
    expect(small).toMatchObject({
      amountFromAtomic: parseUnits('1', 6),
      payoutHash: null,
      reason: expect.stringContaining('minimum'),
    });
    expect(await erc20Balance(8453, usdc.address as Address, refundTo)).toBe(parseUnits('1', 6));

    const unpaid = await bridge.create({
      from: usdc,
      to: sol,
      fromAtomic: parseUnits('10', 6),
      payoutAddress: payout,
      refundAddress: refundTo,
    });
    await advanceOperatorClock(601);
    expect(await advanceTo(() => bridge.advance(unpaid.id), ['finished', 'failed', 'refunded'])).toBe('failed');
    expect(unpaid).toMatchObject({ amountFromAtomic: null, refundHash: null, payoutHash: null });
    // A payin that lands after the exchange failed is still refunded (the route's step finds it).
    const refundedBefore = await erc20Balance(8453, usdc.address as Address, refundTo);
    await fund(unpaid.payinAddress, 'base', 'USDC', '10');
    await advanceOperatorClock(0);
    expect(unpaid).toMatchObject({
      status: 'refunded',
      amountFromAtomic: parseUnits('10', 6),
      payoutHash: null,
      reason: expect.stringContaining('after the exchange expired'),
    });
    expect(await landedOnEvm(8453, unpaid.refundHash!)).toBe('success');
    expect((await erc20Balance(8453, usdc.address as Address, refundTo)) - refundedBefore).toBe(parseUnits('10', 6));

    const eth = sandboxAsset('eth', null)!;
    const request = await router.quote({
      user: refundTo,
      recipient: refundTo,
      from: eth,
      to: sandboxAsset('alt', null)!,
      fromAtomic: parseUnits('0.01', 18),
    });
    // Reported with a transaction that is not its deposit (a USDC funding on Ethereum).
    const ethereum = await gateway.sandbox.evm(1);
    const unrelated = await ethereum.fund(refundTo, ethereum.token('USDC')!, 1n);
    expect(router.indexDeposit(request.requestId, unrelated!)).toBe(true);
    expect(await advanceTo(() => router.advance(request.requestId), ['success', 'failure', 'refund'])).toBe('failure');
    expect(request.fillHash).toBeNull();
  });

  it('bridge: a payin confirmed after the quoted rate expired is refunded on chain to the vault', async () => {
    const alice = await caller();
    const usdc = (await gateway.sandbox.evm(8453)).token('USDC')!.address!;
    await fund(alice.evm, 'base', 'USDC', '20');
    await fund(alice.evm, 'base', 'ETH', '0.05');
    const swap = await json(
      await alice.call('swapUsingBridge', {
        fromCurrency: 'usdcbase',
        toCurrency: 'sol',
        fromNetwork: 'base',
        toNetwork: 'sol',
        fromAmount: 20,
        fromCurrencyTokenContract: usdc,
      }),
    );
    expect(await erc20Balance(8453, usdc, alice.evm)).toBe(0n);
    const { paths } = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(paths['/api/sandbox/cross-chain/advance']?.post?.operationId).toBe('advanceSandboxCrossChain');
    const before = await advanceOperatorClock(0);
    // The rate holds 600 s; the operator's clock moves past it before the payin is confirmed.
    expect((await advanceOperatorClock(601)).clockAheadSeconds).toBe(before.clockAheadSeconds + 601);

    const { seen, state } = await followStatus(
      () => alice.call('getBridgeTransactionStatus', { transactionId: swap.transactionId }),
      ['finished', 'failed', 'refunded'],
    );
    expect(seen.at(-1)).toBe('refunded');
    expect(seen).not.toContain('exchanging');
    expect(state).toMatchObject({ payoutHash: null, amountFrom: '20', amountTo: null, refundAddress: alice.evm });
    expect(await landedOnEvm(8453, state.refundHash as string)).toBe('success');
    expect(await erc20Balance(8453, usdc, alice.evm)).toBe(parseUnits('20', 6));
  });
});

describe.each(backendsFor(import.meta.url))('the bridge with its live provider not configured ($name)', (backend) => {
  // Live for ChangeNOW only (PROVIDERS_LIVE) without CHANGENOW_API_KEY: the tools say what is missing.
  const gateway = useSandboxGateway(backend, { PROVIDERS_LIVE: 'CHANGENOW_API_KEY' }, { masterKey });

  it('answers 503 naming CHANGENOW_API_KEY, charging nothing, for a read and for a swap', async () => {
    const carol = await fundedWallet(gateway);
    const swap = {
      fromCurrency: 'usdc',
      toCurrency: 'sol',
      fromNetwork: 'base',
      toNetwork: 'sol',
      fromAmount: 10,
      fromCurrencyTokenContract: null,
    };
    for (const [tool, body] of [
      ['getBridgeSupportedCurrencies', { networks: [] }],
      ['swapUsingBridge', swap],
    ] as const) {
      const res = await carol.call(tool, body);
      expect(res.status).toBe(503);
      expect(res.headers.get('payment-response')).toBeNull();
      expect(await res.json()).toMatchObject({ code: 'not_configured', setting: 'CHANGENOW_API_KEY' });
    }
  });
});
