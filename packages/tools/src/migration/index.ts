// Token-migration tools over the migration provider (Migrate.fun; sandbox or live, see @svc/providers).
export { migrationGetProjectDetails } from './get-project-details.js';
export { migrationListProjects } from './list-projects.js';
