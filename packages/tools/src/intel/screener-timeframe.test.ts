import { findTool, parseInput } from '@svc/contracts';
import { Providers } from '@svc/providers';
import type { Queryable } from '@svc/store';
import { describe, expect, it } from 'vitest';
import { handlers } from '../families.js';
import { testMasterKey } from '../testing/caller-contexts.js';
import { screenerTimeframeMs } from './screener-timeframe.js';

describe('intel_token_screener timeframe', () => {
  it("spans Nansen's timeframes", () => {
    expect(screenerTimeframeMs('5m')).toBe(300_000);
    expect(screenerTimeframeMs('24h')).toBe(86_400_000);
    expect(screenerTimeframeMs('30d')).toBe(30 * 86_400_000);
  });

  it('refuses another one live with a 400 naming the field, before settling or calling Nansen', async () => {
    const events: string[] = [];
    const tool = findTool('intel_token_screener')!;
    const context = {
      mode: 'live' as const,
      db: {} as Queryable,
      caller: undefined,
      masterKey: testMasterKey(),
      providers: new Providers('live', { NANSEN_API_KEY: 'key' }),
      commit: async () => {
        events.push('commit');
      },
    };
    for (const timeframe of ['2h', '24H', 'constructor']) {
      const input = parseInput(tool.input, { chains: ['base'], timeframe }, tool.name) as never;
      await expect(handlers.intel_token_screener!(input, context), timeframe).rejects.toMatchObject({
        code: 'invalid_input',
        status: 400,
        issues: [{ field: 'timeframe', rule: 'enum' }],
      });
    }
    expect(events).toEqual([]);
  });
});
