import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { SANDBOX_MIGRATION_SNAPSHOT_AT, SandboxMigrationProvider } from './sandbox.js';

const numberOf = (projectId: string) => Number(projectId.replace('mig', ''));

describe('SandboxMigrationProvider', () => {
  const sandbox = new SandboxMigrationProvider();

  it('answers the same projects on every instance (seeded, no clock, no network)', async () => {
    const other = new SandboxMigrationProvider();
    expect(await other.listProjects({ limit: 20, page: 1 })).toEqual(
      await sandbox.listProjects({ limit: 20, page: 1 }),
    );
    expect(await other.projectDetails('mig7')).toEqual(await sandbox.projectDetails('mig7'));
  });

  it('lists newest first across pages, without gaps or repeats', async () => {
    const { total } = await sandbox.listProjects({ limit: 1, page: 1 });
    const pages = await Promise.all([1, 2, 3].map((page) => sandbox.listProjects({ limit: 20, page })));
    const ids = pages.flatMap((p) => p.projects.map((project) => project.projectId));
    expect(ids).toHaveLength(total);
    expect(ids.map(numberOf)).toEqual(Array.from({ length: total }, (_, i) => total - i));
  });

  it('honours the limit and answers an empty page past the end', async () => {
    expect((await sandbox.listProjects({ limit: 5, page: 1 })).projects).toHaveLength(5);
    expect((await sandbox.listProjects({ limit: 20, page: 1 })).projects).toHaveLength(20);
    expect(await sandbox.listProjects({ limit: 20, page: 99 })).toMatchObject({ projects: [] });
  });

  it('simulates realistic projects: valid mints, a window, status consistent with it, amounts within supply', async () => {
    const { total } = await sandbox.listProjects({ limit: 1, page: 1 });
    const statuses = new Set<string>();
    for (let n = 1; n <= total; n += 1) {
      const project = await sandbox.projectDetails(`mig${n}`);
      expect(project?.projectId).toBe(`mig${n}`);
      if (!project?.migration) throw new Error(`mig${n} has no migration terms`);
      for (const token of [project.oldToken, project.newToken]) {
        expect(base58.decode(token.mint)).toHaveLength(32);
        expect(token.symbol).toMatch(/^[A-Z]{1,6}$/);
      }
      expect(project.oldToken.mint).not.toBe(project.newToken.mint);
      const { startsAt, endsAt, status, oldTokenSupply, oldTokensMigrated } = project.migration;
      expect(Date.parse(startsAt)).toBeLessThan(Date.parse(endsAt));
      const expected =
        SANDBOX_MIGRATION_SNAPSHOT_AT < Date.parse(startsAt)
          ? 'upcoming'
          : SANDBOX_MIGRATION_SNAPSHOT_AT < Date.parse(endsAt)
            ? 'active'
            : 'ended';
      expect(status).toBe(expected);
      expect(BigInt(oldTokensMigrated) <= BigInt(oldTokenSupply)).toBe(true);
      expect(project.website).toMatch(/^https:\/\/[a-z]+-\d+\.example$/);
      statuses.add(status);
    }
    expect([...statuses].sort()).toEqual(['active', 'ended', 'upcoming']);
  });

  it('finds a project by its bare number too, and nothing for an unknown id', async () => {
    expect(await sandbox.projectDetails('12')).toEqual(await sandbox.projectDetails('mig12'));
    for (const unknown of ['mig0', 'mig999', 'nope', '']) expect(await sandbox.projectDetails(unknown)).toBeUndefined();
  });
});
