import type { MigrationProjectListing, MigrationProjectPage, PageRequest } from './migration-provider.js';

/** "mig121" -> 121; the platform also accepts the bare number. NaN for an id that carries no number. */
export const projectNumber = (projectId: string): number =>
  Number(/^(?:mig)?(\d+)$/i.exec(projectId)?.[1] ?? Number.NaN);

/**
 * One page of projects, newest first. Project numbers are assigned in creation order, so the highest number is the
 * newest; ids without a number sort last rather than being dropped.
 */
export function newestFirstPage(
  projects: readonly MigrationProjectListing[],
  { page, limit }: PageRequest,
): MigrationProjectPage {
  const rank = (id: string) => projectNumber(id) || -1;
  const sorted = [...projects].sort((a, b) => rank(b.projectId) - rank(a.projectId));
  return { projects: sorted.slice((page - 1) * limit, page * limit), total: sorted.length };
}
