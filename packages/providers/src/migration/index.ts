import type { ProviderAccess } from '../provider-mode.js';
import { LiveMigrationProvider } from './live.js';
import type { MigrationProvider } from './migration-provider.js';
import { SandboxMigrationProvider } from './sandbox.js';

export {
  MIGRATION_SETTING,
  type MigrationProject,
  type MigrationProjectListing,
  type MigrationProjectPage,
  type MigrationProvider,
  type MigrationStatus,
  type MigrationTerms,
  type MigrationToken,
  type PageRequest,
} from './migration-provider.js';
export { LiveMigrationProvider } from './live.js';
export { SANDBOX_MIGRATION_SNAPSHOT_AT, SandboxMigrationProvider } from './sandbox.js';

/** The migration provider for an access decision: the simulation, or the live client at the configured URL. */
export const migrationProvider = (access: ProviderAccess): MigrationProvider =>
  access.kind === 'sandbox' ? new SandboxMigrationProvider() : new LiveMigrationProvider(access.credential);
