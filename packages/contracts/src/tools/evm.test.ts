import { describe, expect, it } from 'vitest';
import { evmTools } from './evm.js';
import { familyHelpers } from './family.testutil.js';

const { tool, ok, parsed, agree, uniqueSpecNames, expectStrictJsonSchemas } = familyHelpers(evmTools);

const ADDR = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const ADDR2 = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';

/** The spec's per-chain table. */
const CHAINS = [
  {
    group: 'Ethereum',
    native: 'ethNativeSend',
    erc20: 'ethSendERC20Token',
    nft: 'ethSendNFT',
    balances: 'ethGetBalances',
    quote: 'ethSwapQuote',
    swap: 'ethSwap',
  },
  {
    group: 'BSC',
    native: 'bnbNativeSend',
    erc20: 'bscSendERC20Token',
    nft: null,
    balances: 'bscGetBalances',
    quote: 'bscSwapQuote',
    swap: 'bscSwap',
  },
  {
    group: 'Polygon',
    native: 'polygonNativeSend',
    erc20: 'polygonSendERC20Token',
    nft: null,
    balances: 'polygonGetBalances',
    quote: 'polygonSwapQuote',
    swap: 'polygonSwap',
  },
  {
    group: 'Base',
    native: 'baseNativeSend',
    erc20: 'baseSendERC20Token',
    nft: 'baseSendNFT',
    balances: 'baseGetBalances',
    quote: 'baseSwapQuote',
    swap: 'baseSwap',
  },
  {
    group: 'Alt Chain',
    native: 'altchainNativeSend',
    erc20: 'altchainSendERC20Token',
    nft: 'altchainSendNFT',
    balances: 'altchainGetBalances',
    quote: 'altchainSwapQuote',
    swap: 'altchainSwap',
  },
] as const;
const BONDING = ['bscfindMemeCoinsViaBonding', 'bscBuyBondingToken', 'bscSellBondingToken', 'isBondingToken'];
const NFT_TOOLS = CHAINS.flatMap((c) => (c.nft ? [c.nft] : []));

describe('evmTools: membership and metadata', () => {
  it('holds exactly the 33 EVM tools, each once, all in tools.txt', () => {
    const names = uniqueSpecNames();
    const expected = [
      ...CHAINS.flatMap((c) => [c.native, c.erc20, c.balances, c.quote, c.swap, ...(c.nft ? [c.nft] : [])]),
      ...BONDING,
      'baseFindFactoryTokens',
    ];
    expect([...names].sort()).toEqual([...expected].sort());
    expect(names).toHaveLength(33);
    expect(names).not.toContain('bscSendNFT');
    expect(names).not.toContain('polygonSendNFT');
  });

  it('gives each chain tool its group, price family, identity and effect', () => {
    for (const c of CHAINS) {
      const expectations: [string | null, string, boolean, 'read' | 'write'][] = [
        [c.native, 'evm-wallet', true, 'write'],
        [c.erc20, 'evm-wallet', true, 'write'],
        [c.nft, 'evm-wallet', true, 'write'],
        [c.balances, 'evm-wallet', true, 'read'],
        [c.quote, 'evm-swap', false, 'read'],
        [c.swap, 'evm-swap', true, 'write'],
      ];
      for (const [name, price, identity, effect] of expectations) {
        if (!name) continue;
        const t = tool(name);
        expect({ group: t.group, price: t.price, identity: t.identity, effect: t.effect }, name).toEqual({
          group: c.group,
          price,
          identity,
          effect,
        });
      }
    }
  });

  it('gives the bonding and factory tools their group, family launchpad, identity and effect', () => {
    const spec: Record<string, [string, boolean, 'read' | 'write']> = {
      bscfindMemeCoinsViaBonding: ['BSC', false, 'read'],
      bscBuyBondingToken: ['BSC', true, 'write'],
      bscSellBondingToken: ['BSC', true, 'write'],
      isBondingToken: ['BSC', false, 'read'],
      baseFindFactoryTokens: ['Base', false, 'read'],
    };
    for (const [name, [group, identity, effect]] of Object.entries(spec)) {
      const t = tool(name);
      expect({ group: t.group, price: t.price, identity: t.identity, effect: t.effect }, name).toEqual({
        group,
        price: 'launchpad',
        identity,
        effect,
      });
    }
  });

  it('publishes compilable strict JSON Schemas', () => {
    expectStrictJsonSchemas();
  });
});

