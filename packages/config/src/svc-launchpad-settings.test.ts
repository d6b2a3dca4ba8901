import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const CONFIG_KEY = 'FhVo3mqL8PW5pH5U2CN4XE33DokiyZnUwuGpH2hmHLuM';
// solana-keygen's file format: the 64 secret-key bytes as a JSON array.
const SPONSOR_KEY = JSON.stringify(Array.from({ length: 64 }, (_, i) => i + 1));

describe('service launchpad settings (SVC_LAUNCHPAD_*)', () => {
  it('reads the DBC config, the sponsor key and the sponsored launches per creator (default 3)', () => {
    expect(
      loadConfig({ SVC_LAUNCHPAD_DBC_CONFIG: CONFIG_KEY, SVC_LAUNCHPAD_SPONSOR_KEY: SPONSOR_KEY }).svcLaunchpad,
    ).toEqual({ dbcConfig: CONFIG_KEY, sponsorKey: SPONSOR_KEY, sponsoredLaunchesPerCreator: 3 });
    expect(loadConfig({ SVC_LAUNCHPAD_SPONSORED_LAUNCHES: '0' }).svcLaunchpad).toEqual({
      dbcConfig: undefined,
      sponsorKey: undefined,
      sponsoredLaunchesPerCreator: 0,
    });
  });

  it('refuses a config that is not a Solana address and a sponsor key that is not a secret key, naming them', () => {
    expect(() => loadConfig({ SVC_LAUNCHPAD_DBC_CONFIG: 'not-an-address' })).toThrow(/SVC_LAUNCHPAD_DBC_CONFIG/);
    expect(() => loadConfig({ SVC_LAUNCHPAD_SPONSOR_KEY: '[1,2,3]' })).toThrow(
      /SVC_LAUNCHPAD_SPONSOR_KEY must be a 64-byte Solana secret key/,
    );
  });
});
