import { describe, expect, it } from 'vitest';
import { loadConfig } from '@svc/config';

describe('upstream rate and concurrency settings', () => {
  it('reads UPSTREAM_<PROVIDER>_RPS and _CONCURRENCY per provider, leaving the others to their published defaults', () => {
    const config = loadConfig({
      UPSTREAM_JUPITER_RPS: '10',
      UPSTREAM_ESPLORA_CONCURRENCY: '16',
      UPSTREAM_LIFI_RPS: '0.5',
    });
    expect(config.upstreamLimits.jupiter).toEqual({ rps: 10, concurrency: undefined });
    expect(config.upstreamLimits.esplora).toEqual({ rps: undefined, concurrency: 16 });
    expect(config.upstreamLimits.lifi).toEqual({ rps: 0.5, concurrency: undefined });
    expect(config.upstreamLimits.zeroEx).toEqual({ rps: undefined, concurrency: undefined });
  });

  it('refuses a cap that is not a positive number, naming the setting', () => {
    expect(() => loadConfig({ UPSTREAM_ZEROX_RPS: '0' })).toThrow(/UPSTREAM_ZEROX_RPS/);
    expect(() => loadConfig({ UPSTREAM_ORD_CONCURRENCY: '1.5' })).toThrow(/UPSTREAM_ORD_CONCURRENCY/);
  });
});
