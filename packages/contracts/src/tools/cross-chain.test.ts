import { describe, expect, it } from 'vitest';
import { crossChainTools } from './cross-chain.js';
import { familyHelpers } from './family.testutil.js';

const { ok, agree, uniqueSpecNames, expectStrictJsonSchemas } = familyHelpers(crossChainTools);

const BNET7 = ['sol', 'eth', 'bsc', 'matic', 'base', 'hbar', 'btc'];
const RNET7 = ['sol', 'eth', 'bsc', 'matic', 'base', 'alt', 'btc'];

const SPEC: Record<string, { identity: boolean; price: string; effect: 'read' | 'write' }> = {
  getBridgeSupportedCurrencies: { identity: false, price: 'cross-chain', effect: 'read' },
  getBridgeSwapQuote: { identity: false, price: 'cross-chain', effect: 'read' },
  swapUsingBridge: { identity: true, price: 'cross-chain', effect: 'write' },
  getBridgeTransactionStatus: { identity: false, price: 'cross-chain', effect: 'read' },
  getRouterSupportedCurrencies: { identity: false, price: '0.0934', effect: 'read' },
  getRouterSwapQuote: { identity: false, price: '0.1313', effect: 'read' },
  swapUsingRouter: { identity: true, price: '0.1189', effect: 'write' },
  getRouterTransactionStatus: { identity: false, price: '0.1265', effect: 'read' },
};

const USDC_BASE = {
  ticker: 'USDC',
  name: 'USD Coin',
  network: 'base',
  chainId: 8453,
  address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  decimals: 6,
  tokenContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
};
const SOL = {
  ticker: 'SOL',
  name: 'Solana',
  network: 'sol',
  chainId: 792703809,
  address: '11111111111111111111111111111111',
  decimals: 9,
  tokenContract: null,
};

