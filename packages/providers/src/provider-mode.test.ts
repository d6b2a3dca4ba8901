import { ServiceError } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { providerAccess } from './provider-mode.js';

const mktdata = { provider: 'Market data (mktdata)', setting: 'MKTDATA_API_KEY' };

describe('providerAccess', () => {
  it('simulates in sandbox mode, even when a key is set', () => {
    expect(providerAccess('sandbox', mktdata, {})).toEqual({ kind: 'sandbox' });
    expect(providerAccess('sandbox', mktdata, { MKTDATA_API_KEY: 'k' })).toEqual({ kind: 'sandbox' });
  });

  it('uses the real API in sandbox mode only for providers listed in PROVIDERS_LIVE', () => {
    expect(providerAccess('sandbox', mktdata, { MKTDATA_API_KEY: 'k', PROVIDERS_LIVE: 'X, MKTDATA_API_KEY' })).toEqual({
      kind: 'live',
      credential: 'k',
    });
  });

  it('answers 503 naming the missing setting in live mode', () => {
    const call = () => providerAccess('live', mktdata, {});
    expect(call).toThrow(ServiceError);
    expect(call).toThrow(/MKTDATA_API_KEY/);
    try {
      call();
    } catch (error) {
      expect((error as ServiceError).status).toBe(503);
      expect((error as ServiceError).extra).toEqual({ setting: 'MKTDATA_API_KEY' });
    }
    expect(providerAccess('live', mktdata, { MKTDATA_API_KEY: 'k' })).toEqual({ kind: 'live', credential: 'k' });
  });
});
