import { describe, expect, it } from 'vitest';
import { familyHelpers } from './family.testutil.js';
import { hederaTools } from './hedera.js';

const { tool, ok, parsed, issues, agree, uniqueSpecNames, expectStrictJsonSchemas } = familyHelpers(hederaTools);

const EVM = '0x00000000000000000000000000000000003c4380';

const SPEC: Record<string, { identity: boolean; price: string; effect: 'read' | 'write' }> = {
  hederaNativeSend: { identity: true, price: 'hedera-wallet', effect: 'write' },
  hederaERC20TokenSend: { identity: true, price: 'hedera-wallet', effect: 'write' },
  hederaGetBalances: { identity: true, price: 'hedera-wallet', effect: 'read' },
  hederaContractIdToEvmAddress: { identity: false, price: 'hedera-wallet', effect: 'read' },
  hederaAccountIdToEvmAddress: { identity: false, price: 'hedera-wallet', effect: 'read' },
  hederaFindTokens: { identity: false, price: 'hedera-wallet', effect: 'read' },
  hederaTokensSwapQuote: { identity: false, price: 'hedera-wallet', effect: 'read' },
  hederaTokensSwap: { identity: true, price: 'hedera-wallet', effect: 'write' },
  hederaFindMemeCoins: { identity: false, price: 'launchpad', effect: 'read' },
  hederaLaunchBuyToken: { identity: true, price: 'launchpad', effect: 'write' },
  hederaLaunchSellToken: { identity: true, price: 'launchpad', effect: 'write' },
};

