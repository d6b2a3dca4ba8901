import { describe, expect, it } from 'vitest';
import { indexSrc20, type Src20Stamp } from './src20.js';

const ALICE = 'bc1qalice';
const BOB = 'bc1qbob';

/** SRC-20 stamps from JSON objects, in order, by `creator` to `destination` (default: back to the creator). */
function stamps(...ops: [Record<string, unknown>, string?, string?][]): Src20Stamp[] {
  return ops.map(([json, creator = ALICE, destination = creator], index) => ({
    txid: `tx${index}`,
    height: index + 1,
    time: 1_700_000_000 + index,
    creator,
    destination,
    json,
  }));
}

const deploy = (tick: string, max: string, lim: string, extra: Record<string, unknown> = {}) => ({
  p: 'src-20',
  op: 'deploy',
  tick,
  max,
  lim,
  ...extra,
});
const mint = (tick: string, amt: string) => ({ p: 'src-20', op: 'mint', tick, amt });
const transfer = (tick: string, amt: string) => ({ p: 'src-20', op: 'transfer', tick, amt });

describe('SRC-20 rules', () => {
  it('the first deploy of a tick wins, whatever the case of the tick', () => {
    const { tokens, operations } = indexSrc20(stamps([deploy('kevin', '100', '10')], [deploy('KEVIN', '999', '99')]));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ tick: 'KEVIN', max: '100', lim: '10', dec: 18 });
    expect(operations[1]).toMatchObject({ valid: false, status: 'invalid: KEVIN is already deployed' });
  });

  it('refuses a tick longer than 5 characters, lim above max, a bad dec and a non-positive max', () => {
    const { tokens, operations } = indexSrc20(
      stamps(
        [deploy('TOOLONG', '100', '10')],
        [deploy('ABC', '100', '101')],
        [deploy('ABD', '100', '10', { dec: 19 })],
        [deploy('ABE', '0', '0')],
        [deploy('ABF', '100', '10', { dec: '' })],
        [deploy('ABG', '100', '10', { dec: '0x8' })],
        [deploy('ABH', '100', '10', { dec: true })],
      ),
    );
    expect(tokens).toEqual([]);
    expect(operations.map((op) => op.status)).toEqual([
      'invalid: tick must be 1 to 5 characters',
      'invalid: lim exceeds max',
      'invalid: dec must be an integer 0 to 18',
      'invalid: max is not positive',
      'invalid: dec must be an integer 0 to 18',
      'invalid: dec must be an integer 0 to 18',
      'invalid: dec must be an integer 0 to 18',
    ]);
  });

  it('counts emoji ticks by characters and reads keys and op in any case', () => {
    const { tokens } = indexSrc20(stamps([{ P: 'SRC-20', OP: 'DEPLOY', TICK: '🐸🐸', MAX: '5', LIM: '5' }]));
    expect(tokens.map((token) => token.tick)).toEqual(['🐸🐸']);
  });

  it('a mint above lim is invalid and mints nothing', () => {
    const { tokens, operations } = indexSrc20(stamps([deploy('KEVIN', '100', '10')], [mint('KEVIN', '11')]));
    expect(operations[1]).toMatchObject({ valid: false, status: 'invalid: amt exceeds the mint limit 10' });
    expect(tokens[0]).toMatchObject({ minted: '0', mints: 0, holders: [] });
  });

  it('a mint past max is cut to what remains, and the next one is invalid', () => {
    const { tokens, operations } = indexSrc20(
      stamps(
        [deploy('KEVIN', '25', '10', { dec: 0 })],
        [mint('KEVIN', '10')],
        [mint('KEVIN', '10'), BOB],
        [mint('KEVIN', '10')],
        [mint('KEVIN', '10'), BOB],
      ),
    );
    expect(operations[3]).toMatchObject({ valid: true, amt: '5', status: 'reduced amt from 10 to 5: max reached' });
    expect(operations[4]).toMatchObject({ valid: false, status: 'invalid: KEVIN is fully minted' });
    expect(tokens[0]).toMatchObject({
      minted: '25',
      mints: 3,
      progress: 100,
      holders: [
        { address: ALICE, amt: '15' },
        { address: BOB, amt: '10' },
      ],
    });
  });

  it('credits a mint to the stamp destination and reports progress as a percentage of max', () => {
    const { tokens } = indexSrc20(
      stamps([deploy('STAMP', '1000', '100', { dec: 2 })], [mint('STAMP', '12.5'), ALICE, BOB]),
    );
    expect(tokens[0]).toMatchObject({ minted: '12.5', progress: 1.25, holders: [{ address: BOB, amt: '12.5' }] });
  });

  it('refuses an amount with more decimals than dec, and a mint of an undeployed tick', () => {
    const { operations } = indexSrc20(
      stamps([deploy('KEVIN', '100', '10', { dec: 1 })], [mint('KEVIN', '1.25')], [mint('NOPE', '1')]),
    );
    expect(operations.slice(1).map((op) => op.status)).toEqual([
      'invalid: amt is more than 1 decimals',
      'invalid: NOPE is not deployed',
    ]);
  });

  it('a transfer moves at most the sender balance from creator to destination', () => {
    const { tokens, operations } = indexSrc20(
      stamps(
        [deploy('KEVIN', '100', '10', { dec: 0 })],
        [mint('KEVIN', '10')],
        [transfer('KEVIN', '4'), ALICE, BOB],
        [transfer('KEVIN', '7'), ALICE, BOB],
      ),
    );
    expect(operations[3]).toMatchObject({ valid: false, status: 'invalid: insufficient balance' });
    expect(tokens[0]!.holders).toEqual([
      { address: ALICE, amt: '6' },
      { address: BOB, amt: '4' },
    ]);
  });

  it('ignores JSON of another protocol or operation', () => {
    const { operations } = indexSrc20(
      stamps([{ p: 'src-721', op: 'deploy', tick: 'X' }], [{ p: 'src-20', op: 'burn' }]),
    );
    expect(operations).toEqual([]);
  });
});
