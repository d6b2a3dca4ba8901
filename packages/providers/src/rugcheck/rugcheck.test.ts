import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import report from './fixtures/report-bonk.json' with { type: 'json' };
import { RugCheckClient } from './rugcheck.js';

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('RugCheckClient against the documented token report', () => {
  const mockAgent = useMockAgent();
  const expectReport = (origin: string, mint: string) =>
    mockAgent()
      .get(origin)
      .intercept({ method: 'GET', path: `/v1/tokens/${mint}/report`, headers: { accept: 'application/json' } });

  it('maps score_normalised, authorities, holders and risks', async () => {
    expectReport('https://api.rugcheck.xyz', BONK).reply(200, report, { headers: JSON_HEADERS });
    expect(await new RugCheckClient().report(BONK)).toEqual({
      mint: BONK,
      name: 'Bonk',
      symbol: 'Bonk',
      score_normalised: 1,
      risks: [
        {
          name: 'Mutable metadata',
          value: null,
          description: 'Token metadata can be changed by the owner',
          level: 'warn',
        },
      ],
      mintAuthority: null,
      freezeAuthority: null,
      creator: '9AhKqLR67hwapvG8SA2JFXaCshXc9nALJjpKaHZrsbkw',
      topHolders: [
        { address: '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1', percent: 9.013366, insider: false },
        // No owner known: the token account itself is named.
        { address: '2KwJcC9Nn7ZQeWz3xkztVTMX1VBSo5Sj5zLo2Vea8NJr', percent: 3.939608, insider: true },
      ],
      totalHolders: 951232,
      totalLiquidityUsd: 11203341.7,
      rugged: false,
    });
  });

  it('answers undefined for a mint RugCheck does not know, on another base URL', async () => {
    expectReport('http://rugcheck.test', BONK).reply(404, { error: 'not found' }, { headers: JSON_HEADERS });
    expect(await new RugCheckClient('http://rugcheck.test/').report(BONK)).toBeUndefined();
  });

  it('refuses a report without score_normalised with a 502', async () => {
    expectReport('https://api.rugcheck.xyz', BONK).reply(200, { mint: BONK }, { headers: JSON_HEADERS });
    await expect(new RugCheckClient().report(BONK)).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'RugCheck' },
    });
  });
});
