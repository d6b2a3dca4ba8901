import type { ProviderSetting } from '../provider-mode.js';

/** The setting that points the live client at a Migrate.fun API deployment (the migration stand-in). */
export const MIGRATION_SETTING: ProviderSetting = {
  provider: 'Token migration (migration)',
  setting: 'MIGRATION_API_URL',
};

export interface MigrationToken {
  /** Solana mint address (base58). */
  readonly mint: string;
  /** From the token's metadata; null when the source has none. */
  readonly name: string | null;
  readonly symbol: string | null;
}

export type MigrationStatus = 'upcoming' | 'active' | 'ended';

/** The terms and progress of a migration. Amounts are decimal strings of whole tokens. */
export interface MigrationTerms {
  readonly startsAt: string;
  readonly endsAt: string;
  readonly status: MigrationStatus;
  /** New tokens received per old token deposited. */
  readonly exchangeRate: string;
  readonly oldTokenSupply: string;
  readonly oldTokensMigrated: string;
}

export interface MigrationProject {
  /** e.g. "mig121": project numbers are assigned in creation order. */
  readonly projectId: string;
  readonly name: string;
  readonly oldToken: MigrationToken;
  readonly newToken: MigrationToken;
  /** Null when the source does not serve it: the live metadata route has names and mints only. */
  readonly migration: MigrationTerms | null;
  readonly website: string | null;
}

export interface MigrationProjectListing {
  readonly projectId: string;
  readonly name: string;
}

export interface MigrationProjectPage {
  /** Newest first. */
  readonly projects: readonly MigrationProjectListing[];
  /** Projects on every page together. */
  readonly total: number;
}

export interface PageRequest {
  /** 1-based. */
  readonly page: number;
  readonly limit: number;
}

/** A token-migration platform (Migrate.fun): its projects, newest first, and one project's details. */
export interface MigrationProvider {
  listProjects(request: PageRequest): Promise<MigrationProjectPage>;
  /** Undefined for a project the platform does not know. */
  projectDetails(projectId: string): Promise<MigrationProject | undefined>;
}
