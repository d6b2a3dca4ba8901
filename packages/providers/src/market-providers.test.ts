import { describe, expect, it } from 'vitest';
import { BirdeyeClient } from './birdeye/index.js';
import { CoinGeckoClient } from './coingecko/index.js';
import { FirecrawlClient } from './firecrawl/index.js';
import { JupiterTokensClient } from './jupiter-tokens/index.js';
import { NansenClient } from './nansen/index.js';
import { Providers } from './registry.js';
import { RugCheckClient } from './rugcheck/index.js';
import { TavilyClient } from './tavily/index.js';

const KEYED = [
  ['birdeye', 'BIRDEYE_API_KEY', BirdeyeClient],
  ['coingecko', 'COINGECKO_API_KEY', CoinGeckoClient],
  ['nansen', 'NANSEN_API_KEY', NansenClient],
  ['jupiterTokens', 'JUPITER_API_KEY', JupiterTokensClient],
  ['tavily', 'TAVILY_API_KEY', TavilyClient],
  ['firecrawl', 'FIRECRAWL_API_KEY', FirecrawlClient],
] as const;

describe('choosing the market-data providers', () => {
  it.each(KEYED)('%s: 503 naming %s in live mode without it, on use', (getter, setting) => {
    const providers = new Providers('live', {});
    expect(() => providers[getter]).toThrow(
      expect.objectContaining({ code: 'not_configured', status: 503, extra: expect.objectContaining({ setting }) }),
    );
  });

  it.each(KEYED)(
    '%s: live with %s, one client kept; undefined in sandbox unless PROVIDERS_LIVE lists it',
    (getter, setting, type) => {
      const live = new Providers('live', { [setting]: 'key' });
      expect(live[getter]).toBeInstanceOf(type);
      expect(live[getter]).toBe(live[getter]);
      expect(new Providers('sandbox', { [setting]: 'key' })[getter]).toBeUndefined();
      expect(new Providers('sandbox', { [setting]: 'key', PROVIDERS_LIVE: setting })[getter]).toBeInstanceOf(type);
    },
  );

  it('reaches RugCheck in live mode without any setting, and simulates it in sandbox mode', () => {
    expect(new Providers('live', {}).rugcheck).toBeInstanceOf(RugCheckClient);
    expect(new Providers('sandbox', {}).rugcheck).toBeUndefined();
  });
});
