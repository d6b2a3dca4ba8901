import { z } from 'zod';
import { upstreamClient } from '../upstream/registry.js';
import { parseUpstream, upstreamError } from '../upstream/upstream-client.js';
import {
  MIGRATION_SETTING,
  type MigrationProject,
  type MigrationProjectPage,
  type MigrationProvider,
  type PageRequest,
} from './migration-provider.js';
import { newestFirstPage } from './newest-first.js';

// Only the fields we use are checked; the API may add others. Shapes from @emblemvault/migratefun-react's types.
const projectListWire = z.object({ projects: z.array(z.object({ id: z.string(), name: z.string() })) });
const tokenMetaWire = z.object({ name: z.string(), symbol: z.string() }).nullable();
const projectWire = z.object({
  projectId: z.string(),
  projectName: z.string(),
  oldTokenMint: z.string(),
  newTokenMint: z.string(),
  oldTokenMeta: tokenMetaWire,
  newTokenMeta: tokenMetaWire,
});

/** Migrations run on Solana mainnet; the tools have no network field, so devnet is never asked for. */
const NETWORK = 'mainnet';
/** Projects are added a few times a week and their metadata is fixed once published. */
const CACHE_TTL_MS = 60_000;

/** Migrate.fun's REST API (`{base}/api/migrate-fun/*`, no key). */
export class LiveMigrationProvider implements MigrationProvider {
  readonly #base: string;

  /** `baseUrl`: MIGRATION_API_URL, the deployment's origin, e.g. https://emblemvault.dev. */
  constructor(baseUrl: string) {
    this.#base = baseUrl.replace(/\/+$/, '');
  }

  /** The API answers every project in one unordered list, so ordering and paging happen here. */
  async listProjects(request: PageRequest): Promise<MigrationProjectPage> {
    const raw = await upstreamClient('migration').getJson(this.#url('projects'), { cacheTtlMs: CACHE_TTL_MS });
    // The list route always exists on a Migrate.fun deployment: a 404 means the setting points elsewhere.
    if (raw === undefined)
      throw upstreamError(
        MIGRATION_SETTING.provider,
        `has no projects route at ${this.#base} (HTTP 404; check ${MIGRATION_SETTING.setting})`,
        { upstreamStatus: 404 },
      );
    const body = parseUpstream(projectListWire, raw, MIGRATION_SETTING.provider, 'projects');
    return newestFirstPage(
      body.projects.map(({ id, name }) => ({ projectId: id, name })),
      request,
    );
  }

  async projectDetails(projectId: string): Promise<MigrationProject | undefined> {
    const raw = await upstreamClient('migration').getJson(this.#url(`metadata/${encodeURIComponent(projectId)}`), {
      cacheTtlMs: CACHE_TTL_MS,
    });
    if (raw === undefined) return undefined;
    const wire = parseUpstream(projectWire, raw, MIGRATION_SETTING.provider, 'metadata');
    return {
      projectId: wire.projectId,
      name: wire.projectName,
      oldToken: {
        mint: wire.oldTokenMint,
        name: wire.oldTokenMeta?.name ?? null,
        symbol: wire.oldTokenMeta?.symbol ?? null,
      },
      newToken: {
        mint: wire.newTokenMint,
        name: wire.newTokenMeta?.name ?? null,
        symbol: wire.newTokenMeta?.symbol ?? null,
      },
      // The metadata route serves names and mints; window, rate and amounts live in the on-chain project account.
      migration: null,
      website: null,
    };
  }

  #url(route: string): URL {
    const url = new URL(`${this.#base}/api/migrate-fun/${route}`);
    url.searchParams.set('network', NETWORK);
    return url;
  }
}
