import { describe, expect, it } from 'vitest';
import { inputJsonSchema } from '../json-schema.js';
import { familyHelpers } from './family.testutil.js';
import { solanaTools } from './solana.js';

const { tool, ok, parsed, issues, agree, uniqueSpecNames, expectStrictJsonSchemas } = familyHelpers(solanaTools);

const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MINT2 = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xaB7rTkUh4c2bnT';
const WSOL = 'So11111111111111111111111111111111111111112';

const SPEC: Record<string, { identity: boolean; price: string; effect: 'read' | 'write' }> = {
  solanaBalances: { identity: true, price: '0.0012', effect: 'read' },
  solanaTransfer: { identity: true, price: '0.0012', effect: 'write' },
  findSolanaSwapToken: { identity: false, price: '0.0926', effect: 'read' },
  splBuyIntent: { identity: true, price: '0.0012', effect: 'write' },
  solanaGetTokenPairPrice: { identity: false, price: '0.0238', effect: 'read' },
  solanaGetTokenPrices: { identity: false, price: '0.0876', effect: 'read' },
  riskcheckToken: { identity: false, price: '0.1006', effect: 'read' },
  getCurveTokens: { identity: false, price: '0.0813', effect: 'read' },
  launchToken: { identity: true, price: '0.0012', effect: 'write' },
  claimSvcLaunchpadFees: { identity: true, price: '0.0012', effect: 'write' },
  claimCurveFees: { identity: true, price: '0.0012', effect: 'write' },
  curveLaunchToken: { identity: true, price: '0.0120', effect: 'write' },
  curveTradeQuote: { identity: true, price: '0.0120', effect: 'read' },
  curveBuyToken: { identity: true, price: '0.0120', effect: 'write' },
  curveSellToken: { identity: true, price: '0.0120', effect: 'write' },
  burnSvcLaunchpadToken: { identity: true, price: '0.0120', effect: 'write' },
  burnCurveToken: { identity: true, price: '0.0120', effect: 'write' },
  createPadToken: { identity: true, price: '0.0012', effect: 'write' },
  discoverPadTokens: { identity: false, price: '0.0799', effect: 'read' },
  findSolanaGems: { identity: true, price: '0.1069', effect: 'read' },
};

