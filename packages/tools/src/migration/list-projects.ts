import type { Handler } from '../handler.js';

/** Output: `{ projects: [{ projectId, name }], page, limit, total, totalPages, hasMore }`, newest project first. */
export const migrationListProjects: Handler<'migrationListProjects'> = async ({ limit, page }, context) => {
  const { projects, total } = await context.providers.migration.listProjects({ limit, page });
  const totalPages = Math.ceil(total / limit);
  return { projects, page, limit, total, totalPages, hasMore: page < totalPages };
};
