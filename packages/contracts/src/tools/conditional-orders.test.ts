import { describe, expect, expectTypeOf, it } from 'vitest';
import { ETH_NATIVE, SOL_NATIVE } from '../formats.js';
import { inputJsonSchema } from '../json-schema.js';
import { conditionalOrderTools } from './conditional-orders.js';
import { expectAccepted, expectRejected, familyHelpers } from './family.testutil.js';

const { tool, parse, crossCheck } = familyHelpers(conditionalOrderTools);
/** Every body is parsed with zod and checked against the published JSON Schema, which must give the same verdict. */
const ok = (name: string, input: unknown) => expectAccepted(crossCheck(name, input));
const fails = (name: string, input: unknown, path?: PropertyKey[], message?: RegExp) =>
  expectRejected(crossCheck(name, input), path, message);

const EVM_A = '0x1111111111111111111111111111111111111111';
const EVM_B = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SOL_A = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const CHAINS = [
  { key: 'Solana', group: 'Solana', token: SOL_A, native: SOL_NATIVE, foreign: EVM_A },
  { key: 'Ethereum', group: 'Ethereum', token: EVM_B, native: ETH_NATIVE, foreign: SOL_A },
  { key: 'Bsc', group: 'BSC', token: EVM_B, native: ETH_NATIVE, foreign: SOL_A },
  { key: 'Polygon', group: 'Polygon', token: EVM_B, native: ETH_NATIVE, foreign: SOL_A },
  { key: 'Base', group: 'Base', token: EVM_B, native: ETH_NATIVE, foreign: SOL_A },
] as const;

const POSITION_TOOLS: Record<string, 'read' | 'write'> = {
  findPositionById: 'read',
  getAllPositions: 'read',
  cancelPosition: 'write',
  updatePosition: 'write',
  deleteConditionalOrder: 'write',
  listPositions: 'read',
  closeAllPositions: 'write',
};

