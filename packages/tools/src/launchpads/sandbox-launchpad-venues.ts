import type { SandboxEvmMarket } from '@svc/sandbox';
import type { LaunchpadVenues } from '../ports/launchpad-venues.js';
import { sandboxBondingVenue } from './bonding/sandbox-bonding-venue.js';
import { sandboxFactoryVenue } from './factory/sandbox-factory-venue.js';

/** The sandbox's EVM and Hedera launchpads: the BSC bonding manager and the Base factory on their sandbox chains. */
export function sandboxLaunchpadVenues(evm: (chainId: number) => Promise<SandboxEvmMarket>): LaunchpadVenues {
  return { bonding: sandboxBondingVenue(evm), factory: sandboxFactoryVenue(evm) };
}
