// Token-migration tools over the migration provider (Migrate.fun; sandbox or live, see @svc/providers).
import { defineFamily } from '../family.js';
import { migrationGetProjectDetails } from './get-project-details.js';
import { migrationListProjects } from './list-projects.js';

export const migrationFamily = defineFamily({ handlers: { migrationListProjects, migrationGetProjectDetails } });
