import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import allMids from './fixtures/all-mids.json' with { type: 'json' };
import candleSnapshot from './fixtures/candle-snapshot.json' with { type: 'json' };
import clearinghouseState from './fixtures/clearinghouse-state.json' with { type: 'json' };
import delegations from './fixtures/delegations.json' with { type: 'json' };
import delegatorSummary from './fixtures/delegator-summary.json' with { type: 'json' };
import frontendOpenOrders from './fixtures/frontend-open-orders.json' with { type: 'json' };
import fundingHistory from './fixtures/funding-history.json' with { type: 'json' };
import historicalOrders from './fixtures/historical-orders.json' with { type: 'json' };
import l2Book from './fixtures/l2-book.json' with { type: 'json' };
import metaAndAssetCtxs from './fixtures/meta-and-asset-ctxs.json' with { type: 'json' };
import portfolio from './fixtures/portfolio.json' with { type: 'json' };
import spotClearinghouseState from './fixtures/spot-state.json' with { type: 'json' };
import userFills from './fixtures/user-fills.json' with { type: 'json' };
import userVaultEquities from './fixtures/user-vault-equities.json' with { type: 'json' };
import { HlNamesClient } from './hl-names.js';
import { HyperliquidInfoClient } from './hyperliquid.js';

type Address = `0x${string}`;
interface Fixture {
  readonly source: string;
  readonly request: Record<string, unknown> & { user?: string };
  readonly response: unknown;
}

const client = () => new HyperliquidInfoClient();
const user = (fixture: Fixture) => fixture.request.user as Address;

// One row per info request the perpdex tools make: the call, and Hyperliquid's recorded answer (each fixture names
// its source; FIXTURES.md lists them).
const READS: [string, Fixture, (info: HyperliquidInfoClient, fixture: Fixture) => Promise<unknown>][] = [
  ['clearinghouseState', clearinghouseState, (info, f) => info.clearinghouseState(user(f))],
  ['spotClearinghouseState', spotClearinghouseState, (info, f) => info.spotClearinghouseState(user(f))],
  ['frontendOpenOrders', frontendOpenOrders, (info, f) => info.frontendOpenOrders(user(f))],
  ['historicalOrders', historicalOrders, (info, f) => info.historicalOrders(user(f))],
  ['userFills', userFills, (info, f) => info.userFills(user(f))],
  ['delegations', delegations, (info, f) => info.delegations(user(f))],
  ['delegatorSummary', delegatorSummary, (info, f) => info.delegatorSummary(user(f))],
  ['userVaultEquities', userVaultEquities, (info, f) => info.userVaultEquities(user(f))],
  ['portfolio', portfolio, (info, f) => info.portfolio(user(f))],
  ['metaAndAssetCtxs', metaAndAssetCtxs, (info) => info.metaAndAssetCtxs()],
  ['allMids', allMids, (info) => info.allMids()],
  ['l2Book', l2Book, (info, f) => info.l2Book(f.request.coin as string)],
  [
    'candleSnapshot',
    candleSnapshot,
    (info, f) => {
      const req = f.request.req as { coin: string; interval: '1h'; startTime: number; endTime: number };
      return info.candleSnapshot(req.coin, req.interval, req.startTime, req.endTime);
    },
  ],
  [
    'fundingHistory',
    fundingHistory,
    (info, f) =>
      info.fundingHistory(f.request.coin as string, f.request.startTime as number, f.request.endTime as number),
  ],
];

/** The request body as Hyperliquid reads it: keys in any order, addresses in any case. */
const normalized = (body: unknown): string =>
  JSON.stringify(body, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  ).toLowerCase();

describe('Hyperliquid info API client (recorded answers)', () => {
  const agent = useMockAgent();

  it.each(READS)('%s posts its request to /info and answers the body as it came', async (_type, fixture, call) => {
    let sent: unknown;
    agent()
      .get('https://api.hyperliquid.xyz')
      .intercept({
        path: '/info',
        method: 'POST',
        body: (body) => {
          sent = JSON.parse(body);
          return true;
        },
      })
      .reply(200, fixture.response as object, { headers: { 'content-type': 'application/json' } });
    expect(fixture.source).toMatch(/\S/);
    await expect(call(client(), fixture)).resolves.toEqual(fixture.response);
    const expected = JSON.parse(JSON.stringify(fixture.request)) as Record<string, unknown>;
    expect(normalized(sent)).toBe(normalized(expected));
  });

  it('answers a failing info request with a 502 naming Hyperliquid', async () => {
    agent().get('https://api.hyperliquid.xyz').intercept({ path: '/info', method: 'POST' }).reply(500, 'down');
    await expect(client().allMids()).rejects.toMatchObject({ code: 'upstream_error', message: /Hyperliquid/ });
  });
});

describe('Hyperliquid settings', () => {
  it('needs no setting in live mode (the info API is public), and none is reached in sandbox mode', () => {
    expect(new Providers('live', {}).hyperliquid).toBeInstanceOf(HyperliquidInfoClient);
    expect(new Providers('sandbox', {}).hyperliquid).toBeUndefined();
  });

  it('answers 503 naming HLNAMES_API_KEY for a .hl name without it', () => {
    expect(() => new Providers('live', {}).hlNames).toThrow(expect.objectContaining({ code: 'not_configured' }));
    expect(() => new Providers('live', {}).hlNames).toThrow(/HLNAMES_API_KEY/);
    expect(new Providers('live', { HLNAMES_API_KEY: 'k' }).hlNames).toBeInstanceOf(HlNamesClient);
  });
});

describe('Hyperliquid Names', () => {
  const agent = useMockAgent();

  // The answer's shape ({ address }) is what public clients of the API read (e.g. across-protocol/frontend's
  // hyperliquid name resolver); no recorded answer was found, so the body is built to that shape.
  it('resolves a .hl name with the key in X-API-Key; a 404 or the zero address is no address', async () => {
    const names = agent().get('https://api.hlnames.xyz');
    names
      .intercept({ path: '/resolve/address/testooor.hl', headers: { 'x-api-key': 'key' } })
      .reply(200, { address: '0xF26F5551E96aE5162509B25925fFfa7F07B2D652' });
    names.intercept({ path: '/resolve/address/nobody.hl' }).reply(404, { error: 'not found' });
    names
      .intercept({ path: '/resolve/address/burnt.hl' })
      .reply(200, { address: '0x0000000000000000000000000000000000000000' });
    const client = new HlNamesClient('key');
    await expect(client.resolve('testooor.hl')).resolves.toBe('0xF26F5551E96aE5162509B25925fFfa7F07B2D652');
    await expect(client.resolve('nobody.hl')).resolves.toBeUndefined();
    await expect(client.resolve('burnt.hl')).resolves.toBeUndefined();
  });
});
