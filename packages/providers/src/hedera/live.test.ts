import { useMockAgent } from '../testing.js';
import { describe, expect, it } from 'vitest';
import account1234 from './fixtures/account-0.0.1234.json' with { type: 'json' };
import hollow from './fixtures/account-hollow.json' with { type: 'json' };
import pools from './fixtures/saucerswap-pools.json' with { type: 'json' };
import tokens from './fixtures/saucerswap-tokens.json' with { type: 'json' };
import usdc from './fixtures/token-0.0.456858.json' with { type: 'json' };
import { LiveHederaMirrorNode } from './mirror-node.js';
import { LiveSaucerSwap } from './saucerswap.js';

const MIRROR = 'https://mainnet-public.mirrornode.hedera.com';
const SAUCERSWAP = 'https://api.saucerswap.finance';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('live Hedera clients against recorded responses', () => {
  const mockAgent = useMockAgent();

  const mirrorGet = (path: string) =>
    mockAgent()
      .get(MIRROR)
      .intercept({ method: 'GET', path, headers: { accept: 'application/json' } });

  it('maps a mirror-node account: id, lower-case EVM address, keyed, HBAR and token balances', async () => {
    mirrorGet('/api/v1/accounts/0.0.1234').reply(200, account1234, { headers: JSON_HEADERS });
    expect(await new LiveHederaMirrorNode(`${MIRROR}/`).account('0.0.1234')).toEqual({
      accountId: '0.0.1234',
      evmAddress: '0x8ba1f109551bd432803012645ac136ddd64dba72',
      hasKey: true,
      tinybar: 2_500_000_000n,
      tokens: [
        { tokenId: '0.0.456858', balance: 1_250_000n },
        { tokenId: '0.0.731861', balance: 0n },
      ],
    });
  });

  it('looks an account up by EVM address, reports a hollow one as keyless, and answers undefined for a 404', async () => {
    mirrorGet('/api/v1/accounts/0x89987e19033e9171588cc49fdc71442975449559').reply(200, hollow, {
      headers: JSON_HEADERS,
    });
    mirrorGet('/api/v1/accounts/0x0000000000000000000000000000000000000001').reply(
      404,
      { _status: { messages: [{ message: 'Not found' }] } },
      { headers: JSON_HEADERS },
    );
    const mirror = new LiveHederaMirrorNode(MIRROR);
    expect(await mirror.account('0x89987e19033e9171588cc49fdc71442975449559')).toMatchObject({
      accountId: '0.0.5555',
      hasKey: false,
      tinybar: 100_000_000n,
      tokens: [],
    });
    expect(await mirror.account('0x0000000000000000000000000000000000000001')).toBeUndefined();
  });

  it('maps a fungible token (decimals arrive as a string) and refuses an unexpected document with a 502', async () => {
    mirrorGet('/api/v1/tokens/0.0.456858').reply(200, usdc, { headers: JSON_HEADERS });
    mirrorGet('/api/v1/tokens/0.0.1').reply(200, { token_id: '0.0.1' }, { headers: JSON_HEADERS });
    const mirror = new LiveHederaMirrorNode(MIRROR);
    expect(await mirror.token('0.0.456858')).toEqual({
      tokenId: '0.0.456858',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      totalSupply: 44_718_922_034_461n,
      createdAt: '2021-10-13T19:40:16.621Z',
    });
    await expect(mirror.token('0.0.1')).rejects.toMatchObject({
      code: 'upstream_error',
      status: 502,
      extra: { provider: 'Hedera mirror node' },
    });
  });

  it('reads SaucerSwap tokens and V1 pools with the API key, WHBAR standing for HBAR', async () => {
    const saucerGet = (path: string) =>
      mockAgent()
        .get(SAUCERSWAP)
        .intercept({ method: 'GET', path, headers: { 'x-api-key': 'k-123', accept: 'application/json' } });
    saucerGet('/tokens').reply(200, tokens, { headers: JSON_HEADERS });
    saucerGet('/pools').reply(200, pools, { headers: JSON_HEADERS });
    const venue = new LiveSaucerSwap(SAUCERSWAP, 'k-123', '0.0.1456986');
    expect(await venue.tokens()).toEqual([
      { tokenId: '0.0.456858', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      { tokenId: '0.0.731861', name: 'SAUCE', symbol: 'SAUCE', decimals: 6 },
      { tokenId: '0.0.1456986', name: 'Wrapped Hbar', symbol: 'WHBAR', decimals: 8 },
    ]);
    expect(await venue.pools()).toEqual([
      { contractId: '0.0.1062784', assets: ['0.0.456858', 'HBAR'], reserves: [912_345_678_901n, 362_345_678_901_234n] },
    ]);
  });

  it('turns a refused key (HTTP 401) into a 502 naming SaucerSwap and the status', async () => {
    mockAgent()
      .get(SAUCERSWAP)
      .intercept({ method: 'GET', path: '/pools' })
      .reply(401, { message: 'Unauthorized' }, { headers: JSON_HEADERS });
    await expect(new LiveSaucerSwap(SAUCERSWAP, 'bad', '0.0.1456986').pools()).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'SaucerSwap', upstreamStatus: 401 },
    });
  });
});
