import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import report from './fixtures/report-jojo.json' with { type: 'json' };
import { RugCheckClient } from './rugcheck.js';

const JOJO = '7YygHaahdKVNtbu9GyFRnnBgf7hKzC76hnuHHfxCKRij';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('RugCheckClient against a recorded token report (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();
  const expectReport = (origin: string, mint: string) =>
    mockAgent()
      .get(origin)
      .intercept({ method: 'GET', path: `/v1/tokens/${mint}/report`, headers: { accept: 'application/json' } });

  it('maps score_normalised, authorities, holders and risks', async () => {
    expectReport('https://api.rugcheck.xyz', JOJO).reply(200, report, { headers: JSON_HEADERS });
    const risk = (name: string, value: string | null, description: string, level: string) => ({
      name,
      value,
      description,
      level,
    });
    expect(await new RugCheckClient().report(JOJO)).toEqual({
      mint: JOJO,
      name: 'JOJO ',
      symbol: 'JOJO ',
      score_normalised: 56,
      risks: [
        // An empty value is no value.
        risk('Top 10 holders high ownership', null, 'The top 10 users hold more than 70% token supply', 'danger'),
        risk('Low Liquidity', '$5.18', 'Low amount of liquidity in the token pool', 'danger'),
        risk('Single holder ownership', '20.23%', 'One user holds a large amount of the token supply', 'warn'),
        risk('High ownership', null, 'The top users hold more than 80% token supply', 'danger'),
        risk('Low amount of LP Providers', null, 'Only a few users are providing liquidity', 'warn'),
      ],
      mintAuthority: null,
      freezeAuthority: null,
      creator: '7hEUKwCEVFPAXVuPQXQERhzv5dPrxuZnMCBV7mHr4Up2',
      // Holders are named by the wallet owning the token account.
      topHolders: [
        { address: 'ricEmGn6WZ9kN2ASm1MAt7LoE1hBgu1VcQrjRwkAPfc', percent: 20.232212858918526, insider: false },
        { address: '64AeW12cWDCLU6Z9moJwGq4dBAAJkoUrjv2vX2wj6FFi', percent: 19.490656840600415, insider: false },
      ],
      totalHolders: 30,
      totalLiquidityUsd: 5.1826395343203195,
      rugged: false,
    });
  });

  it('names a holder by its token account when RugCheck knows no owner', async () => {
    const [first] = report.topHolders;
    const ownerless = { ...report, topHolders: [{ ...first, owner: '' }] };
    expectReport('https://api.rugcheck.xyz', JOJO).reply(200, ownerless, { headers: JSON_HEADERS });
    expect((await new RugCheckClient().report(JOJO))?.topHolders).toEqual([
      { address: '8eFNC7DNxxQrbyi8Uxw3i9AfbETBb1nyLFR859kRgT6f', percent: 20.232212858918526, insider: false },
    ]);
  });

  it('answers undefined for a mint RugCheck does not know, on another base URL', async () => {
    expectReport('http://rugcheck.test', JOJO).reply(404, { error: 'not found' }, { headers: JSON_HEADERS });
    expect(await new RugCheckClient('http://rugcheck.test/').report(JOJO)).toBeUndefined();
  });

  it('refuses a report without score_normalised with a 502', async () => {
    expectReport('https://api.rugcheck.xyz', JOJO).reply(200, { mint: JOJO }, { headers: JSON_HEADERS });
    await expect(new RugCheckClient().report(JOJO)).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'RugCheck' },
    });
  });
});