describe('solanaTools: membership and metadata', () => {
  it('holds exactly the 20 Solana tools of the spec, each once, all in tools.txt', () => {
    const names = uniqueSpecNames();
    expect([...names].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it('uses group Solana, the spec price, identity and effect of every tool', () => {
    for (const t of solanaTools) {
      expect(t.group, t.name).toBe('Solana');
      expect({ identity: t.identity, price: t.price, effect: t.effect }, t.name).toEqual(SPEC[t.name]);
    }
  });

  it('publishes JSON Schemas that ajv compiles, strict objects rejecting unknown keys', () => {
    expectStrictJsonSchemas();
    expect(ok('solanaBalances', {})).toBe(true);
    expect(ok('solanaBalances', { extra: 1 })).toBe(false);
    expect(ok('claimCurveFees', {})).toBe(true);
    expect(ok('claimCurveFees', { tokenAddress: MINT })).toBe(false);
    expect(ok('riskcheckToken', { tokenMint: MINT, extra: true })).toBe(false);
  });
});

describe('solanaTransfer', () => {
  const base = { toWalletAddress: MINT2, amount: 1.5, tokenAddress: 'SOL' };
  it('accepts SOL exactly or an SPL mint as tokenAddress', () => {
    expect(ok('solanaTransfer', base)).toBe(true);
    expect(ok('solanaTransfer', { ...base, tokenAddress: MINT })).toBe(true);
    expect(ok('solanaTransfer', { ...base, tokenAddress: WSOL })).toBe(true);
    expect(ok('solanaTransfer', { ...base, tokenAddress: 'sol' })).toBe(false);
    expect(ok('solanaTransfer', { ...base, tokenAddress: 'Sol' })).toBe(false);
    expect(ok('solanaTransfer', { ...base, tokenAddress: '0OIl' + MINT.slice(4) })).toBe(false);
    expect(ok('solanaTransfer', { ...base, tokenAddress: MINT.slice(0, 31) })).toBe(false);
  });
  it('requires a positive number amount (no max, no strings)', () => {
    expect(ok('solanaTransfer', { ...base, amount: 0.000001 })).toBe(true);
    expect(ok('solanaTransfer', { ...base, amount: 0 })).toBe(false);
    expect(ok('solanaTransfer', { ...base, amount: -1 })).toBe(false);
    expect(ok('solanaTransfer', { ...base, amount: '1' })).toBe(false);
    expect(ok('solanaTransfer', { ...base, amount: 'max' })).toBe(false);
  });
  it('requires every field and a non-empty recipient', () => {
    for (const key of Object.keys(base)) {
      const { [key]: _omit, ...rest } = base as Record<string, unknown>;
      expect(ok('solanaTransfer', rest), key).toBe(false);
    }
    expect(ok('solanaTransfer', { ...base, toWalletAddress: '' })).toBe(false);
  });
});

describe('splBuyIntent', () => {
  const base = { mode: 'quote', token: 'BONK', amount_text: '0.5 sol' };
  it('defaults spend_token to SOL and requires mode, token, amount_text', () => {
    expect(parsed('splBuyIntent', base).spend_token).toBe('SOL');
    expect(ok('splBuyIntent', { ...base, mode: 'swap' })).toBe(true);
    expect(ok('splBuyIntent', { ...base, mode: 'buy' })).toBe(false);
    expect(ok('splBuyIntent', { token: 'BONK', amount_text: '1' })).toBe(false);
    expect(ok('splBuyIntent', { mode: 'quote', amount_text: '1' })).toBe(false);
    expect(ok('splBuyIntent', { mode: 'quote', token: 'BONK' })).toBe(false);
    expect(ok('splBuyIntent', { ...base, token: '' })).toBe(false);
    expect(ok('splBuyIntent', { ...base, amount_text: '' })).toBe(false);
  });
  it('accepts every amount_text form with the default spend token', () => {
    for (const text of ['1000', '1.5k', '2M', '0.5 sol', '0.5 SOL', '$20', '20 usd', '1 k'])
      agree('splBuyIntent', { ...base, amount_text: text }, true);
  });
  it("rejects 'N SYMBOL' of another token when spend_token is SOL (default or explicit), in zod and JSON Schema", () => {
    agree('splBuyIntent', { ...base, amount_text: '100 USDC' }, false);
    agree('splBuyIntent', { ...base, amount_text: '100 USDC', spend_token: 'SOL' }, false);
    agree('splBuyIntent', { ...base, amount_text: '100 USDC', spend_token: 'sol' }, false);
    expect(issues('splBuyIntent', { ...base, amount_text: '100 USDC' })).toEqual([
      { path: 'amount_text', message: expect.stringContaining('SYMBOL must match spend_token') },
    ]);
  });
  it("accepts 'N SYMBOL' when spend_token names another token", () => {
    agree('splBuyIntent', { ...base, amount_text: '100 USDC', spend_token: 'USDC' }, true);
    agree('splBuyIntent', { ...base, amount_text: '100 USDC', spend_token: MINT }, true);
    agree('splBuyIntent', { ...base, amount_text: '1000000 BONK', spend_token: 'BONK' }, true);
  });
});

describe('Solana mint fields', () => {
  it('solanaGetTokenPairPrice needs two mints', () => {
    expect(ok('solanaGetTokenPairPrice', { inputMint: MINT, outputMint: WSOL })).toBe(true);
    expect(ok('solanaGetTokenPairPrice', { inputMint: MINT })).toBe(false);
    expect(ok('solanaGetTokenPairPrice', { inputMint: MINT, outputMint: 'USDC' })).toBe(false);
  });
  it('solanaGetTokenPrices takes 1 to 100 mints', () => {
    expect(ok('solanaGetTokenPrices', { tokenMints: [MINT] })).toBe(true);
    expect(ok('solanaGetTokenPrices', { tokenMints: Array(100).fill(MINT) })).toBe(true);
    expect(ok('solanaGetTokenPrices', { tokenMints: Array(101).fill(MINT) })).toBe(false);
    expect(ok('solanaGetTokenPrices', { tokenMints: [] })).toBe(false);
    expect(ok('solanaGetTokenPrices', { tokenMints: ['not-a-mint'] })).toBe(false);
    expect(ok('solanaGetTokenPrices', {})).toBe(false);
  });
  it('riskcheckToken, claimSvcLaunchpadFees take a mint', () => {
    expect(ok('riskcheckToken', { tokenMint: MINT })).toBe(true);
    expect(ok('riskcheckToken', { tokenMint: '0x' + 'a'.repeat(40) })).toBe(false);
    expect(ok('claimSvcLaunchpadFees', { tokenAddress: MINT })).toBe(true);
    expect(ok('claimSvcLaunchpadFees', {})).toBe(false);
  });
  it('findSolanaSwapToken needs a non-empty tokenName', () => {
    expect(ok('findSolanaSwapToken', { tokenName: 'bonk' })).toBe(true);
    expect(ok('findSolanaSwapToken', { tokenName: '' })).toBe(false);
    expect(ok('findSolanaSwapToken', {})).toBe(false);
  });
});

describe('getCurveTokens', () => {
  it('applies the spec defaults', () => {
    expect(parsed('getCurveTokens', { type: 'graduated' })).toEqual({
      type: 'graduated',
      chain: 'sol',
      context: 'meme',
      limit: 5,
      marketCap_gte: 30000,
      volume_gte: 5000,
      holderCount_gte: 30,
    });
  });
  it('requires type from the three lifecycle classes and checks the enums', () => {
    for (const type of ['newly_created', 'about_to_graduate', 'graduated'])
      expect(ok('getCurveTokens', { type })).toBe(true);
    expect(ok('getCurveTokens', {})).toBe(false);
    expect(ok('getCurveTokens', { type: 'new' })).toBe(false);
    expect(ok('getCurveTokens', { type: 'graduated', orderBy: 'curvePercent+desc' })).toBe(true);
    expect(ok('getCurveTokens', { type: 'graduated', orderBy: 'createdAt+desc' })).toBe(true);
    expect(ok('getCurveTokens', { type: 'graduated', orderBy: 'createdAt+asc' })).toBe(false);
    expect(ok('getCurveTokens', { type: 'graduated', chain: 'eth' })).toBe(false);
    expect(ok('getCurveTokens', { type: 'graduated', context: 'ai' })).toBe(false);
  });
  it('takes _gte and _lte number filters on each of the ten metrics, nothing else', () => {
    const metrics = [
      'marketCap',
      'liquidUsd',
      'volume',
      'devHoldPercent',
      'insiderHoldPercent',
      'holderCount',
      'buyCount',
      'sellCount',
      'tradeCount',
      'sniperWalletCount',
    ];
    for (const m of metrics) {
      for (const suffix of ['_gte', '_lte']) {
        expect(parsed('getCurveTokens', { type: 'graduated', [m + suffix]: 7 })[m + suffix], m + suffix).toBe(7);
        expect(ok('getCurveTokens', { type: 'graduated', [m + suffix]: '7' }), m + suffix).toBe(false);
      }
    }
    expect(ok('getCurveTokens', { type: 'graduated', marketCap_gt: 1 })).toBe(false);
    expect(Object.keys(inputJsonSchema(tool('getCurveTokens')).properties as object)).toHaveLength(25);
  });
});

describe('launchToken', () => {
  const base = { name: 'Cat', symbol: 'CAT' };
  it('accepts a minimal body and the nullable optional fields', () => {
    expect(ok('launchToken', base)).toBe(true);
    expect(
      ok('launchToken', {
        ...base,
        description: null,
        twitter: null,
        telegram: null,
        website: null,
        fileUrl: null,
        file: null,
      }),
    ).toBe(true);
    expect(
      ok('launchToken', { ...base, description: 'd', fileUrl: 'https://x.y/a.png', file: 'data:image/png;base64,AAA' }),
    ).toBe(true);
    expect(ok('launchToken', { name: 'Cat' })).toBe(false);
    expect(ok('launchToken', { ...base, name: '' })).toBe(false);
  });
  it('bounds initialBuyInSol at >= 0', () => {
    expect(ok('launchToken', { ...base, initialBuyInSol: 0 })).toBe(true);
    expect(ok('launchToken', { ...base, initialBuyInSol: -0.0001 })).toBe(false);
  });
  it('bounds each fee-sharing percentage to 0.01..100', () => {
    agree('launchToken', { ...base, feeSharingRecipients: [{ address: MINT, percentage: 100 }] }, true);
    agree('launchToken', { ...base, feeSharingRecipients: [{ address: MINT, percentage: 100.01 }] }, false);
    agree(
      'launchToken',
      {
        ...base,
        feeSharingRecipients: [
          { address: MINT, percentage: 99.99 },
          { address: MINT2, percentage: 0.01 },
        ],
      },
      true,
    );
    agree(
      'launchToken',
      {
        ...base,
        feeSharingRecipients: [
          { address: MINT, percentage: 100 },
          { address: MINT2, percentage: 0.009 },
        ],
      },
      false,
    );
    agree('launchToken', { ...base, feeSharingRecipients: [{ address: MINT, percentage: 100, extra: 1 }] }, false);
    agree('launchToken', { ...base, feeSharingRecipients: [{ percentage: 100 }] }, false);
    agree('launchToken', { ...base, feeSharingRecipients: [{ address: MINT }] }, false);
    agree('launchToken', { ...base, feeSharingRecipients: null }, true);
    agree('launchToken', { ...base, feeSharingRecipients: [] }, false);
  });
  it('requires the percentages to sum to 100 (zod only; not expressible in JSON Schema)', () => {
    const thirds = [33.33, 33.33, 33.34].map((percentage, i) => ({ address: [MINT, MINT2, WSOL][i], percentage }));
    expect(ok('launchToken', { ...base, feeSharingRecipients: thirds })).toBe(true);
    const short = [
      { address: MINT, percentage: 50 },
      { address: MINT2, percentage: 49.99 },
    ];
    expect(issues('launchToken', { ...base, feeSharingRecipients: short })).toEqual([
      { path: 'feeSharingRecipients', message: expect.stringContaining('must sum to 100') },
    ]);
    expect(
      ok('launchToken', {
        ...base,
        feeSharingRecipients: [
          { address: MINT, percentage: 60 },
          { address: MINT2, percentage: 60 },
        ],
      }),
    ).toBe(false);
    expect(ok('launchToken', { ...base, feeSharingRecipients: [{ address: MINT, percentage: 50 }] })).toBe(false);
    expect(JSON.stringify(inputJsonSchema(tool('launchToken')))).toContain('sum to 100');
  });
});

describe('curve tools', () => {
  it('curveLaunchToken: non-empty name and symbol, URI fields, devBuySol >= 0', () => {
    const base = { name: 'Cat', symbol: 'CAT' };
    expect(ok('curveLaunchToken', base)).toBe(true);
    expect(ok('curveLaunchToken', { ...base, symbol: '' })).toBe(false);
    expect(
      ok('curveLaunchToken', {
        ...base,
        logoUrl: 'https://a.b/c.png',
        website: 'https://a.b',
        twitter: 'https://x.com/a',
        telegram: 'https://t.me/a',
      }),
    ).toBe(true);
    for (const key of ['logoUrl', 'website', 'twitter', 'telegram'])
      expect(ok('curveLaunchToken', { ...base, [key]: 'not a url' }), key).toBe(false);
    expect(ok('curveLaunchToken', { ...base, devBuySol: 0 })).toBe(true);
    expect(ok('curveLaunchToken', { ...base, devBuySol: -0.1 })).toBe(false);
  });
  it('curveTradeQuote: side buy/sell, amount positive decimal string', () => {
    expect(ok('curveTradeQuote', { tokenAddress: MINT, side: 'buy', amount: '0.1' })).toBe(true);
    expect(ok('curveTradeQuote', { tokenAddress: MINT, side: 'sell', amount: '1000' })).toBe(true);
    expect(ok('curveTradeQuote', { tokenAddress: MINT, side: 'hold', amount: '1' })).toBe(false);
    expect(ok('curveTradeQuote', { tokenAddress: MINT, side: 'buy', amount: '0' })).toBe(false);
    expect(ok('curveTradeQuote', { tokenAddress: MINT, side: 'buy', amount: 1 })).toBe(false);
  });
  it('buy, sell and burn tools take a mint and a positive decimal string amount', () => {
    for (const name of ['curveBuyToken', 'curveSellToken', 'burnSvcLaunchpadToken', 'burnCurveToken']) {
      expect(ok(name, { tokenAddress: MINT, amount: '12.345678' }), name).toBe(true);
      expect(ok(name, { tokenAddress: MINT, amount: '0.0' }), name).toBe(false);
      expect(ok(name, { tokenAddress: MINT, amount: '1e3' }), name).toBe(false);
      expect(ok(name, { tokenAddress: MINT, amount: 'max' }), name).toBe(false);
      expect(ok(name, { tokenAddress: 'x', amount: '1' }), name).toBe(false);
      expect(ok(name, { amount: '1' }), name).toBe(false);
    }
  });
});

describe('createPadToken', () => {
  const base = { name: 'Pad', symbol: 'PAD', description: 'a token' };
  it('applies the spec defaults', () => {
    expect(parsed('createPadToken', base)).toEqual({
      ...base,
      twitter: '',
      website: '',
      telegram: '',
      solRaised: 85,
      bondingCurve: 80,
      poolMigration: 20,
      tokenSupply: '1000000000',
    });
  });
  it('requires name, symbol, description', () => {
    expect(ok('createPadToken', { name: 'Pad', symbol: 'PAD' })).toBe(false);
    expect(ok('createPadToken', { ...base, name: '' })).toBe(false);
  });
  it('bounds solRaised >= 35', () => {
    expect(ok('createPadToken', { ...base, solRaised: 35 })).toBe(true);
    expect(ok('createPadToken', { ...base, solRaised: 34.99 })).toBe(false);
  });
  it('bounds bondingCurve to 51..80', () => {
    expect(ok('createPadToken', { ...base, bondingCurve: 51 })).toBe(true);
    expect(ok('createPadToken', { ...base, bondingCurve: 80 })).toBe(true);
    expect(ok('createPadToken', { ...base, bondingCurve: 50.99 })).toBe(false);
    expect(ok('createPadToken', { ...base, bondingCurve: 80.01 })).toBe(false);
  });
  it('bounds poolMigration to 20..49', () => {
    expect(ok('createPadToken', { ...base, poolMigration: 20 })).toBe(true);
    expect(ok('createPadToken', { ...base, poolMigration: 49 })).toBe(true);
    expect(ok('createPadToken', { ...base, poolMigration: 19.99 })).toBe(false);
    expect(ok('createPadToken', { ...base, poolMigration: 49.01 })).toBe(false);
  });
  it('takes tokenSupply as one of three strings', () => {
    for (const s of ['100000000', '1000000000', '10000000000'])
      expect(ok('createPadToken', { ...base, tokenSupply: s })).toBe(true);
    expect(ok('createPadToken', { ...base, tokenSupply: 1000000000 })).toBe(false);
    expect(ok('createPadToken', { ...base, tokenSupply: '5000' })).toBe(false);
  });
});

describe('discoverPadTokens', () => {
  it('applies the spec defaults and requires sort', () => {
    expect(parsed('discoverPadTokens', { sort: 'new' })).toEqual({
      sort: 'new',
      size: 5,
      mintType: 'default',
      includeNsfw: true,
      platformId: 'PlatformWhiteList',
    });
    expect(ok('discoverPadTokens', {})).toBe(false);
    expect(ok('discoverPadTokens', { sort: 'hot' })).toBe(false);
    expect(ok('discoverPadTokens', { sort: 'marketCap', mintType: 'graduated' })).toBe(false);
    expect(ok('discoverPadTokens', { sort: 'lastTrade', nextPageId: 'abc' })).toBe(true);
  });
});

describe('findSolanaGems', () => {
  it('applies the spec defaults and requires category', () => {
    expect(parsed('findSolanaGems', { category: 'stocks' })).toEqual({
      category: 'stocks',
      sortBy: 'trending',
      timeframe: '24h',
      limit: 5,
    });
    expect(ok('findSolanaGems', {})).toBe(false);
    expect(ok('findSolanaGems', { category: 'memes' })).toBe(false);
    expect(ok('findSolanaGems', { category: 'tokens', sortBy: 'organic', timeframe: '5m' })).toBe(true);
    expect(ok('findSolanaGems', { category: 'tokens', timeframe: '7d' })).toBe(false);
  });
  it('bounds limit to 1..20', () => {
    expect(ok('findSolanaGems', { category: 'tokens', limit: 1 })).toBe(true);
    expect(ok('findSolanaGems', { category: 'tokens', limit: 20 })).toBe(true);
    expect(ok('findSolanaGems', { category: 'tokens', limit: 0 })).toBe(false);
    expect(ok('findSolanaGems', { category: 'tokens', limit: 21 })).toBe(false);
  });
  it('takes the numeric min/max filters', () => {
    expect(
      ok('findSolanaGems', {
        category: 'tokens',
        minLiquidity: 1000,
        maxMcap: 5e6,
        minHolderCount: 100,
        maxNumNetBuyers: 9,
      }),
    ).toBe(true);
    expect(ok('findSolanaGems', { category: 'tokens', minLiquidity: '1000' })).toBe(false);
  });
});