describe('conditionalOrderTools catalog entries', () => {
  it('has the ten create tools, the seven position tools and calculateAdjustedPrice, each once', () => {
    const names = conditionalOrderTools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(
      [
        ...CHAINS.flatMap((c) => [`create${c.key}ConditionalEntry`, `create${c.key}ConditionalExit`]),
        ...Object.keys(POSITION_TOOLS),
        'calculateAdjustedPrice',
      ].sort(),
    );
  });

  it('keeps literal tool names in the type', () => {
    expectTypeOf<(typeof conditionalOrderTools)[number]['name']>().toEqualTypeOf<
      | 'createSolanaConditionalEntry'
      | 'createSolanaConditionalExit'
      | 'createEthereumConditionalEntry'
      | 'createEthereumConditionalExit'
      | 'createBscConditionalEntry'
      | 'createBscConditionalExit'
      | 'createPolygonConditionalEntry'
      | 'createPolygonConditionalExit'
      | 'createBaseConditionalEntry'
      | 'createBaseConditionalExit'
      | 'findPositionById'
      | 'getAllPositions'
      | 'cancelPosition'
      | 'updatePosition'
      | 'deleteConditionalOrder'
      | 'listPositions'
      | 'closeAllPositions'
      | 'calculateAdjustedPrice'
    >();
  });

  it.each(
    CHAINS.flatMap((c) => [`create${c.key}ConditionalEntry`, `create${c.key}ConditionalExit`].map((n) => [n, c.group])),
  )('%s: group %s, identity, write, conditional-orders price family', (name, group) => {
    const t = tool(name);
    expect(t.group).toBe(group);
    expect(t.identity).toBe(true);
    expect(t.effect).toBe('write');
    expect(t.price).toBe('conditional-orders');
  });

  it.each(Object.entries(POSITION_TOOLS))('%s: group Core, 0.0012, identity, effect %s', (name, effect) => {
    const t = tool(name);
    expect(t.group).toBe('Core');
    expect(t.price).toBe('0.0012');
    expect(t.identity).toBe(true);
    expect(t.effect).toBe(effect);
  });

  it('calculateAdjustedPrice: group Core, price-helper family, open, read', () => {
    const t = tool('calculateAdjustedPrice');
    expect([t.group, t.price, t.identity, t.effect]).toEqual(['Core', 'price-helper', false, 'read']);
  });

  it.each(conditionalOrderTools.map((t) => t.name))('%s rejects unknown keys', (name) => {
    expect(parse(name, { notAField: 1 }).success).toBe(false);
  });

  it('the four EVM chains share one schema per body kind; Solana differs only in the address pattern', () => {
    for (const kind of ['Entry', 'Exit']) {
      const [solana, ...evm] = CHAINS.map((c) =>
        JSON.stringify(inputJsonSchema(tool(`create${c.key}Conditional${kind}`))),
      );
      for (const other of evm) expect(other).toBe(evm[0]);
      expect(solana).not.toBe(evm[0]);
      const asEvm = solana!.replaceAll(
        JSON.stringify('^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
        JSON.stringify('^0x[0-9a-fA-F]{40}$'),
      );
      expect(asEvm).toBe(evm[0]);
    }
  });
});

describe.each(CHAINS)('create$key conditional entry', ({ key, token, native, foreign }) => {
  const name = `create${key}ConditionalEntry`;
  const market = { targetToken: token, fundingToken: native, fundingQuantity: 0.5, entryType: 'MARKET' };
  const limit = {
    targetToken: token,
    fundingToken: native,
    targetQuantity: 100,
    entryType: 'LIMIT',
    entryPriceUsd: '0.0123',
    entryDirection: 'BELOW',
  };

  it('accepts a MARKET entry with the native-coin constant and a LIMIT entry', () => {
    expect(ok(name, market)).toEqual(market);
    ok(name, limit);
    ok(name, { ...limit, entryType: 'STOP_MARKET', entryDirection: 'ABOVE' });
    ok(name, { ...market, targetToken: native, fundingToken: token });
  });

  it('token fields use the chain address format', () => {
    fails(name, { ...market, targetToken: foreign }, ['targetToken']);
    fails(name, { ...market, fundingToken: foreign }, ['fundingToken']);
    fails(name, { ...market, targetToken: '' }, ['targetToken']);
    const { targetToken: _t, ...noTarget } = market;
    fails(name, noTarget, ['targetToken']);
    const { fundingToken: _f, ...noFunding } = market;
    fails(name, noFunding, ['fundingToken']);
  });

  it('targetQuantity xor fundingQuantity', () => {
    fails(name, { ...market, targetQuantity: 1 }, ['fundingQuantity'], /mutually exclusive/);
    const { fundingQuantity: _q, ...neither } = market;
    fails(name, neither, ['fundingQuantity'], /exactly one/);
    ok(name, { ...neither, targetQuantity: 1 });
  });

  it('quantities are numbers > 0 (never USD strings)', () => {
    ok(name, { ...market, fundingQuantity: 1e-9 });
    fails(name, { ...market, fundingQuantity: 0 }, ['fundingQuantity']);
    fails(name, { ...market, fundingQuantity: -1 }, ['fundingQuantity']);
    fails(name, { ...market, fundingQuantity: '$5' }, ['fundingQuantity']);
    fails(name, { ...limit, targetQuantity: 0 }, ['targetQuantity']);
  });

  it('entryType is MARKET, LIMIT or STOP_MARKET', () => {
    fails(name, { ...market, entryType: 'market' }, ['entryType']);
    fails(name, { ...market, entryType: 'STOP_LIMIT' }, ['entryType']);
    const { entryType: _e, ...noType } = market;
    fails(name, noType, ['entryType']);
  });

  it('MARKET takes no entryPriceUsd / entryDirection', () => {
    fails(name, { ...market, entryPriceUsd: '1' }, ['entryPriceUsd'], /omitted for entryType MARKET/);
    fails(name, { ...market, entryDirection: 'ABOVE' }, ['entryDirection'], /omitted for entryType MARKET/);
  });

  it.each(['LIMIT', 'STOP_MARKET'])('%s requires entryPriceUsd and entryDirection', (entryType) => {
    const { entryPriceUsd: _p, ...noPrice } = { ...limit, entryType };
    fails(name, noPrice, ['entryPriceUsd'], new RegExp(`required for entryType ${entryType}`));
    const { entryDirection: _d, ...noDirection } = { ...limit, entryType };
    fails(name, noDirection, ['entryDirection'], /required/);
    fails(name, { ...limit, entryType, entryDirection: 'UP' }, ['entryDirection']);
    fails(name, { ...limit, entryType, entryDirection: null }, ['entryDirection']);
  });

  it('price fields are POSDEC strings', () => {
    for (const good of ['1', '0.5', '12.000', '0.00000123']) ok(name, { ...limit, entryPriceUsd: good });
    for (const bad of ['0', '0.0', '-1', '1e3', '.5', '1.', ' 1', 1.5])
      fails(name, { ...limit, entryPriceUsd: bad }, ['entryPriceUsd']);
    fails(name, { ...market, stopLossPriceUsd: '0', stopLossDirection: 'BELOW' }, ['stopLossPriceUsd']);
    fails(name, { ...market, takeProfitPriceUsd: 2, takeProfitDirection: 'ABOVE' }, ['takeProfitPriceUsd']);
  });

  it.each([
    ['stopLossPriceUsd', 'stopLossDirection', 'BELOW'],
    ['takeProfitPriceUsd', 'takeProfitDirection', 'ABOVE'],
  ])('%s needs %s when it is a price; null or omitted needs none', (price, direction, usual) => {
    ok(name, { ...market, [price]: '1.5', [direction]: usual });
    ok(name, { ...limit, [price]: '1.5', [direction]: usual === 'BELOW' ? 'ABOVE' : 'BELOW' });
    fails(name, { ...market, [price]: '1.5' }, [direction], /required when/);
    fails(name, { ...market, [price]: '1.5', [direction]: null }, [direction], /required when/);
    ok(name, { ...market, [price]: null });
    ok(name, { ...market, [price]: null, [direction]: null });
    ok(name, { ...market, [direction]: usual });
  });

  it('stop-loss and take-profit together on one entry', () => {
    ok(name, {
      ...limit,
      stopLossPriceUsd: '0.01',
      stopLossDirection: 'BELOW',
      takeProfitPriceUsd: '0.02',
      takeProfitDirection: 'ABOVE',
    });
    const r = parse(name, { ...limit, stopLossPriceUsd: '0.01', takeProfitPriceUsd: '0.02' });
    expect(r.error?.issues.map((i) => i.path)).toEqual([['stopLossDirection'], ['takeProfitDirection']]);
  });

  it('publishes the cross-field rules in the JSON Schema', () => {
    const schema = inputJsonSchema(tool(name));
    expect(schema.required).toEqual(['targetToken', 'fundingToken', 'entryType']);
    expect(JSON.stringify(schema.allOf)).toContain(
      '"oneOf":[{"required":["targetQuantity"]},{"required":["fundingQuantity"]}]',
    );
    expect(JSON.stringify(schema.allOf)).toContain('"else":{"required":["entryPriceUsd","entryDirection"]}');
  });
});

describe.each(CHAINS)('create$key conditional exit', ({ key, token, native, foreign }) => {
  const name = `create${key}ConditionalExit`;
  const exit = {
    assetToSell: token,
    receiveToken: native,
    sellQuantity: 250.5,
    exitType: 'LIMIT',
    triggerPriceUsd: '0.05',
    triggerDirection: 'ABOVE',
  };

  it('accepts a full exit body (LIMIT and STOP_MARKET)', () => {
    expect(ok(name, exit)).toEqual(exit);
    ok(name, { ...exit, exitType: 'STOP_MARKET', triggerDirection: 'BELOW' });
  });

  it.each(Object.keys(exit))('requires %s', (field) => {
    const { [field as keyof typeof exit]: _omit, ...rest } = exit;
    fails(name, rest, [field]);
  });

  it('field formats', () => {
    fails(name, { ...exit, assetToSell: foreign }, ['assetToSell']);
    fails(name, { ...exit, receiveToken: foreign }, ['receiveToken']);
    fails(name, { ...exit, exitType: 'MARKET' }, ['exitType']);
    fails(name, { ...exit, sellQuantity: 0 }, ['sellQuantity']);
    ok(name, { ...exit, sellQuantity: 1e-9 });
    fails(name, { ...exit, sellQuantity: '10' }, ['sellQuantity']);
    fails(name, { ...exit, triggerPriceUsd: '0' }, ['triggerPriceUsd']);
    fails(name, { ...exit, triggerPriceUsd: 0.05 }, ['triggerPriceUsd']);
    fails(name, { ...exit, triggerDirection: 'below' }, ['triggerDirection']);
    fails(name, { ...exit, triggerDirection: null }, ['triggerDirection']);
  });
});

describe('position tools', () => {
  it('findPositionById: positionId required non-empty', () => {
    ok('findPositionById', { positionId: 'pos_1' });
    fails('findPositionById', { positionId: '' }, ['positionId']);
    fails('findPositionById', {}, ['positionId']);
  });

  it('getAllPositions / listPositions: optional status and network enums', () => {
    expect(ok('getAllPositions', {})).toEqual({});
    for (const status of ['OPEN', 'CLOSED', 'CANCELLED', 'FAILED']) {
      ok('getAllPositions', { status });
      ok('listPositions', { status });
    }
    fails('getAllPositions', { status: 'PENDING' }, ['status']);
    fails('getAllPositions', { network: 'solana' });
    expect(ok('listPositions', {})).toEqual({});
    for (const network of ['solana', 'ethereum', 'bsc', 'polygon', 'base']) ok('listPositions', { network });
    fails('listPositions', { network: 'hedera' }, ['network']);
    fails('listPositions', { status: 'open' }, ['status']);
  });

  it('cancelPosition: positionId required, network optional NETWORK5', () => {
    ok('cancelPosition', { positionId: 'p' });
    ok('cancelPosition', { positionId: 'p', network: 'base' });
    fails('cancelPosition', { positionId: 'p', network: 'altchain' }, ['network']);
    fails('cancelPosition', { network: 'base' }, ['positionId']);
  });

  it('deleteConditionalOrder: executeEarly defaults to false (cancel)', () => {
    expect(ok('deleteConditionalOrder', { orderId: 'o1' })).toEqual({ orderId: 'o1', executeEarly: false });
    expect(ok('deleteConditionalOrder', { orderId: 'o1', executeEarly: true, network: 'solana' })).toEqual({
      orderId: 'o1',
      executeEarly: true,
      network: 'solana',
    });
    fails('deleteConditionalOrder', { orderId: 'o1', executeEarly: 'true' }, ['executeEarly']);
    fails('deleteConditionalOrder', { orderId: '' }, ['orderId']);
    fails('deleteConditionalOrder', {}, ['orderId']);
    const props = inputJsonSchema(tool('deleteConditionalOrder')).properties as Record<string, Record<string, unknown>>;
    expect(props.executeEarly?.default).toBe(false);
  });

  it('closeAllPositions: network is required', () => {
    ok('closeAllPositions', { network: 'polygon' });
    fails('closeAllPositions', {}, ['network']);
    fails('closeAllPositions', { network: 'all' }, ['network']);
  });
});

describe('updatePosition', () => {
  const name = 'updatePosition';
  it('positionId required; everything else optional', () => {
    expect(ok(name, { positionId: 'p' })).toEqual({ positionId: 'p' });
    fails(name, {}, ['positionId']);
    fails(name, { positionId: '' }, ['positionId']);
  });

  it('entryPrice is a POSDEC; network a NETWORK5 hint', () => {
    ok(name, { positionId: 'p', entryPrice: '0.25', network: 'ethereum' });
    fails(name, { positionId: 'p', entryPrice: '0' }, ['entryPrice']);
    fails(name, { positionId: 'p', entryPrice: 0.25 }, ['entryPrice']);
    fails(name, { positionId: 'p', entryPrice: null }, ['entryPrice']);
    fails(name, { positionId: 'p', network: 'sui' }, ['network']);
  });

  it.each([
    ['stopLossPrice', 'stopLossDirection'],
    ['takeProfitPrice', 'takeProfitDirection'],
  ])('%s: a POSDEC needs %s; null removes the exit without one', (price, direction) => {
    ok(name, { positionId: 'p', [price]: '1.1', [direction]: 'BELOW' });
    fails(name, { positionId: 'p', [price]: '1.1' }, [direction], /required when/);
    ok(name, { positionId: 'p', [price]: null });
    ok(name, { positionId: 'p', [direction]: 'ABOVE' });
    fails(name, { positionId: 'p', [price]: '1.1', [direction]: null }, [direction]);
    fails(name, { positionId: 'p', [price]: '-1', [direction]: 'BELOW' }, [price]);
    fails(name, { positionId: 'p', [price]: '1.1', [direction]: 'SIDEWAYS' }, [direction]);
  });
});

describe('calculateAdjustedPrice', () => {
  const name = 'calculateAdjustedPrice';
  it('defaults adjustPercent 0 and significantDigits 6', () => {
    expect(ok(name, { priceUsd: 1.23 })).toEqual({ priceUsd: 1.23, adjustPercent: 0, significantDigits: 6 });
    const props = inputJsonSchema(tool(name)).properties as Record<string, Record<string, unknown>>;
    expect(props.adjustPercent).toMatchObject({ default: 0, minimum: -99.99, maximum: 1000 });
    expect(props.significantDigits).toMatchObject({ default: 6, type: 'integer', minimum: 1, maximum: 15 });
  });

  it('priceUsd is a number > 0 or a POSDEC string', () => {
    ok(name, { priceUsd: 0.00000042 });
    ok(name, { priceUsd: '0.00000042' });
    fails(name, { priceUsd: 0 }, ['priceUsd']);
    fails(name, { priceUsd: -1 }, ['priceUsd']);
    fails(name, { priceUsd: '0' }, ['priceUsd']);
    fails(name, { priceUsd: '4.2e-7' }, ['priceUsd']);
    fails(name, {}, ['priceUsd']);
  });

  it('adjustPercent -99.99..1000', () => {
    ok(name, { priceUsd: 1, adjustPercent: -99.99 });
    ok(name, { priceUsd: 1, adjustPercent: 1000 });
    fails(name, { priceUsd: 1, adjustPercent: -100 }, ['adjustPercent']);
    fails(name, { priceUsd: 1, adjustPercent: 1000.01 }, ['adjustPercent']);
  });

  it('significantDigits integer 1..15', () => {
    ok(name, { priceUsd: 1, significantDigits: 1 });
    ok(name, { priceUsd: 1, significantDigits: 15 });
    fails(name, { priceUsd: 1, significantDigits: 0 }, ['significantDigits']);
    fails(name, { priceUsd: 1, significantDigits: 16 }, ['significantDigits']);
    fails(name, { priceUsd: 1, significantDigits: 2.5 }, ['significantDigits']);
  });

  it('direction must agree with the sign of adjustPercent', () => {
    ok(name, { priceUsd: 1, direction: 'ABOVE', adjustPercent: 20 });
    ok(name, { priceUsd: 1, direction: 'ABOVE', adjustPercent: 0 });
    ok(name, { priceUsd: 1, direction: 'ABOVE' });
    fails(
      name,
      { priceUsd: 1, direction: 'ABOVE', adjustPercent: -0.5 },
      ['adjustPercent'],
      />= 0 with direction ABOVE/,
    );
    ok(name, { priceUsd: 1, direction: 'BELOW', adjustPercent: -10 });
    ok(name, { priceUsd: 1, direction: 'BELOW' });
    fails(
      name,
      { priceUsd: 1, direction: 'BELOW', adjustPercent: 0.5 },
      ['adjustPercent'],
      /<= 0 with direction BELOW/,
    );
    ok(name, { priceUsd: 1, adjustPercent: -10 });
    fails(name, { priceUsd: 1, direction: 'UP' }, ['direction']);
  });

  it('documents its design and the priceFormatted output', () => {
    expect(tool(name).description).toMatch(/priceFormatted/);
    expect(tool(name).description).toMatch(/POSDEC/);
  });
});
