import { ServiceError } from '@svc/contracts';
import type { Handler } from '../handler.js';
import { projectSummary } from './project-summary.js';

/** Output: `{ summary, project }`: a text summary ready to show, and the same facts as fields. Unknown id: 404. */
export const migrationGetProjectDetails: Handler<'migrationGetProjectDetails'> = async ({ projectId }, context) => {
  const project = await context.providers.migration.projectDetails(projectId);
  if (!project) {
    throw new ServiceError(
      'not_found',
      `No migration project "${projectId}"; migrationListProjects lists the known ones. Nothing was charged.`,
      { extra: { projectId } },
    );
  }
  return { summary: projectSummary(project), project };
};