describe('native and ERC-20 sends', () => {
  for (const c of CHAINS) {
    it(`${c.native}: to optional EVMADDR, amount decimal string or 'max'`, () => {
      for (const amount of ['1', '0.5', '12.000001', 'max']) agree(c.native, { to: ADDR, amount }, true);
      agree(c.native, { amount: '1' }, true);
      for (const amount of ['0', '0.0', '-1', '1e3', 'MAX', 'all', '', '.5'])
        agree(c.native, { to: ADDR, amount }, false);
      agree(c.native, { to: ADDR, amount: 1 }, false);
      agree(c.native, { to: ADDR }, false);
      agree(c.native, { to: ADDR.toLowerCase().slice(0, 41), amount: '1' }, false);
      agree(c.native, { to: 'vitalik.eth', amount: '1' }, false);
      agree(c.native, { to: ADDR, amount: '1', token: ADDR2 }, false);
      expect(tool(c.native).description).toContain('to is required to send');
    });
    it(`${c.erc20}: token optional EVMADDR`, () => {
      agree(c.erc20, { to: ADDR, amount: 'max', token: ADDR2 }, true);
      agree(c.erc20, { amount: '3' }, true);
      agree(c.erc20, { to: ADDR, amount: '3', token: 'USDC' }, false);
      agree(c.erc20, { to: ADDR, token: ADDR2 }, false);
    });
    it(`${c.balances}: empty body`, () => {
      expect(ok(c.balances, {})).toBe(true);
      expect(ok(c.balances, { address: ADDR })).toBe(false);
    });
  }
});

describe('NFT sends', () => {
  const base = { to: ADDR, tokenAddress: ADDR2, tokenId: '1234', tokenStandard: 'ERC721' };
  it('ethSendNFT requires chainId from CHAINID5', () => {
    for (const chainId of [1, 56, 137, 8453, 4663]) agree('ethSendNFT', { ...base, chainId }, true);
    agree('ethSendNFT', base, false);
    agree('ethSendNFT', { ...base, chainId: 10 }, false);
    agree('ethSendNFT', { ...base, chainId: '1' }, false);
  });
  it('baseSendNFT and altchainSendNFT take no chainId', () => {
    for (const name of ['baseSendNFT', 'altchainSendNFT']) {
      agree(name, base, true);
      agree(name, { ...base, chainId: 8453 }, false);
    }
  });
  for (const name of NFT_TOOLS) {
    const body = name === 'ethSendNFT' ? { ...base, chainId: 1 } : base;
    it(`${name}: tokenId decimal string, tokenStandard enum, quantity integer > 0, to/tokenAddress optional`, () => {
      agree(name, { ...body, tokenId: '0' }, true);
      agree(
        name,
        { ...body, tokenId: '115792089237316195423570985008687907853269984665640564039457584007913129639935' },
        true,
      );
      for (const tokenId of ['', '1.5', '-1', '0x1f', 'abc']) agree(name, { ...body, tokenId }, false);
      agree(name, { ...body, tokenId: 12 }, false);
      agree(name, { ...body, tokenStandard: 'ERC1155', quantity: 1 }, true);
      agree(name, { ...body, tokenStandard: 'ERC1155', quantity: 0 }, false);
      agree(name, { ...body, tokenStandard: 'ERC1155', quantity: 2.5 }, false);
      agree(name, { ...body, tokenStandard: 'ERC20' }, false);
      agree(name, { ...body, tokenStandard: 'erc721' }, false);
      const { tokenStandard: _s, ...noStandard } = body;
      agree(name, noStandard, false);
      const { tokenId: _i, ...noId } = body;
      agree(name, noId, false);
      const { to: _t, tokenAddress: _a, ...noAddresses } = body;
      agree(name, noAddresses, true);
      agree(name, { ...body, tokenAddress: 'punks' }, false);
    });
    it(`${name}: quantity is accepted (and ignored by the handler) for ERC721`, () => {
      agree(name, { ...body, tokenStandard: 'ERC721', quantity: 3 }, true);
    });
  }
});

