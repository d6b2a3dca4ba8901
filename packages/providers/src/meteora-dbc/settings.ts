/**
 * The operator's settings of the service's launchpad on Meteora DBC (live mode). Read by @svc/config, named by the
 * launchpad's 503s.
 */
export const SVC_LAUNCHPAD_SETTINGS = {
  /** The DBC PoolConfig every launch uses: the operator's curve, fees and partner fee share. */
  dbcConfig: 'SVC_LAUNCHPAD_DBC_CONFIG',
  /** The wallet that pays sponsored launches (spec: a launch without developer buy may be sponsored). */
  sponsorKey: 'SVC_LAUNCHPAD_SPONSOR_KEY',
  /** How many sponsored launches one creator may have. */
  sponsoredLaunches: 'SVC_LAUNCHPAD_SPONSORED_LAUNCHES',
} as const;

export const SVC_LAUNCHPAD_PROVIDER = "The service's launchpad (Meteora DBC)";

/** Sponsored launches per creator when SVC_LAUNCHPAD_SPONSORED_LAUNCHES is unset (the sandbox sponsor's quota). */
export const DEFAULT_SPONSORED_LAUNCHES = 3;

export interface SvcLaunchpadSettings {
  /** SVC_LAUNCHPAD_DBC_CONFIG: base58 address of a SOL-quoted DBC PoolConfig. */
  readonly dbcConfig?: string | undefined;
  /** SVC_LAUNCHPAD_SPONSOR_KEY: 64-byte Solana secret key, base58 or a JSON byte array (never logged). */
  readonly sponsorKey?: string | undefined;
  readonly sponsoredLaunchesPerCreator: number;
}
