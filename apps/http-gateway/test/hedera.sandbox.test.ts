import { HBAR, longZeroAddressOf } from '@svc/chains';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

const USDC = '0.0.456858';
const SAUCE = '0.0.731861';

describe.each(backendsFor(import.meta.url))(
  'Hedera tools through REST with SIWX + x402 on the sandbox ledger ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    /** On-ledger balance of an address (alias or id): what the chain itself holds, not what a tool says. */
    const onLedger = async (address: string, asset = HBAR) => {
      const account = (await gateway.sandbox.hedera()).account(address);
      return asset === HBAR ? (account?.tinybar ?? 0n) : (account?.tokens.get(asset) ?? 0n);
    };

    it('GET /api/sandbox describes the Hedera ledger; the faucet funds HBAR and tokens by symbol, id or EVM address', async () => {
      const { chains } = await json(await fetch(`${gateway.url}/api/sandbox`));
      const hedera = chains.find((chain: { chain: string }) => chain.chain === 'hedera');
      expect(hedera).toMatchObject({
        network: 'hedera:mainnet',
        rpcUrl: null,
        nativeSymbol: 'HBAR',
        swapRouter: '0.0.3045981',
      });
      expect(hedera.tokens).toEqual(
        expect.arrayContaining([
          { symbol: 'HBAR', decimals: 8, address: null },
          { symbol: 'USDC', decimals: 6, address: USDC, evmAddress: longZeroAddressOf(USDC) },
        ]),
      );
      expect(hedera.pools.map((pool: { tokens: string[] }) => pool.tokens.join('/'))).toEqual(
        expect.arrayContaining(['HBAR/USDC', 'HBAR/SAUCE', 'USDC/SAUCE']),
      );

      const wallet = privateKeyToAddress(generatePrivateKey());
      const funded = await json(await gateway.faucet({ address: wallet, chain: 'hedera', token: 'HBAR', amount: '3' }));
      expect(funded).toMatchObject({
        chain: 'hedera',
        token: 'HBAR',
        atomic: '300000000',
        accountId: expect.stringMatching(/^0\.0\.\d+$/),
        transaction: expect.stringMatching(/^0\.0\.2@\d+\.\d+$/),
      });
      await json(await gateway.faucet({ address: funded.accountId, chain: 'hedera', token: USDC, amount: '1.5' }));
      await json(
        await gateway.faucet({ address: wallet, chain: 'hedera', token: longZeroAddressOf(SAUCE), amount: '2' }),
      );
      expect([await onLedger(wallet), await onLedger(wallet, USDC), await onLedger(wallet, SAUCE)]).toEqual([
        300_000_000n,
        1_500_000n,
        2_000_000n,
      ]);
      expect(
        await json(
          await gateway.faucet({ address: 'not-an-address', chain: 'hedera', token: 'HBAR', amount: '1' }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'address' }] });
      expect(
        await json(await gateway.faucet({ address: wallet, chain: 'hedera', token: 'DOGE', amount: '1' }), 400),
      ).toMatchObject({ issues: [{ field: 'token', rule: 'unknown_token' }] });
    }, 60_000);

    it('sends HBAR and tokens from the vault (its account created on the first send), moving exactly the amount; refusals move nothing', async () => {
      const alice = await fundedWallet(gateway, UNCAPPED);
      const empty = await json(await alice.call('hederaGetBalances', {}));
      expect(empty).toMatchObject({
        network: 'hedera:mainnet',
        accountId: null,
        balances: [{ symbol: 'HBAR', tokenId: null, balanceUnits: '0', balance: '0' }],
      });
      const vault: string = empty.evmAddress;
      const recipient = privateKeyToAddress(generatePrivateKey());

      // No account yet: a clear 400 saying how to fund it.
      expect(await json(await alice.call('hederaNativeSend', { to: recipient, amount: '1' }), 400)).toMatchObject({
        issues: [{ field: 'amount', rule: 'insufficient_funds' }],
      });

      await json(await gateway.faucet({ address: vault, chain: 'hedera', token: 'HBAR', amount: '20' }));
      await json(await gateway.faucet({ address: vault, chain: 'hedera', token: 'USDC', amount: '10' }));
      const balances = await json(await alice.call('hederaGetBalances', {}));
      expect(balances.balances).toEqual([
        { symbol: 'HBAR', tokenId: null, decimals: 8, balanceUnits: '20', balance: '20' },
        { symbol: 'USDC', tokenId: USDC, decimals: 6, balanceUnits: '10', balance: '10' },
      ]);

      const before = { vault: await onLedger(vault), recipient: await onLedger(recipient) };
      const first = await json(await alice.call('hederaNativeSend', { to: recipient, amount: '2.5' }));
      expect(first).toMatchObject({
        status: 'SUCCESS',
        sourceAccountCreated: true,
        from: { accountId: balances.accountId, evmAddress: vault.toLowerCase() },
        amountUnits: '250000000',
      });
      const fee = BigInt(first.feeTinybars);
      expect(await onLedger(recipient)).toBe(before.recipient + 250_000_000n);
      expect(await onLedger(vault)).toBe(before.vault - 250_000_000n - fee);
      // The account now has the vault's key: the next send is an ordinary one.
      expect(
        (await json(await alice.call('hederaNativeSend', { to: recipient, amount: '0.00000001' })))
          .sourceAccountCreated,
      ).toBe(false);
      expect(await onLedger(recipient)).toBe(before.recipient + 250_000_001n);

      const usdcBefore = { vault: await onLedger(vault, USDC), recipient: await onLedger(recipient, USDC) };
      const tokenSend = await json(
        await alice.call('hederaERC20TokenSend', { to: recipient, amount: '1.25', token: longZeroAddressOf(USDC) }),
      );
      expect(tokenSend).toMatchObject({ status: 'SUCCESS', symbol: 'USDC', tokenId: USDC, amountUnits: '1250000' });
      expect(await onLedger(recipient, USDC)).toBe(usdcBefore.recipient + 1_250_000n);
      expect(await onLedger(vault, USDC)).toBe(usdcBefore.vault - 1_250_000n);

      // Refusals: each a clear 4xx naming the field, and nothing moves.
      const snapshot = async () => [
        await onLedger(vault),
        await onLedger(vault, USDC),
        await onLedger(recipient),
        await onLedger(recipient, USDC),
      ];
      const unchanged = await snapshot();
      const refusals: [string, unknown, string, string][] = [
        ['hederaNativeSend', { to: recipient, amount: '1000' }, 'amount', 'insufficient_funds'],
        [
          'hederaERC20TokenSend',
          { to: recipient, amount: '500', token: longZeroAddressOf(USDC) },
          'amount',
          'insufficient_funds',
        ],
        [
          'hederaERC20TokenSend',
          { to: recipient, amount: '1', token: longZeroAddressOf('0.0.99999') },
          'token',
          'unknown_token',
        ],
        ['hederaNativeSend', { to: longZeroAddressOf('0.0.777777'), amount: '1' }, 'to', 'not_found'],
        ['hederaNativeSend', { amount: '1' }, 'to', 'required'],
        ['hederaNativeSend', { to: recipient, amount: '0.000000001' }, 'amount', 'precision'],
      ];
      for (const [tool, body, field, rule] of refusals) {
        expect(await json(await alice.call(tool, body), 400), `${tool} ${JSON.stringify(body)}`).toMatchObject({
          code: 'invalid_input',
          issues: [{ field, rule }],
        });
      }
      // A malformed address is refused by the schema, before any payment.
      expect(await json(await gateway.call('hederaNativeSend', { to: '0x1234', amount: '1' }), 400)).toMatchObject({
        issues: [{ field: 'to' }],
      });
      expect(await snapshot()).toEqual(unchanged);

      expect(
        await json(await alice.call('hederaAccountIdToEvmAddress', { address: balances.accountId })),
      ).toMatchObject({
        accountId: balances.accountId,
        evmAddress: vault.toLowerCase(),
        source: 'Sandbox Hedera ledger',
        asOf: expect.any(String),
      });
      expect(await json(await alice.call('hederaAccountIdToEvmAddress', { address: '0.0.777777' }), 404)).toMatchObject(
        { code: 'not_found' },
      );
      const found = await json(await alice.call('hederaFindTokens', { query: 'usd' }));
      expect(found.tokens).toEqual([
        { tokenId: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6, evmAddress: longZeroAddressOf(USDC) },
      ]);
      expect((await json(await alice.call('hederaFindTokens', {}))).tokens.length).toBeGreaterThanOrEqual(3);
    }, 90_000);

    it('swaps within the account slippage of its quote, HBAR to token and token to HBAR; an unknown token moves nothing', async () => {
      const bob = await fundedWallet(gateway, UNCAPPED);
      const { evmAddress: vault } = await json(await bob.call('hederaGetBalances', {}));
      await json(await gateway.faucet({ address: vault, chain: 'hedera', token: 'HBAR', amount: '100' }));
      await json(await bob.call('setSlippageSettings', { swapSlippage: 0.5, pumpSlippage: 10 }));

      const quote = await json(
        await bob.call('hederaTokensSwapQuote', {
          fromTokenId: '0.0.000000',
          toTokenId: USDC,
          fromTokenDecimals: 8,
          toTokenDecimals: 6,
          amount: '40',
        }),
      );
      expect(quote).toMatchObject({
        venue: 'SaucerSwap V1',
        route: ['0.0.0', USDC],
        amountIn: '40',
        amountInUnits: '4000000000',
      });
      const usdcBefore = await onLedger(vault, USDC);
      const hbarBefore = await onLedger(vault);
      const swap = await json(
        await bob.call('hederaTokensSwap', {
          fromTokenId: '0.0.000000',
          toTokenId: USDC,
          amount: '40',
          useNative: true,
        }),
      );
      const filled = BigInt(swap.amountOutUnits);
      expect(swap).toMatchObject({
        status: 'SUCCESS',
        slippagePercent: 0.5,
        quotedAmountOutUnits: quote.amountOutUnits,
      });
      expect(BigInt(swap.amountOutMinUnits)).toBe((BigInt(quote.amountOutUnits) * 9950n) / 10_000n);
      expect(filled).toBeGreaterThanOrEqual(BigInt(swap.amountOutMinUnits));
      expect(await onLedger(vault, USDC)).toBe(usdcBefore + filled);
      expect(await onLedger(vault)).toBe(hbarBefore - 4_000_000_000n - BigInt(swap.feeTinybars));

      // Back to HBAR: an allowance for the router first, then the swap, which pulls exactly the input.
      const usdcHeld = await onLedger(vault, USDC);
      const hbarHeld = await onLedger(vault);
      const back = await json(
        await bob.call('hederaTokensSwap', { fromTokenId: USDC, toTokenId: '0.0.0', amount: '1' }),
      );
      expect(back).toMatchObject({ status: 'SUCCESS', approvalTransactionId: expect.stringMatching(/^0\.0\.\d+@/) });
      expect(BigInt(back.amountOutUnits)).toBeGreaterThanOrEqual(BigInt(back.amountOutMinUnits));
      expect(await onLedger(vault, USDC)).toBe(usdcHeld - 1_000_000n);
      expect(await onLedger(vault)).toBe(hbarHeld + BigInt(back.amountOutUnits) - BigInt(back.feeTinybars));
      const exactOut = await json(
        await bob.call('hederaTokensSwapQuote', {
          fromTokenId: USDC,
          toTokenId: SAUCE,
          fromTokenDecimals: 6,
          toTokenDecimals: 6,
          exactOutputAmount: '5',
          isExactOutput: true,
        }),
      );
      expect(exactOut).toMatchObject({ amountOut: '5', route: [USDC, SAUCE] });

      const unchanged = [await onLedger(vault), await onLedger(vault, USDC)];
      expect(
        await json(
          await bob.call('hederaTokensSwap', { fromTokenId: '0.0.0', toTokenId: '0.0.99999', amount: '1' }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'toTokenId', rule: 'unknown_token' }] });
      expect(
        await json(
          await bob.call('hederaTokensSwap', { fromTokenId: USDC, toTokenId: '0.0.0', amount: '100000' }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'amount', rule: 'insufficient_funds' }] });
      expect(
        await json(
          await bob.call('hederaTokensSwapQuote', {
            fromTokenId: USDC,
            toTokenId: SAUCE,
            fromTokenDecimals: 8,
            toTokenDecimals: 6,
            amount: '1',
          }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'fromTokenDecimals', rule: 'mismatch' }] });
      expect([await onLedger(vault), await onLedger(vault, USDC)]).toEqual(unchanged);
    }, 90_000);
  },
);
