import { describe, expect, it } from 'vitest';
import { scoreMint } from './score-mint.js';

const mint = {
  mint: 'Mint1111111111111111111111111111111111111111',
  name: null,
  symbol: null,
  supply: 1_000n,
  decimals: 6,
  mintAuthority: null,
  freezeAuthority: null,
  holders: Array.from({ length: 20 }, (_, index) => ({ owner: `holder${index}`, amount: 50n })),
};

describe('scoreMint', () => {
  it('finds no risk in a renounced mint held by many', () => {
    const report = scoreMint(mint);
    expect(report).toMatchObject({ score_normalised: 0, risks: [], totalHolders: 20, creator: null });
    expect(report.topHolders).toHaveLength(10);
    expect(report.topHolders[0]).toEqual({ address: 'holder0', percent: 5, insider: false });
  });

  it('adds up authorities, concentration and the creator share, one owner counted across its token accounts', () => {
    const report = scoreMint({
      ...mint,
      mintAuthority: 'creator',
      freezeAuthority: 'freezer',
      holders: [
        { owner: 'creator', amount: 400n },
        { owner: 'creator', amount: 200n },
        { owner: 'other', amount: 400n },
      ],
    });
    expect(report.risks.map((risk) => [risk.name, risk.level])).toEqual([
      ['Mint Authority still enabled', 'danger'],
      ['Freeze Authority still enabled', 'danger'],
      ['Single holder ownership', 'danger'],
      ['Top 10 holders high ownership', 'warn'],
      ['Creator holds a large share', 'warn'],
    ]);
    expect(report.score_normalised).toBe(100);
    expect(report.topHolders).toEqual([
      { address: 'creator', percent: 60, insider: true },
      { address: 'other', percent: 40, insider: false },
    ]);
  });

  it('warns of a mint nobody holds', () => {
    expect(scoreMint({ ...mint, supply: 0n, holders: [] })).toMatchObject({
      score_normalised: 15,
      risks: [{ name: 'No holders', level: 'warn' }],
      topHolders: [],
    });
  });
});
