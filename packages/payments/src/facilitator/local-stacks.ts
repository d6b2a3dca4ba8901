import type { x402Facilitator } from '@x402/core/facilitator';
import { registerExactStacksScheme } from '../schemes/stacks/facilitator.js';
import type { StacksSettlementTarget } from '../schemes/stacks/target.js';

export interface LocalStacksSettlement {
  readonly network: `stacks:${string}`;
  /**
   * Where verified payments are submitted: the sandbox ledger (`StacksSandboxLedger` from `@svc/sandbox`) in sandbox
   * mode, or a node through `StacksHttpBroadcaster`. The payer signs and pays the fee, so no facilitator key is needed.
   */
  readonly target: StacksSettlementTarget;
}

/** Registers our exact Stacks scheme (the official SDK has none) once per settlement target. */
export function registerLocalStacksSettlements(
  facilitator: x402Facilitator,
  settlements: readonly LocalStacksSettlement[],
): void {
  for (const { network, target } of settlements)
    registerExactStacksScheme(facilitator, { networks: [network], target });
}