describe('hederaTools: membership and metadata', () => {
  it('holds exactly the 11 Hedera tools, each once, all in tools.txt', () => {
    const names = uniqueSpecNames();
    expect([...names].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it('uses group Hedera, the price family, identity and effect of every tool', () => {
    for (const t of hederaTools) {
      expect(t.group, t.name).toBe('Hedera');
      expect({ identity: t.identity, price: t.price, effect: t.effect }, t.name).toEqual(SPEC[t.name]);
    }
  });

  it('publishes compilable strict JSON Schemas', () => {
    expectStrictJsonSchemas();
    expect(ok('hederaGetBalances', {})).toBe(true);
    expect(ok('hederaGetBalances', { account: '0.0.1' })).toBe(false);
  });
});

describe('Hedera sends', () => {
  it('hederaNativeSend: to optional EVM address, amount required positive decimal string', () => {
    expect(ok('hederaNativeSend', { to: EVM, amount: '1.5' })).toBe(true);
    expect(ok('hederaNativeSend', { amount: '1' })).toBe(true);
    expect(ok('hederaNativeSend', { to: EVM })).toBe(false);
    expect(ok('hederaNativeSend', { to: '0.0.1234', amount: '1' })).toBe(false);
    expect(ok('hederaNativeSend', { to: EVM.slice(0, 41), amount: '1' })).toBe(false);
    expect(ok('hederaNativeSend', { to: EVM, amount: '0' })).toBe(false);
    expect(ok('hederaNativeSend', { to: EVM, amount: 1 })).toBe(false);
    expect(ok('hederaNativeSend', { to: EVM, amount: 'max' })).toBe(false);
    expect(tool('hederaNativeSend').description).toContain('to is required to send');
  });
  it('hederaERC20TokenSend: token optional EVM address', () => {
    expect(ok('hederaERC20TokenSend', { to: EVM, amount: '2', token: EVM })).toBe(true);
    expect(ok('hederaERC20TokenSend', { amount: '2' })).toBe(true);
    expect(ok('hederaERC20TokenSend', { to: EVM, amount: '2', token: '0.0.456858' })).toBe(false);
    expect(ok('hederaERC20TokenSend', { to: EVM, token: EVM })).toBe(false);
  });
});

describe('Hedera id conversions and search', () => {
  it('take 0.0.x ids', () => {
    expect(ok('hederaContractIdToEvmAddress', { contractId: '0.0.3949424' })).toBe(true);
    expect(ok('hederaContractIdToEvmAddress', { contractId: '3949424' })).toBe(false);
    expect(ok('hederaContractIdToEvmAddress', { contractId: EVM })).toBe(false);
    expect(ok('hederaContractIdToEvmAddress', {})).toBe(false);
    expect(ok('hederaAccountIdToEvmAddress', { address: '0.0.12345' })).toBe(true);
    expect(ok('hederaAccountIdToEvmAddress', { address: '0.0.' })).toBe(false);
    expect(ok('hederaAccountIdToEvmAddress', {})).toBe(false);
  });
  it('hederaFindTokens: optional query', () => {
    expect(ok('hederaFindTokens', {})).toBe(true);
    expect(ok('hederaFindTokens', { query: 'sauce' })).toBe(true);
    expect(ok('hederaFindTokens', { query: 5 })).toBe(false);
  });
});

describe('hederaTokensSwapQuote', () => {
  const base = { fromTokenId: '0.0.000000', toTokenId: '0.0.456858', fromTokenDecimals: 8, toTokenDecimals: 6 };
  it('defaults isExactOutput to false and requires ids and decimals', () => {
    expect(parsed('hederaTokensSwapQuote', { ...base, amount: '10' }).isExactOutput).toBe(false);
    for (const key of Object.keys(base)) {
      const { [key]: _omit, ...rest } = base as Record<string, unknown>;
      expect(ok('hederaTokensSwapQuote', { ...rest, amount: '10' }), key).toBe(false);
    }
    expect(ok('hederaTokensSwapQuote', { ...base, fromTokenId: 'HBAR', amount: '10' })).toBe(false);
    expect(ok('hederaTokensSwapQuote', { ...base, fromTokenDecimals: '8', amount: '10' })).toBe(false);
  });
  it('exact input (isExactOutput false or omitted) requires amount and forbids exactOutputAmount', () => {
    agree('hederaTokensSwapQuote', { ...base, amount: '10' }, true);
    agree('hederaTokensSwapQuote', { ...base, amount: '10', isExactOutput: false }, true);
    agree('hederaTokensSwapQuote', base, false);
    agree('hederaTokensSwapQuote', { ...base, isExactOutput: false }, false);
    agree('hederaTokensSwapQuote', { ...base, exactOutputAmount: '5' }, false);
    agree('hederaTokensSwapQuote', { ...base, amount: '10', exactOutputAmount: '5' }, false);
    expect(issues('hederaTokensSwapQuote', base)).toEqual([
      { path: 'amount', message: 'amount is required when isExactOutput is false or omitted' },
    ]);
    expect(issues('hederaTokensSwapQuote', { ...base, amount: '1', exactOutputAmount: '5' })).toEqual([
      { path: 'exactOutputAmount', message: expect.stringContaining('requires isExactOutput true') },
    ]);
  });
  it('exact output (isExactOutput true) requires exactOutputAmount and forbids amount', () => {
    agree('hederaTokensSwapQuote', { ...base, isExactOutput: true, exactOutputAmount: '5' }, true);
    agree('hederaTokensSwapQuote', { ...base, isExactOutput: true }, false);
    agree('hederaTokensSwapQuote', { ...base, isExactOutput: true, amount: '10' }, false);
    agree('hederaTokensSwapQuote', { ...base, isExactOutput: true, amount: '10', exactOutputAmount: '5' }, false);
    expect(issues('hederaTokensSwapQuote', { ...base, isExactOutput: true })).toEqual([
      { path: 'exactOutputAmount', message: 'exactOutputAmount is required when isExactOutput is true' },
    ]);
  });
  it('rejects empty amount strings', () => {
    expect(ok('hederaTokensSwapQuote', { ...base, amount: '' })).toBe(false);
    expect(ok('hederaTokensSwapQuote', { ...base, isExactOutput: true, exactOutputAmount: '' })).toBe(false);
  });
});

describe('hederaTokensSwap', () => {
  it('requires ids and amount, defaults useNative to false', () => {
    expect(parsed('hederaTokensSwap', { fromTokenId: '0.0.0', toTokenId: '0.0.731861', amount: '3' })).toEqual({
      fromTokenId: '0.0.0',
      toTokenId: '0.0.731861',
      amount: '3',
      useNative: false,
    });
    expect(
      ok('hederaTokensSwap', { fromTokenId: '0.0.0', toTokenId: '0.0.731861', amount: '3', useNative: true }),
    ).toBe(true);
    expect(ok('hederaTokensSwap', { fromTokenId: '0.0.0', toTokenId: '0.0.731861' })).toBe(false);
    expect(ok('hederaTokensSwap', { fromTokenId: '0.0.0', toTokenId: '0.0.731861', amount: '' })).toBe(false);
    expect(ok('hederaTokensSwap', { fromTokenId: EVM, toTokenId: '0.0.731861', amount: '3' })).toBe(false);
  });
});

describe('hederaFindMemeCoins', () => {
  it('applies the defaults', () => {
    expect(parsed('hederaFindMemeCoins', {})).toEqual({
      page: 0,
      limit: 10,
      orderBy: 'market-cap',
      orderDirection: 'desc',
    });
  });
  it('bounds page (integer >= 0) and limit (integer 1..50)', () => {
    expect(ok('hederaFindMemeCoins', { page: 0 })).toBe(true);
    expect(ok('hederaFindMemeCoins', { page: -1 })).toBe(false);
    expect(ok('hederaFindMemeCoins', { page: 1.5 })).toBe(false);
    expect(ok('hederaFindMemeCoins', { limit: 1 })).toBe(true);
    expect(ok('hederaFindMemeCoins', { limit: 50 })).toBe(true);
    expect(ok('hederaFindMemeCoins', { limit: 0 })).toBe(false);
    expect(ok('hederaFindMemeCoins', { limit: 51 })).toBe(false);
    expect(ok('hederaFindMemeCoins', { limit: 2.5 })).toBe(false);
  });
  it('checks the enums', () => {
    for (const orderBy of ['market-cap', 'creation-time', 'last-activity', 'nearest-promoted'])
      expect(ok('hederaFindMemeCoins', { orderBy })).toBe(true);
    expect(ok('hederaFindMemeCoins', { orderBy: 'volume' })).toBe(false);
    expect(ok('hederaFindMemeCoins', { orderDirection: 'asc' })).toBe(true);
    expect(ok('hederaFindMemeCoins', { orderDirection: 'up' })).toBe(false);
  });
});

describe('Hedera launchpad trades', () => {
  it('take tokenId as EVM address or 0.0.x and a positive decimal amount', () => {
    for (const name of ['hederaLaunchBuyToken', 'hederaLaunchSellToken']) {
      expect(ok(name, { tokenId: EVM, amount: '10' }), name).toBe(true);
      expect(ok(name, { tokenId: '0.0.9876543', amount: '0.5' }), name).toBe(true);
      expect(ok(name, { tokenId: 'MEME', amount: '1' }), name).toBe(false);
      expect(ok(name, { tokenId: EVM, amount: '0' }), name).toBe(false);
      expect(ok(name, { tokenId: EVM }), name).toBe(false);
      expect(ok(name, { amount: '1' }), name).toBe(false);
    }
  });
});
