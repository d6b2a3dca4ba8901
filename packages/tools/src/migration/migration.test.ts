import { findTool, parseInput, ServiceError } from '@svc/contracts';
import { Providers, sandboxProviders } from '@svc/providers';
import type { Queryable } from '@svc/store';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { testMasterKey } from '../testing/caller-contexts.js';
import { migrationFamily } from './index.js';

const { migrationGetProjectDetails, migrationListProjects } = migrationFamily.handlers;

const contextWith = (providers: Providers): HandlerContext => ({
  mode: 'sandbox',
  // These handlers read providers only; a database they touched would be a bug.
  db: {} as Queryable,
  caller: { accountId: 'acct-migration-test' },
  masterKey: testMasterKey(),
  providers,
});
const context = contextWith(sandboxProviders());

/** Validate a raw body with the catalog's schema, as invoke does before any payment. */
function listInput(raw: Record<string, unknown>) {
  const tool = findTool('migrationListProjects');
  if (!tool) throw new Error('migrationListProjects is missing from the catalog');
  return parseInput(tool.input, raw, tool.name) as Parameters<typeof migrationListProjects>[0];
}

describe('migrationListProjects', () => {
  it('defaults to the 5 newest projects with paging info', async () => {
    const result = await migrationListProjects(listInput({}), context);
    expect(result).toMatchObject({ page: 1, limit: 5, hasMore: true });
    const projects = result.projects as { projectId: string }[];
    expect(projects).toHaveLength(5);
    const numbers = projects.map((p) => Number(p.projectId.replace('mig', '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(result.totalPages).toBe(Math.ceil((result.total as number) / 5));
  });

  it('accepts limits 1 and 20 and answers that many projects', async () => {
    for (const limit of [1, 20])
      expect((await migrationListProjects(listInput({ limit }), context)).projects).toHaveLength(limit);
  });

  it('refuses limits 0 and 21, and page 0, through the catalog schema with a 400 naming the field', () => {
    for (const raw of [{ limit: 0 }, { limit: 21 }, { page: 0 }]) {
      const error = (() => {
        try {
          listInput(raw);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: 'invalid_input', status: 400, issues: [{ field: Object.keys(raw)[0] }] });
    }
  });

  it('continues on the next page and ends with hasMore false', async () => {
    const first = await migrationListProjects(listInput({ limit: 20, page: 1 }), context);
    const last = await migrationListProjects(listInput({ limit: 20, page: first.totalPages }), context);
    expect(last.hasMore).toBe(false);
    const firstIds = (first.projects as { projectId: string }[]).map((p) => p.projectId);
    expect((last.projects as { projectId: string }[]).some((p) => firstIds.includes(p.projectId))).toBe(false);
  });
});

describe('migrationGetProjectDetails', () => {
  it('answers a text summary and the structured project', async () => {
    const { summary, project } = await migrationGetProjectDetails({ projectId: 'mig30' }, context);
    expect(project).toMatchObject({ projectId: 'mig30', migration: { status: 'ended' } });
    const lines = (summary as string).split('\n');
    expect(lines[0]).toMatch(/^.+ Migration \(mig30\)$/);
    expect(summary).toMatch(/^Old token: .+ \([A-Z]+\), mint [1-9A-HJ-NP-Za-km-z]{32,44}$/m);
    expect(summary).toMatch(/^Status: ended, from \d{4}-\d\d-\d\d \d\d:\d\d UTC to \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m);
    expect(summary).toMatch(/^Migrated so far: [\d,]+ of [\d,]+ old tokens \(\d+\.\d\d%\)$/m);
    expect(summary).toMatch(/^Website: https:\/\/.+\.example$/m);
  });

  it('answers 404 not_found for an unknown project', async () => {
    const error = await migrationGetProjectDetails({ projectId: 'mig999999' }, context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'not_found', status: 404, extra: { projectId: 'mig999999' } });
  });

  it('answers 503 naming MIGRATION_API_URL in live mode without it', async () => {
    const live = contextWith(new Providers('live', {}));
    await expect(migrationGetProjectDetails({ projectId: 'mig1' }, live)).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'MIGRATION_API_URL' },
    });
  });
});
