import { loadHederaSdk } from '@svc/chains';
import { useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import {
  answerMemejobCalls,
  answerMemejobReads,
  costOf,
  CREATOR,
  MEMEJOB_ID,
  memejobTokens,
  MIRROR,
  proceedsOf,
  unitsFor,
} from '../../testing/memejob-mirror.js';
import { liveMemejobVenue } from './live-memejob-venue.js';

const venue = () => liveMemejobVenue({ HEDERA_NETWORK: 'mainnet', HEDERA_MIRROR_URL: MIRROR })!;
const query = (orderBy: 'market-cap' | 'creation-time' | 'last-activity' | 'nearest-promoted') => ({
  page: 0,
  limit: 10,
  orderBy,
  orderDirection: 'desc' as const,
});

describe('live memejob through the mirror node', () => {
  const mockAgent = useMockAgent({ assertAllUsed: false });

  it('is memejob’s published mainnet deployment, and is absent without HEDERA_NETWORK', () => {
    expect(venue()).toMatchObject({ contractId: MEMEJOB_ID, gas: 200_000, takesMinimumOut: false });
    expect(liveMemejobVenue({})).toBeUndefined();
    expect(liveMemejobVenue({ HEDERA_NETWORK: 'testnet' })!.contractId).toBe('0.0.5271847');
    expect(liveMemejobVenue({ HEDERA_NETWORK: 'mainnet', MEMEJOB_CONTRACT_ID: '0.0.42' })!.contractId).toBe('0.0.42');
  });

  it('lists the tokens its latest events name, ranked by HBAR raised, with the curve’s price and the token’s own data', async () => {
    answerMemejobReads(mockAgent());
    answerMemejobCalls(mockAgent(), memejobTokens());
    const { coins, total } = await venue().findMemeCoins(query('nearest-promoted'));
    expect(total).toBeNull();
    expect(coins.map((coin) => coin.tokenId)).toEqual(['0.0.8000103', '0.0.8000102', '0.0.8000101']);
    const oneToken = 10n ** 8n;
    const price = costOf(memejobTokens().get('0.0.8000101')!.curve!, oneToken);
    expect(coins[2]).toEqual({
      tokenId: '0.0.8000101',
      evmAddress: '0x00000000000000000000000000000000007a1265',
      name: 'Bober Job',
      symbol: 'BOBER',
      decimals: 8,
      creator: CREATOR,
      createdAt: '2025-11-26T06:53:20.000Z',
      lastActivityAt: '2025-11-26T09:39:53.123Z',
      progress: null,
      priceHbar: (Number(price) / 1e8).toString(),
      marketCapHbar: ((Number(price) * 1e9) / 1e8).toString(),
      promoted: false,
    });
    // The promoted token: its curve is closed, so it has no curve price, and its progress is complete.
    expect(coins[0]).toMatchObject({ promoted: true, progress: 1, priceHbar: null, lastActivityAt: null });
  });

  it('orders by last trade, creation time and tokens sold as asked, and pages', async () => {
    answerMemejobReads(mockAgent());
    answerMemejobCalls(mockAgent(), memejobTokens());
    const ids = async (q: Parameters<ReturnType<typeof venue>['findMemeCoins']>[0]) =>
      (await venue().findMemeCoins(q)).coins.map((coin) => coin.tokenId);
    expect(await ids(query('last-activity'))).toEqual(['0.0.8000101', '0.0.8000102', '0.0.8000103']);
    expect(await ids(query('creation-time'))).toEqual(['0.0.8000101', '0.0.8000102', '0.0.8000103']);
    expect(await ids({ ...query('market-cap'), orderDirection: 'asc' })).toEqual([
      '0.0.8000101',
      '0.0.8000102',
      '0.0.8000103',
    ]);
    expect(await ids({ ...query('market-cap'), page: 1, limit: 2 })).toEqual(['0.0.8000101']);
  });

  it('quotes a buy as the largest amount the offered HBAR pays for, never above it, in a few calls', async () => {
    const tokens = memejobTokens();
    const calls = answerMemejobCalls(mockAgent(), tokens);
    answerMemejobReads(mockAgent());
    const curve = (await venue().curve('0.0.8000101'))!;
    expect(curve).toMatchObject({ tokenId: '0.0.8000101', symbol: 'BOBER', decimals: 8, trading: true });
    const virtual = tokens.get('0.0.8000101')!.curve!;
    // From a 0.01 HBAR offer to twice the curve's whole HBAR reserve.
    for (const offered of [1_234_567n, 1_000_000_000n, 250_000_000_000n, virtual.hbar, 2n * virtual.hbar]) {
      const before = calls.get('getAmountOut') ?? 0;
      const quote = await curve.quoteBuy(offered);
      expect(quote.tinybars).toBe(costOf(virtual, quote.units));
      expect(quote.tinybars).toBeLessThanOrEqual(offered);
      const best = unitsFor(virtual, offered);
      expect(quote.units).toBeLessThanOrEqual(best);
      expect(Number(quote.units)).toBeGreaterThan(Number(best) * 0.999);
      expect((calls.get('getAmountOut') ?? 0) - before).toBeLessThanOrEqual(4);
    }
    expect(await curve.quoteSell(10n ** 12n)).toBe(proceedsOf(virtual, 10n ** 12n));
  });

  it('finds the amount by search where the launchpad gives no HBAR-in quote, however large the offer', async () => {
    const tokens = memejobTokens();
    tokens.set('0.0.8000102', { ...tokens.get('0.0.8000102')!, noHbarQuote: true });
    const calls = answerMemejobCalls(mockAgent(), tokens);
    answerMemejobReads(mockAgent());
    const curve = (await venue().curve('0.0.8000102'))!;
    const virtual = tokens.get('0.0.8000102')!.curve!;
    for (const offered of [5_000_000n, 1_000_000_000n, virtual.hbar, 2n * virtual.hbar]) {
      const before = calls.get('getAmountOut') ?? 0;
      const quote = await curve.quoteBuy(offered);
      const best = unitsFor(virtual, offered);
      expect(quote.tinybars).toBe(costOf(virtual, quote.units));
      expect(quote.tinybars).toBeLessThanOrEqual(offered);
      expect(Number(quote.units)).toBeGreaterThan(Number(best) * 0.998);
      expect((calls.get('getAmountOut') ?? 0) - before).toBeLessThanOrEqual(25);
    }
  });

  it('knows a promoted token (closed curve) and a token that is not the launchpad’s', async () => {
    answerMemejobCalls(mockAgent(), memejobTokens());
    answerMemejobReads(mockAgent());
    const promoted = (await venue().curve('0.0.8000103'))!;
    expect(promoted.trading).toBe(false);
    expect(await promoted.quoteBuy(10n ** 9n)).toEqual({ units: 0n, tinybars: 0n });
    expect(await venue().curve('0.0.9999999')).toBeUndefined();
  });

  it('reads an association from the account’s token relationships', async () => {
    const mirror = mockAgent().get(MIRROR);
    mirror.intercept({ method: 'GET', path: '/api/v1/accounts/0.0.1234/tokens?token.id=0.0.8000101' }).reply(200, {
      tokens: [{ token_id: '0.0.8000101', automatic_association: false, balance: 0 }],
      links: { next: null },
    });
    mirror
      .intercept({ method: 'GET', path: '/api/v1/accounts/0.0.1234/tokens?token.id=0.0.8000102' })
      .reply(200, { tokens: [], links: { next: null } });
    expect(await venue().isAssociated('0.0.1234', '0.0.8000101')).toBe(true);
    expect(await venue().isAssociated('0.0.1234', '0.0.8000102')).toBe(false);
  });

  it('encodes buyJob and sellJob as @hashgraph/sdk does for memejob’s own SDK (its NativeAdapter)', async () => {
    const sdk = await loadHederaSdk();
    const token = '0x00000000000000000000000000000000007a1265';
    const quote = { units: 123_456_789_000n, tinybars: 987_654_321n };
    const buy = venue().buyCall(token, quote, 1n);
    expect(buy.payableTinybars).toBe(quote.tinybars);
    const sdkBuy = new sdk.ContractExecuteTransaction().setFunction(
      'buyJob',
      new sdk.ContractFunctionParameters()
        .addAddress(token)
        .addUint256(Number(quote.units))
        .addAddress('0x0000000000000000000000000000000000000000'),
    );
    expect(Buffer.from(buy.data).toString('hex')).toBe(Buffer.from(sdkBuy.functionParameters!).toString('hex'));
    const sell = venue().sellCall(token, 5_000_000_000n, 1n);
    const sdkSell = new sdk.ContractExecuteTransaction().setFunction(
      'sellJob',
      new sdk.ContractFunctionParameters().addAddress(token).addUint256(5_000_000_000),
    );
    expect(sell.payableTinybars).toBe(0n);
    expect(Buffer.from(sell.data).toString('hex')).toBe(Buffer.from(sdkSell.functionParameters!).toString('hex'));
  });
});
