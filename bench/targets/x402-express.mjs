// Reference for the paid comparison: the same paid route built the way @x402/express 2.27 documents it
// (bench/express-paid-route.mjs) with the SDK's exact scheme, on the facilitator it is given.
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { expressPaidRoute } from '../express-paid-route.mjs';

/**
 * The official `@x402/evm` exact facilitator settles each payment in a transaction of its own; group commit
 * (several payments per Multicall3 transaction) is the gateway's, so the reference's sandbox settles one at a time.
 */
export const sandboxOptions = { settlementBatchMax: 1 };

export async function build({ sandbox }) {
  if (!sandbox) throw new Error('the x402-express target needs a sandbox (its facilitator settles there)');
  return expressPaidRoute({ facilitator: sandbox.facilitator, scheme: new ExactEvmScheme() });
}