describe('crossChainTools: membership and metadata', () => {
  it('holds exactly the 8 bridge and router tools, each once, all in tools.txt', () => {
    const names = uniqueSpecNames();
    expect([...names].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it('uses group Core, the spec price (or family cross-chain), identity and effect', () => {
    for (const t of crossChainTools) {
      expect(t.group, t.name).toBe('Core');
      expect({ identity: t.identity, price: t.price, effect: t.effect }, t.name).toEqual(SPEC[t.name]);
    }
  });

  it('publishes compilable strict JSON Schemas', () => {
    expectStrictJsonSchemas();
  });
});

describe('bridge family', () => {
  it('getBridgeSupportedCurrencies: networks required, each a BNET7 code', () => {
    expect(ok('getBridgeSupportedCurrencies', { networks: BNET7 })).toBe(true);
    expect(ok('getBridgeSupportedCurrencies', { networks: ['eth'], query: 'usdc' })).toBe(true);
    expect(ok('getBridgeSupportedCurrencies', {})).toBe(false);
    expect(ok('getBridgeSupportedCurrencies', { networks: ['alt'] })).toBe(false);
    expect(ok('getBridgeSupportedCurrencies', { networks: ['polygon'] })).toBe(false);
    expect(ok('getBridgeSupportedCurrencies', { networks: 'eth' })).toBe(false);
  });
  it('getBridgeSwapQuote: tickers and a number amount required', () => {
    expect(ok('getBridgeSwapQuote', { fromTicker: 'btc', toTicker: 'eth', fromAmount: 0.1 })).toBe(true);
    expect(ok('getBridgeSwapQuote', { fromTicker: 'btc', toTicker: 'eth', fromAmount: '0.1' })).toBe(false);
    expect(ok('getBridgeSwapQuote', { fromTicker: '', toTicker: 'eth', fromAmount: 1 })).toBe(false);
    expect(ok('getBridgeSwapQuote', { fromTicker: 'btc', fromAmount: 1 })).toBe(false);
  });
  it('swapUsingBridge: all six fields required; tokenContract string or null', () => {
    const body = {
      fromCurrency: 'usdc',
      toCurrency: 'hbar',
      fromNetwork: 'eth',
      toNetwork: 'hbar',
      fromAmount: 50,
      fromCurrencyTokenContract: null,
    };
    agree('swapUsingBridge', body, true);
    agree(
      'swapUsingBridge',
      { ...body, fromCurrencyTokenContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      true,
    );
    for (const key of Object.keys(body)) {
      const { [key]: _omit, ...rest } = body as Record<string, unknown>;
      agree('swapUsingBridge', rest, false);
    }
    agree('swapUsingBridge', { ...body, toNetwork: 'alt' }, false);
    agree('swapUsingBridge', { ...body, fromAmount: '50' }, false);
  });
  it('getBridgeTransactionStatus: non-empty transactionId', () => {
    expect(ok('getBridgeTransactionStatus', { transactionId: 'a1b2' })).toBe(true);
    expect(ok('getBridgeTransactionStatus', { transactionId: '' })).toBe(false);
    expect(ok('getBridgeTransactionStatus', {})).toBe(false);
  });
});

describe('router family', () => {
  it('getRouterSupportedCurrencies: optional networks of RNET7', () => {
    expect(ok('getRouterSupportedCurrencies', {})).toBe(true);
    expect(ok('getRouterSupportedCurrencies', { networks: RNET7, query: 'usd' })).toBe(true);
    expect(ok('getRouterSupportedCurrencies', { networks: ['hbar'] })).toBe(false);
  });
  for (const name of ['getRouterSwapQuote', 'swapUsingRouter']) {
    describe(name, () => {
      const body = { fromCurrency: USDC_BASE, toCurrency: SOL, fromAmount: 25 };
      it('accepts two descriptors and a positive amount', () => {
        agree(name, body, true);
        agree(name, { ...body, toCurrency: { ...SOL, network: 'alt', chainId: 4663 } }, true);
      });
      it('requires fromAmount > 0', () => {
        agree(name, { ...body, fromAmount: 0.000001 }, true);
        agree(name, { ...body, fromAmount: 0 }, false);
        agree(name, { ...body, fromAmount: -1 }, false);
      });
      it('requires every descriptor field and rejects other properties', () => {
        for (const key of Object.keys(USDC_BASE)) {
          const { [key]: _omit, ...rest } = USDC_BASE as Record<string, unknown>;
          agree(name, { ...body, fromCurrency: rest }, false);
        }
        agree(name, { ...body, fromCurrency: { ...USDC_BASE, symbol: 'USDC' } }, false);
      });
      it('checks descriptor types: network RNET7, chainId number, decimals integer >= 0, tokenContract string or null', () => {
        agree(name, { ...body, fromCurrency: { ...USDC_BASE, network: 'hbar' } }, false);
        agree(name, { ...body, fromCurrency: { ...USDC_BASE, chainId: '8453' } }, false);
        agree(name, { ...body, fromCurrency: { ...USDC_BASE, decimals: 0 } }, true);
        agree(name, { ...body, fromCurrency: { ...USDC_BASE, decimals: -1 } }, false);
        agree(name, { ...body, fromCurrency: { ...USDC_BASE, decimals: 6.5 } }, false);
        agree(name, { ...body, fromCurrency: { ...USDC_BASE, tokenContract: 5 } }, false);
      });
      it('requires all three fields', () => {
        agree(name, { fromCurrency: USDC_BASE, toCurrency: SOL }, false);
        agree(name, { fromCurrency: USDC_BASE, fromAmount: 1 }, false);
      });
    });
  }
  it('getRouterTransactionStatus: non-empty requestId', () => {
    expect(ok('getRouterTransactionStatus', { requestId: '0xabc' })).toBe(true);
    expect(ok('getRouterTransactionStatus', { requestId: '' })).toBe(false);
    expect(ok('getRouterTransactionStatus', { transactionId: 'x' })).toBe(false);
  });
});
