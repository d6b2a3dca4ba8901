/**
 * The committed compiler output of Seaport 1.6 and its ConduitController (written by compile-seaport.ts, checked by
 * compile-seaport.check.test.ts). The runtime deploys these; it never needs solc.
 */
import type { ContractArtifact } from '../artifacts.js';
import conduitControllerJson from './ConduitController.json' with { type: 'json' };
import seaportJson from './Seaport.json' with { type: 'json' };

export const SEAPORT_ARTIFACT = seaportJson as ContractArtifact;
export const CONDUIT_CONTROLLER_ARTIFACT = conduitControllerJson as ContractArtifact;
