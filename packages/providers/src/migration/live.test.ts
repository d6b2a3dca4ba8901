import { ServiceError } from '@svc/contracts';
import { useMockAgent } from '../testing.js';
import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import metadataMig121 from './fixtures/metadata-mig121.json' with { type: 'json' };
import projects from './fixtures/projects.json' with { type: 'json' };
import { LiveMigrationProvider } from './live.js';

const ORIGIN = 'https://emblemvault.dev';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('LiveMigrationProvider against recorded Migrate.fun responses', () => {
  const mockAgent = useMockAgent();

  /** Expect exactly one GET of `route` on mainnet asking for JSON. */
  const expectGet = (route: string) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'GET',
        path: `/api/migrate-fun/${route}`,
        query: { network: 'mainnet' },
        headers: { accept: 'application/json' },
      });

  it('lists projects newest first by project number and pages them', async () => {
    // Fetched once: the second page is cut from the cached list.
    expectGet('projects').reply(200, projects, { headers: JSON_HEADERS });
    // A trailing slash on the setting must not double the path separator.
    const live = new LiveMigrationProvider(`${ORIGIN}/`);
    expect(await live.listProjects({ limit: 3, page: 1 })).toEqual({
      projects: [
        { projectId: 'mig181', name: 'MUMU Migration' },
        { projectId: 'mig121', name: 'HereWeGo Migration' },
        { projectId: 'mig79', name: 'PAYAI Migration' },
      ],
      total: 4,
    });
    expect(await live.listProjects({ limit: 3, page: 2 })).toEqual({
      projects: [{ projectId: 'mig9', name: 'Early Bird Migration' }],
      total: 4,
    });
  });

  it('maps a project record, with null for what the metadata route does not serve', async () => {
    expectGet('metadata/mig121').reply(200, metadataMig121, { headers: JSON_HEADERS });
    expect(await new LiveMigrationProvider(ORIGIN).projectDetails('mig121')).toEqual({
      projectId: 'mig121',
      name: 'HereWeGo Migration',
      oldToken: { mint: '4x2TvLjYobssGdspdUnRcjYD4QwTvC9wFbtriuTW3gp9', name: 'Roru Labs', symbol: 'RORU' },
      newToken: { mint: '2im3f1MGpSCSEdPV4JepRwqywk4uGDeEQg35Fdh7Aj8i', name: null, symbol: null },
      migration: null,
      website: null,
    });
  });

  it('escapes the project id into one path segment and answers undefined for a 404', async () => {
    expectGet('metadata/a%2Fb').reply(404, { error: 'Project not found' }, { headers: JSON_HEADERS });
    expect(await new LiveMigrationProvider(ORIGIN).projectDetails('a/b')).toBeUndefined();
  });

  it('turns an upstream 5xx that outlasts the retries into a 502 upstream_error naming the provider and status', async () => {
    expectGet('projects').reply(503, 'upstream down').times(3);
    const error = await new LiveMigrationProvider(ORIGIN).listProjects({ limit: 5, page: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      code: 'upstream_error',
      status: 502,
      extra: { provider: 'Token migration (migration)', upstreamStatus: 503 },
    });
    expect((error as ServiceError).message).toMatch(/HTTP 503/);
  });

  it('refuses a document of an unexpected shape with a 502 instead of inventing fields', async () => {
    expectGet('metadata/mig1').reply(200, { projectId: 'mig1' }, { headers: JSON_HEADERS });
    await expect(new LiveMigrationProvider(ORIGIN).projectDetails('mig1')).rejects.toMatchObject({
      code: 'upstream_error',
      status: 502,
    });
  });

  it('points at MIGRATION_API_URL when the list route is missing (a wrong base URL)', async () => {
    expectGet('projects').reply(404, 'Not Found');
    await expect(new LiveMigrationProvider(ORIGIN).listProjects({ limit: 5, page: 1 })).rejects.toMatchObject({
      code: 'upstream_error',
      message: expect.stringMatching(/check MIGRATION_API_URL/),
    });
  });

  it('reports an unreachable API as a 502', async () => {
    expectGet('projects').replyWithError(new Error('connect ECONNREFUSED'));
    await expect(new LiveMigrationProvider(ORIGIN).listProjects({ limit: 5, page: 1 })).rejects.toMatchObject({
      code: 'upstream_error',
      status: 502,
    });
  });
});

describe('choosing the migration provider', () => {
  it('answers 503 naming MIGRATION_API_URL when live without it, on use rather than at start', () => {
    const providers = new Providers('live', {});
    const use = () => providers.migration;
    expect(use).toThrow(ServiceError);
    expect(use).toThrow(/MIGRATION_API_URL/);
    expect(() => use()).toThrow(
      expect.objectContaining({ code: 'not_configured', status: 503, extra: { setting: 'MIGRATION_API_URL' } }),
    );
    expect(() => new Providers('sandbox', { PROVIDERS_LIVE: 'MIGRATION_API_URL' }).migration).toThrow(
      /MIGRATION_API_URL/,
    );
  });

  it('is live when configured in live mode, or listed in PROVIDERS_LIVE in sandbox mode', () => {
    expect(new Providers('live', { MIGRATION_API_URL: ORIGIN }).migration).toBeInstanceOf(LiveMigrationProvider);
    expect(
      new Providers('sandbox', { MIGRATION_API_URL: ORIGIN, PROVIDERS_LIVE: 'MIGRATION_API_URL' }).migration,
    ).toBeInstanceOf(LiveMigrationProvider);
    expect(new Providers('sandbox', { MIGRATION_API_URL: ORIGIN }).migration).not.toBeInstanceOf(LiveMigrationProvider);
  });
});
