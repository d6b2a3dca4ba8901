import { describe, expect, it } from 'vitest';
import { familyHelpers } from './family.testutil.js';
import { predictionTools } from './prediction.js';

const { ok, parsed } = familyHelpers(predictionTools);

const CONDITION_ID = `0x${'ab'.repeat(32)}`;

describe('predictionTools', () => {
  it('defines the eight tools with the spec identity and write flags', () => {
    const flags = Object.fromEntries(predictionTools.map((t) => [t.name, [t.identity, t.effect]]));
    expect(flags).toEqual({
      getPredictEvents: [false, 'read'],
      getPredictTags: [false, 'read'],
      getPredictEventsByTag: [false, 'read'],
      searchPredictEvents: [false, 'read'],
      getPredictEvent: [false, 'read'],
      getPredictUserPositions: [true, 'read'],
      placePredictOrder: [true, 'write'],
      redeemPredictPosition: [true, 'write'],
    });
    for (const t of predictionTools) {
      expect(t.group, t.name).toBe('Prediction Markets');
      expect(t.price, t.name).toBe('prediction');
    }
  });

  it('getPredictEvents: defaults, limit 1-50, offset >= 0, order enum', () => {
    const data = parsed('getPredictEvents', {});
    expect(data).toEqual({ limit: 20, offset: 0, order: 'volume' });
    expect(ok('getPredictEvents', { limit: 1 })).toBe(true);
    expect(ok('getPredictEvents', { limit: 50 })).toBe(true);
    expect(ok('getPredictEvents', { limit: 0 })).toBe(false);
    expect(ok('getPredictEvents', { limit: 51 })).toBe(false);
    expect(ok('getPredictEvents', { offset: 0 })).toBe(true);
    expect(ok('getPredictEvents', { offset: -1 })).toBe(false);
    for (const order of ['volume', 'liquidity', 'startDate', 'endDate', 'volume24hr'])
      expect(ok('getPredictEvents', { order }), order).toBe(true);
    expect(ok('getPredictEvents', { order: 'newest' })).toBe(false);
    expect(ok('getPredictEvents', { ascending: true, tag_id: 21, featured: false })).toBe(true);
    expect(ok('getPredictEvents', { tag_id: '21' })).toBe(false);
    expect(ok('getPredictEvents', { ascending: 'true' })).toBe(false);
    expect(ok('getPredictEvents', { tagId: 21 })).toBe(false);
  });

  it('getPredictTags takes an empty object', () => {
    expect(ok('getPredictTags', {})).toBe(true);
    expect(ok('getPredictTags', { limit: 5 })).toBe(false);
  });

  it('getPredictEventsByTag: tagId number required, limit 1-50 default 20', () => {
    expect(parsed('getPredictEventsByTag', { tagId: 2 }).limit).toBe(20);
    expect(ok('getPredictEventsByTag', {})).toBe(false);
    expect(ok('getPredictEventsByTag', { tagId: '2' })).toBe(false);
    expect(ok('getPredictEventsByTag', { tagId: 2, limit: 1 })).toBe(true);
    expect(ok('getPredictEventsByTag', { tagId: 2, limit: 50 })).toBe(true);
    expect(ok('getPredictEventsByTag', { tagId: 2, limit: 0 })).toBe(false);
    expect(ok('getPredictEventsByTag', { tagId: 2, limit: 51 })).toBe(false);
  });

  it('searchPredictEvents: q required (non-empty), page default 0, events_status default active', () => {
    expect(parsed('searchPredictEvents', { q: 'election' })).toEqual({
      q: 'election',
      page: 0,
      events_status: 'active',
    });
    expect(ok('searchPredictEvents', {})).toBe(false);
    expect(ok('searchPredictEvents', { q: '' })).toBe(false);
    for (const s of ['active', 'inactive', 'all'])
      expect(ok('searchPredictEvents', { q: 'x', events_status: s }), s).toBe(true);
    expect(ok('searchPredictEvents', { q: 'x', events_status: 'closed' })).toBe(false);
    expect(ok('searchPredictEvents', { q: 'x', page: 'two' })).toBe(false);
  });

  it('getPredictEvent: slug required (non-empty)', () => {
    expect(ok('getPredictEvent', { slug: 'fed-decision-in-march' })).toBe(true);
    expect(ok('getPredictEvent', {})).toBe(false);
    expect(ok('getPredictEvent', { slug: '' })).toBe(false);
  });

  it('getPredictUserPositions: defaults and sort enums', () => {
    expect(parsed('getPredictUserPositions', {})).toEqual({
      limit: 50,
      offset: 0,
      sortBy: 'CURRENT',
      sortOrder: 'desc',
    });
    for (const sortBy of [
      'CURRENT',
      'INITIAL',
      'TOKENS',
      'CASHPNL',
      'PERCENTPNL',
      'TITLE',
      'RESOLVING',
      'PRICE',
      'AVGPRICE',
    ]) {
      expect(ok('getPredictUserPositions', { sortBy }), sortBy).toBe(true);
    }
    expect(ok('getPredictUserPositions', { sortBy: 'current' })).toBe(false);
    expect(ok('getPredictUserPositions', { sortOrder: 'asc' })).toBe(true);
    expect(ok('getPredictUserPositions', { sortOrder: 'ASC' })).toBe(false);
    expect(ok('getPredictUserPositions', { limit: '10' })).toBe(false);
  });

  it('placePredictOrder: tokenID, side BUY/SELL and numeric amount all required', () => {
    const order = { tokenID: '7160119233', side: 'BUY', amount: 5 };
    expect(ok('placePredictOrder', order)).toBe(true);
    expect(ok('placePredictOrder', { ...order, side: 'SELL', amount: 10.5 })).toBe(true);
    expect(ok('placePredictOrder', { ...order, side: 'buy' })).toBe(false);
    expect(ok('placePredictOrder', { ...order, amount: '5' })).toBe(false);
    expect(ok('placePredictOrder', { ...order, tokenID: '' })).toBe(false);
    expect(ok('placePredictOrder', { side: 'BUY', amount: 5 })).toBe(false);
    expect(ok('placePredictOrder', { tokenID: '1', amount: 5 })).toBe(false);
    expect(ok('placePredictOrder', { tokenID: '1', side: 'BUY' })).toBe(false);
  });

  it('redeemPredictPosition: conditionId is 0x + 64 hex digits', () => {
    expect(ok('redeemPredictPosition', { conditionId: CONDITION_ID })).toBe(true);
    expect(ok('redeemPredictPosition', { conditionId: CONDITION_ID.toUpperCase().replace('0X', '0x') })).toBe(true);
    expect(ok('redeemPredictPosition', { conditionId: CONDITION_ID.slice(0, -1) })).toBe(false);
    expect(ok('redeemPredictPosition', { conditionId: `${CONDITION_ID}0` })).toBe(false);
    expect(ok('redeemPredictPosition', { conditionId: CONDITION_ID.slice(2) })).toBe(false);
    expect(ok('redeemPredictPosition', { conditionId: `0x${'g'.repeat(64)}` })).toBe(false);
    expect(ok('redeemPredictPosition', {})).toBe(false);
  });
});
