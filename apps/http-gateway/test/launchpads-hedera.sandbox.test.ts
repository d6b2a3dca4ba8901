import { longZeroAddressOf } from '@svc/chains';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

describe.each(backendsFor(import.meta.url))('Hedera launchpad through REST with SIWX + x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);

  it('lists the launches; a first buy associates the token and credits it; sells move exactly what they say', async () => {
    const alice = await fundedWallet(gateway, UNCAPPED);
    expect((await gateway.faucet({ address: alice.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
      200,
    );
    const listed = await json(await alice.call('hederaFindMemeCoins', {}));
    expect(listed).toMatchObject({ page: 0, limit: 10, orderBy: 'market-cap', orderDirection: 'desc' });
    expect(listed.coins.length).toBeGreaterThanOrEqual(3);
    const caps = listed.coins.map((coin: { marketCapHbar: string }) => Number(coin.marketCapHbar));
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    const hashie = listed.coins.find((coin: { symbol: string }) => coin.symbol === 'SHASH');
    expect(hashie).toMatchObject({ tokenId: '0.0.5000301', decimals: 8, promoted: false });
    expect((await alice.call('hederaFindMemeCoins', { limit: 51 })).status).toBe(400);

    const ledger = await gateway.sandbox.hedera();
    const { evmAddress: vault } = await json(await alice.call('hederaGetBalances', {}));
    // No HBAR, no buy: a 400 before anything moves.
    expect((await alice.call('hederaLaunchBuyToken', { tokenId: hashie.tokenId, amount: '10' })).status).toBe(400);
    await json(await gateway.faucet({ address: vault, chain: 'hedera', token: 'HBAR', amount: '200' }));
    const account = () => ledger.account(vault)!;
    const hbarBefore = account().tinybar;
    expect(ledger.isAssociated(vault, hashie.tokenId)).toBe(false);

    const bought = await json(
      await alice.call('hederaLaunchBuyToken', { tokenId: longZeroAddressOf(hashie.tokenId), amount: '100' }),
    );
    expect(bought).toMatchObject({ tokenId: hashie.tokenId, status: 'SUCCESS', hbarSpent: '100' });
    expect(bought.associationTransactionId).toEqual(expect.any(String));
    expect(ledger.isAssociated(vault, hashie.tokenId)).toBe(true);
    const held = account().tokens.get(hashie.tokenId)!;
    expect(held.toString()).toBe(bought.amountReceivedUnits);
    expect(held).toBeGreaterThanOrEqual(BigInt(Math.round(Number(bought.minAmount) * 1e8)));
    expect(hbarBefore - account().tinybar).toBe(10_000_000_000n + BigInt(bought.feeTinybars));

    // Associated once: the second buy needs no association. The caller's trades show in the list at once.
    const again = await json(await alice.call('hederaLaunchBuyToken', { tokenId: hashie.tokenId, amount: '1' }));
    expect(again.associationTransactionId).toBeNull();
    const active = await json(await alice.call('hederaFindMemeCoins', { orderBy: 'last-activity' }));
    expect(active.coins[0].tokenId).toBe(hashie.tokenId);

    const holding = account().tokens.get(hashie.tokenId)!;
    const tooMuch = await alice.call('hederaLaunchSellToken', {
      tokenId: hashie.tokenId,
      amount: ((Number(holding) / 1e8) * 2).toFixed(0),
    });
    expect(tooMuch.status).toBe(400);
    expect(account().tokens.get(hashie.tokenId)).toBe(holding);

    const half = holding / 2n;
    const hbarBeforeSale = account().tinybar;
    const sold = await json(
      await alice.call('hederaLaunchSellToken', { tokenId: hashie.tokenId, amount: (Number(half) / 1e8).toString() }),
    );
    expect(account().tokens.get(hashie.tokenId)).toBe(holding - half);
    expect(account().tinybar - hbarBeforeSale).toBe(
      BigInt(Math.round(Number(sold.hbarReceived) * 1e8)) - BigInt(sold.feeTinybars),
    );
    expect(Number(sold.hbarReceived)).toBeGreaterThanOrEqual(Number(sold.minHbar));
  }, 120_000);
});
