import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import { ChangeNowClient } from './changenow.js';
import byId from './fixtures/by-id.json' with { type: 'json' };
import created from './fixtures/create-exchange.json' with { type: 'json' };
import currencies from './fixtures/currencies.json' with { type: 'json' };
import estimated from './fixtures/estimated-amount.json' with { type: 'json' };
import range from './fixtures/range.json' with { type: 'json' };

const ORIGIN = 'https://api.changenow.io';
const KEY = 'test-partner-key';
const json = { headers: { 'content-type': 'application/json' } };

describe('ChangeNowClient against recorded API v2 answers (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();
  const changenow = () => mockAgent().get(ORIGIN);
  const client = () => new ChangeNowClient(KEY);

  it('lists currencies with their network, token contract and network-specific legacy ticker, sending the key', async () => {
    changenow()
      .intercept({
        path: '/v2/exchange/currencies',
        query: { active: 'true', flow: 'standard' },
        headers: { 'x-changenow-api-key': KEY },
      })
      .reply(200, currencies, json);
    expect(await client().currencies()).toEqual([
      { ticker: 'btc', legacyTicker: 'btc', name: 'Bitcoin', network: 'btc', tokenContract: null },
      { ticker: 'eth', legacyTicker: 'eth', name: 'Ethereum', network: 'eth', tokenContract: null },
      {
        ticker: 'eth',
        legacyTicker: 'ethbsc',
        name: 'Ethereum (Binance Smart Chain)',
        network: 'bsc',
        tokenContract: '0x2170ed0880ac9a755fd29b2688956bd959f933f8',
      },
    ]);
  });

  it('estimates a pair: amount out, fee, the range minimum, and the speed forecast as seconds', async () => {
    const pair = { fromCurrency: 'btc', toCurrency: 'xmr', fromNetwork: 'btc', toNetwork: 'xmr', flow: 'standard' };
    changenow()
      .intercept({ path: '/v2/exchange/estimated-amount', query: { ...pair, fromAmount: '0.01', type: 'direct' } })
      .reply(200, estimated, json);
    changenow().intercept({ path: '/v2/exchange/range', query: pair }).reply(200, range, json);
    const estimate = await client().estimate(
      { from: { ticker: 'btc', network: 'btc' }, to: { ticker: 'xmr', network: 'xmr' } },
      '0.01',
    );
    expect(estimate).toEqual({
      fromAmount: '0.01',
      toAmount: '1.7835728',
      fee: '0.009',
      minAmount: '0.0001205',
      maxAmount: null,
      validUntil: null,
      estimatedSeconds: 3600,
    });
  });

  it('creates an exchange once (POST /exchange) and reads it back by id', async () => {
    changenow()
      .intercept({
        method: 'POST',
        path: '/v2/exchange',
        body: (text) => {
          const body = JSON.parse(text);
          return (
            body.fromCurrency === 'eth' &&
            body.toCurrency === 'usdt' &&
            body.flow === 'standard' &&
            body.refundAddress !== undefined
          );
        },
      })
      .reply(200, created, json);
    changenow()
      .intercept({ path: '/v2/exchange/by-id', query: { id: 'c2036055d1f776' } })
      .reply(200, byId, json);
    const exchange = await client().createExchange({
      from: { ticker: 'eth', network: 'eth' },
      to: { ticker: 'usdt', network: 'eth' },
      fromAmount: '0.01',
      address: '0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C',
      refundAddress: '0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C',
    });
    expect(exchange).toEqual({
      id: 'c2036055d1f776',
      payinAddress: '0x82E5678e6360596b949f2d5727b61BEa1402126d',
      payinExtraId: null,
      fromAmount: '0.01',
      toAmount: '18.373221',
    });
    expect(await client().exchange(exchange.id)).toMatchObject({
      id: 'c2036055d1f776',
      status: 'waiting',
      fromCurrency: 'eth',
      toCurrency: 'usdt',
      expectedAmountFrom: '0.01',
      expectedAmountTo: '18.373221',
      amountFrom: null,
      payinHash: null,
      payoutHash: null,
      refundHash: null,
      createdAt: '2026-07-29T14:04:27.001Z',
    });
  });

  it('answers an exchange ChangeNOW does not know as undefined, and an HTTP error as a 502 naming ChangeNOW', async () => {
    changenow()
      .intercept({ path: '/v2/exchange/by-id', query: { id: 'nope' } })
      .reply(404, { error: 'not_found' }, json);
    changenow()
      .intercept({ method: 'POST', path: '/v2/exchange' })
      .reply(400, { error: 'out_of_range', message: 'Amount is less then minimal: 0.0001205 BTC' }, json);
    expect(await client().exchange('nope')).toBeUndefined();
    await expect(
      client().createExchange({
        from: { ticker: 'btc', network: 'btc' },
        to: { ticker: 'xmr', network: 'xmr' },
        fromAmount: '0.00001',
        address: 'x',
        refundAddress: 'y',
      }),
    ).rejects.toMatchObject({ code: 'upstream_error', extra: { provider: 'ChangeNOW', upstreamStatus: 400 } });
  });
});

describe('the bridge provider setting', () => {
  it('live mode without CHANGENOW_API_KEY answers 503 naming it; sandbox mode has no live client', () => {
    expect(() => new Providers('live', {}).changenow).toThrow(
      expect.objectContaining({ code: 'not_configured', extra: { setting: 'CHANGENOW_API_KEY' } }),
    );
    expect(new Providers('sandbox', {}).changenow).toBeUndefined();
    expect(new Providers('live', { CHANGENOW_API_KEY: KEY }).changenow).toBeInstanceOf(ChangeNowClient);
  });
});