describe('swap quotes and swaps', () => {
  const GOOD = ['1', '0.25', '$5', '$0.5', '5 usd', '5 USD', '5usd', '5 Usd', 'max'];
  const BAD = ['0', '$0', '0 usd', '-5', '$', 'usd', '5 dollars', '5 eur', '$5 usd', 'MAX', '1e18', '', ' 5', '5 usd '];
  for (const c of CHAINS) {
    for (const name of [c.quote, c.swap]) {
      it(`${name}: sellAmount forms, optional EVM token addresses`, () => {
        for (const sellAmount of GOOD)
          agree(name, { sellTokenAddress: ADDR, buyTokenAddress: ADDR2, sellAmount }, true);
        for (const sellAmount of BAD)
          agree(name, { sellTokenAddress: ADDR, buyTokenAddress: ADDR2, sellAmount }, false);
        agree(name, { sellAmount: '1' }, true);
        agree(name, { sellTokenAddress: ADDR }, false);
        agree(name, { sellTokenAddress: 'ETH', sellAmount: '1' }, false);
        agree(name, { buyTokenAddress: ADDR.slice(0, 40), sellAmount: '1' }, false);
        agree(name, { sellAmount: 5 }, false);
      });
    }
  }
});

describe('BSC bonding launchpad', () => {
  it('bscfindMemeCoinsViaBonding: defaults and enums', () => {
    expect(parsed('bscfindMemeCoinsViaBonding', {})).toEqual({ orderBy: 'Hot', pageIndex: 1, pageSize: 30 });
    for (const orderBy of ['TimeDesc', 'Hot', 'ProgressDesc'])
      expect(ok('bscfindMemeCoinsViaBonding', { orderBy })).toBe(true);
    expect(ok('bscfindMemeCoinsViaBonding', { orderBy: 'BnTimeDesc' })).toBe(false);
    for (const labels of ['AI', 'Defi', 'Games', 'Meme', 'Infra', 'DeSci', 'Social', 'Depin', 'Charity', 'Others']) {
      expect(ok('bscfindMemeCoinsViaBonding', { labels }), labels).toBe(true);
    }
    expect(ok('bscfindMemeCoinsViaBonding', { labels: 'meme' })).toBe(false);
    expect(
      ok('bscfindMemeCoinsViaBonding', {
        tokenName: 'dog',
        symbol: 'DOG',
        listedDex: true,
        pageIndex: 2,
        pageSize: 10,
      }),
    ).toBe(true);
    expect(ok('bscfindMemeCoinsViaBonding', { listedDex: 'yes' })).toBe(false);
  });
  it('bscBuyBondingToken: bnbAmount positive decimal string, tokenAddress optional', () => {
    agree('bscBuyBondingToken', { tokenAddress: ADDR, bnbAmount: '0.1' }, true);
    agree('bscBuyBondingToken', { bnbAmount: '0.1' }, true);
    agree('bscBuyBondingToken', { tokenAddress: ADDR, bnbAmount: 'max' }, false);
    agree('bscBuyBondingToken', { tokenAddress: ADDR, bnbAmount: '0' }, false);
    agree('bscBuyBondingToken', { tokenAddress: ADDR }, false);
  });
  it("bscSellBondingToken: tokenAmount decimal string or 'max'", () => {
    agree('bscSellBondingToken', { tokenAddress: ADDR, tokenAmount: 'max' }, true);
    agree('bscSellBondingToken', { tokenAddress: ADDR, tokenAmount: '1000' }, true);
    agree('bscSellBondingToken', { tokenAddress: ADDR, tokenAmount: '0' }, false);
    agree('bscSellBondingToken', { tokenAddress: ADDR }, false);
  });
  it('isBondingToken: optional tokenAddress', () => {
    agree('isBondingToken', {}, true);
    agree('isBondingToken', { tokenAddress: ADDR }, true);
    agree('isBondingToken', { tokenAddress: 'x' }, false);
  });
});

describe('baseFindFactoryTokens', () => {
  it('applies the defaults', () => {
    expect(parsed('baseFindFactoryTokens', {})).toEqual({
      limit: 20,
      offset: 0,
      sortBy: 'market-cap',
      sort: 'desc',
      chainId: 8453,
      includeMarket: true,
      includeUser: false,
    });
  });
  it('checks the enums and types', () => {
    expect(ok('baseFindFactoryTokens', { sortBy: 'created-at', sort: 'asc', q: 'degen' })).toBe(true);
    expect(ok('baseFindFactoryTokens', { sortBy: 'volume' })).toBe(false);
    expect(ok('baseFindFactoryTokens', { sort: 'up' })).toBe(false);
    expect(ok('baseFindFactoryTokens', { includeUser: 'true' })).toBe(false);
    expect(ok('baseFindFactoryTokens', { limit: '20' })).toBe(false);
  });
});
