import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import pinJson from './fixtures/pin-json.json' with { type: 'json' };
import { PinataClient } from './pinata.js';

const json = { headers: { 'content-type': 'application/json' } };

describe("PinataClient against Pinata's documented pin answer (fixtures/README.md)", () => {
  const mockAgent = useMockAgent();

  it('POST /pinning/pinJSONToIPFS sends the content under its name with the JWT, and answers an ipfs.io URI', async () => {
    let sent: unknown;
    mockAgent()
      .get('https://api.pinata.cloud')
      .intercept({
        path: '/pinning/pinJSONToIPFS',
        method: 'POST',
        headers: { authorization: 'Bearer jwt-1' },
        body: (body) => {
          sent = JSON.parse(body);
          return true;
        },
      })
      .reply(200, pinJson, json);
    const pinned = await new PinataClient('jwt-1').pinJson('CN.json', { name: 'Coin', symbol: 'CN' });
    expect(pinned).toEqual({ cid: pinJson.IpfsHash, uri: `https://ipfs.io/ipfs/${pinJson.IpfsHash}` });
    expect(sent).toEqual({
      pinataContent: { name: 'Coin', symbol: 'CN' },
      pinataMetadata: { name: 'CN.json' },
      pinataOptions: { cidVersion: 1 },
    });
  });

  it('a refused key is a 502 naming Pinata; live without PINATA_JWT is a 503 naming it', async () => {
    mockAgent()
      .get('https://api.pinata.cloud')
      .intercept({ path: '/pinning/pinJSONToIPFS', method: 'POST' })
      .reply(401, { error: 'Invalid authentication' }, json);
    await expect(new PinataClient('bad').pinJson('x', {})).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'Pinata' },
    });
    expect(new Providers('sandbox', {}).pinata).toBeUndefined();
    expect(() => new Providers('live', {}).pinata).toThrow(/PINATA_JWT/);
  });
});
