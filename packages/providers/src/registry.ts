import { MIGRATION_SETTING, type MigrationProvider, migrationProvider } from './migration/index.js';
import { type ProviderMode, providerAccess } from './provider-mode.js';

/** Environment values providers read: PROVIDERS_LIVE and each provider's setting (e.g. MIGRATION_API_URL). */
export type ProviderEnv = Readonly<Record<string, string | undefined>>;

/**
 * Every third-party provider a handler may use, built once per service. Each is chosen on first use (sandbox or
 * live, see providerAccess) and kept. A live provider missing its setting is not an error at start: the service
 * runs, and every use of that provider throws 503 `not_configured` naming the setting, so only its tools fail.
 *
 * A new provider: a folder like migration/ (interface, live, sandbox, a factory from ProviderAccess) and a getter here.
 */
export class Providers {
  #migration: MigrationProvider | undefined;

  constructor(
    private readonly mode: ProviderMode,
    private readonly env: ProviderEnv,
  ) {}

  /** Migrate.fun (the migration stand-in). */
  get migration(): MigrationProvider {
    this.#migration ??= migrationProvider(providerAccess(this.mode, MIGRATION_SETTING, this.env));
    return this.#migration;
  }
}

/** Providers that all simulate, whatever the environment (tests). */
export const sandboxProviders = () => new Providers('sandbox', {});
