import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { CONDITIONAL_TOKENS_ABI, sandboxPredictOf } from '@svc/sandbox';
import { erc20Abi, getAddress, parseUnits, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, usdcOf, useSandboxGateway } from './harness.js';

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));

describe.each(backendsFor(import.meta.url))('prediction markets through REST with SIWX + x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(backend, {}, { masterKey });
  const polygon = async () => sandboxPredictOf(await gateway.sandbox.evm(137));
  /** A signed-in paying wallet and its vault on Polygon, holding `usdc` USDC.e and POL for gas. */
  const caller = async (usdc: string) => {
    const wallet = await fundedWallet(gateway, UNCAPPED);
    expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
      200,
    );
    const info = await json(await wallet.call('wallet', {}));
    const vault = getAddress(info.vault.networks.polygon.address) as Address;
    for (const [token, amount] of [
      ['POL', '10'],
      ['USDC', usdc],
    ])
      expect((await gateway.faucet({ address: vault, chain: 'polygon', token, amount })).status).toBe(200);
    return { ...wallet, vault };
  };
  const collateralOf = async (owner: Address) => {
    const predict = await polygon();
    return predict.chain.publicClient.readContract({
      address: predict.collateral,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
  };
  const sharesOf = async (owner: Address, tokenId: string) => {
    const predict = await polygon();
    return predict.chain.publicClient.readContract({
      address: predict.ctf,
      abi: CONDITIONAL_TOKENS_ABI,
      functionName: 'balanceOf',
      args: [owner, BigInt(tokenId)],
    });
  };
  const resolve = (conditionId: string, winningOutcome: 'Yes' | 'No') =>
    gateway.app.inject({
      method: 'POST',
      url: '/api/sandbox/predict/resolve',
      payload: { conditionId, winningOutcome },
    });

  it('discovery reads answer Gamma-shaped events and tags computed from the chain', async () => {
    const alice = await caller('1');
    const tags = await json(await alice.call('getPredictTags', {}));
    expect(tags.tags).toContainEqual({ id: '21', label: 'Crypto', slug: 'crypto' });

    const events = await json(await alice.call('getPredictEvents', { limit: 50, order: 'liquidity' }));
    expect(events.events.length).toBeGreaterThanOrEqual(4);
    const liquidity = events.events.map((event: { liquidity: number }) => event.liquidity);
    expect(liquidity).toEqual([...liquidity].sort((a, b) => b - a));
    const featured = await json(await alice.call('getPredictEvents', { featured: true }));
    expect(featured.events.every((event: { featured: boolean }) => event.featured)).toBe(true);

    const crypto = await json(await alice.call('getPredictEventsByTag', { tagId: 21, limit: 10 }));
    expect(crypto.events.length).toBeGreaterThan(0);
    for (const event of crypto.events) expect(event.tags.map((tag: { id: string }) => tag.id)).toContain('21');

    const found = await json(await alice.call('searchPredictEvents', { q: 'fed march' }));
    expect(found.events.map((event: { slug: string }) => event.slug)).toEqual(['sandbox-fed-decision-march-2027']);
    const byTag = await json(await alice.call('searchPredictEvents', { q: 'crypto', events_status: 'all' }));
    // event_count counts resolved events too; the by-tag list only open ones.
    expect(byTag.tags).toEqual([{ id: '21', label: 'Crypto', slug: 'crypto', event_count: expect.any(Number) }]);
    expect(byTag.tags[0].event_count).toBeGreaterThanOrEqual(crypto.events.length);

    const fed = await json(await alice.call('getPredictEvent', { slug: 'sandbox-fed-decision-march-2027' }));
    expect(fed.markets).toHaveLength(3);
    const market = fed.markets[0];
    expect(JSON.parse(market.outcomes)).toEqual(['Yes', 'No']);
    const prices = JSON.parse(market.outcomePrices).map(Number);
    expect(prices[0] + prices[1]).toBeCloseTo(1, 6);
    expect(JSON.parse(market.clobTokenIds)).toHaveLength(2);

    expect((await alice.call('getPredictEvent', { slug: 'no-such-event' })).status).toBe(404);

    // The sandbox routes: described in the OpenAPI document, and the markets as the chain holds them.
    const { paths } = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(paths['/api/sandbox/predict']?.get?.operationId).toBe('sandboxPredictMarkets');
    expect(paths['/api/sandbox/predict/resolve']?.post?.operationId).toBe('sandboxResolvePredictMarket');
    const listed = await gateway.app.inject({ method: 'GET', url: '/api/sandbox/predict' });
    expect(listed.statusCode).toBe(200);
    const sandboxMarket = listed
      .json<{ markets: { conditionId: string; tokenIds: string[] }[] }>()
      .markets.find((candidate) => candidate.conditionId === market.conditionId);
    expect(sandboxMarket?.tokenIds).toEqual(JSON.parse(market.clobTokenIds));
  });

  it('BUY, see the position, resolve through the sandbox route, redeem: USDC.e rises by exactly the payout', async () => {
    const alice = await caller('100');
    const event = await json(await alice.call('getPredictEvent', { slug: 'sandbox-eth-above-5k-2027' }));
    const market = event.markets[0];
    const [yesToken] = JSON.parse(market.clobTokenIds) as string[];
    const yesBefore = Number(JSON.parse(market.outcomePrices)[0]);

    const bought = await json(await alice.call('placePredictOrder', { tokenID: yesToken, side: 'BUY', amount: 40 }));
    expect(bought).toMatchObject({ success: true, status: 'matched', side: 'BUY', outcome: 'Yes', usd: 40 });
    const shares = await sharesOf(alice.vault, yesToken!);
    expect(shares).toBe(parseUnits(String(bought.shares), 6));
    expect(await collateralOf(alice.vault)).toBe(parseUnits('60', 6));

    const after = await json(await alice.call('getPredictEvent', { slug: 'sandbox-eth-above-5k-2027' }));
    expect(Number(JSON.parse(after.markets[0].outcomePrices)[0])).toBeGreaterThan(yesBefore);
    expect(after.markets[0].volumeNum).toBeGreaterThanOrEqual(40);

    const { positions, user } = await json(await alice.call('getPredictUserPositions', {}));
    expect(user).toBe(alice.vault);
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({
      asset: yesToken,
      conditionId: market.conditionId,
      outcome: 'Yes',
      size: bought.shares,
      redeemable: false,
    });
    expect(positions[0].avgPrice).toBeCloseTo(40 / bought.shares, 5);
    expect(positions[0].initialValue).toBeCloseTo(40, 4);
    expect(positions[0].currentValue).toBeCloseTo(bought.shares * positions[0].curPrice, 4);

    // Sell a quarter back: the vault's shares and USDC.e move on chain.
    const quarter = Math.floor((bought.shares / 4) * 1e6) / 1e6;
    const sold = await json(
      await alice.call('placePredictOrder', { tokenID: yesToken, side: 'SELL', amount: quarter }),
    );
    expect(sold).toMatchObject({ success: true, side: 'SELL', shares: quarter });
    expect(await sharesOf(alice.vault, yesToken!)).toBe(shares - parseUnits(String(quarter), 6));
    expect(await collateralOf(alice.vault)).toBe(parseUnits('60', 6) + parseUnits(String(sold.usd), 6));

    const resolved = await resolve(market.conditionId, 'Yes');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await resolve(market.conditionId, 'No')).statusCode).toBe(409);
    const held = await sharesOf(alice.vault, yesToken!);
    const cash = await collateralOf(alice.vault);
    const redeemable = await json(await alice.call('getPredictUserPositions', {}));
    expect(redeemable.positions[0]).toMatchObject({ redeemable: true, curPrice: 1 });

    const redeemed = await json(await alice.call('redeemPredictPosition', { conditionId: market.conditionId }));
    expect(redeemed).toMatchObject({ conditionId: market.conditionId, payout: Number(held) / 1e6 });
    expect(await collateralOf(alice.vault)).toBe(cash + held);
    expect(await sharesOf(alice.vault, yesToken!)).toBe(0n);
    expect((await json(await alice.call('getPredictUserPositions', {}))).positions).toEqual([]);

    // A resolved market takes no orders.
    const closed = await alice.call('placePredictOrder', { tokenID: yesToken, side: 'BUY', amount: 1 });
    expect(closed.status).toBe(409);
  });

  it('a redeem before resolution and a SELL of more shares than held are clear 4xx, uncharged, moving nothing', async () => {
    const alice = await caller('20');
    const event = await json(await alice.call('getPredictEvent', { slug: 'sandbox-stablecoin-bill-2027' }));
    const market = event.markets[0];
    const [, noToken] = JSON.parse(market.clobTokenIds) as string[];
    const bought = await json(await alice.call('placePredictOrder', { tokenID: noToken, side: 'BUY', amount: 10 }));
    const shares = await sharesOf(alice.vault, noToken!);
    const cash = await collateralOf(alice.vault);
    const nonce = await (await polygon()).chain.publicClient.getTransactionCount({ address: alice.vault });
    const paid = await usdcOf(gateway.sandbox, alice.account.address);

    const early = await alice.call('redeemPredictPosition', { conditionId: market.conditionId });
    expect(early.headers.get('payment-response')).toBeNull();
    expect((await json(early, 409)).detail ?? '').toMatch(/not resolved/);

    const oversell = await alice.call('placePredictOrder', {
      tokenID: noToken,
      side: 'SELL',
      amount: bought.shares + 1,
    });
    expect(oversell.headers.get('payment-response')).toBeNull();
    expect(await json(oversell, 400)).toMatchObject({ issues: [{ field: 'amount', rule: 'insufficient_shares' }] });

    const broke = await alice.call('placePredictOrder', { tokenID: noToken, side: 'BUY', amount: 1000 });
    expect(await json(broke, 400)).toMatchObject({ issues: [{ field: 'amount', rule: 'insufficient_funds' }] });
    const unknown = await alice.call('placePredictOrder', { tokenID: '12345', side: 'BUY', amount: 1 });
    expect(await json(unknown, 400)).toMatchObject({ issues: [{ field: 'tokenID', rule: 'unknown_token' }] });

    expect(await usdcOf(gateway.sandbox, alice.account.address)).toBe(paid);
    expect(await sharesOf(alice.vault, noToken!)).toBe(shares);
    expect(await collateralOf(alice.vault)).toBe(cash);
    expect(await (await polygon()).chain.publicClient.getTransactionCount({ address: alice.vault })).toBe(nonce);
  });
});
