import type { HederaSandboxLedger, SandboxEvmMarket } from '@svc/sandbox';
import type { LaunchpadVenues } from '../ports/launchpad-venues.js';
import { sandboxBondingVenue } from './bonding/sandbox-bonding-venue.js';
import { sandboxFactoryVenue } from './factory/sandbox-factory-venue.js';
import { sandboxMemejobVenue } from './memejob/sandbox-memejob-venue.js';

/**
 * The sandbox's EVM and Hedera launchpads: the BSC bonding manager and the Base factory on their sandbox chains, the
 * memejob-style curves of the sandbox Hedera ledger (started on first use).
 */
export function sandboxLaunchpadVenues(
  evm: (chainId: number) => Promise<SandboxEvmMarket>,
  hedera: () => Promise<HederaSandboxLedger>,
): LaunchpadVenues {
  return { bonding: sandboxBondingVenue(evm), factory: sandboxFactoryVenue(evm), memejob: sandboxMemejobVenue(hedera) };
}
