import { invalidField } from '@svc/contracts';
import { type Handler, withCommitPoint } from '../../handler.js';
import { launchFromVault } from '../solana/launch.js';

/** More SOL than exists is no curve target (the spec bounds solRaised only from below). */
const MAX_SOL_RAISED = 1_000_000_000;

/**
 * Creates a token on the LaunchLab-style launchpad with its curve parameters: solRaised (SOL raised before
 * migration), bondingCurve (percent of the supply sold on the curve), poolMigration (percent moved to the pool at
 * graduation) and tokenSupply; whatever the curve and the migration leave of the supply is the creator's.
 */
export const createPadToken: Handler<'createPadToken'> = withCommitPoint(async (input, context) => {
  if (input.solRaised > MAX_SOL_RAISED)
    throw invalidField('solRaised', 'too_big', `a curve raises at most ${MAX_SOL_RAISED} SOL here`);
  const padCurve = {
    solRaised: input.solRaised,
    bondingCurve: input.bondingCurve,
    poolMigration: input.poolMigration,
    tokenSupply: input.tokenSupply,
  };
  const launched = await launchFromVault(context, {
    launchpad: 'pad',
    metadata: {
      name: input.name,
      symbol: input.symbol,
      description: input.description,
      imageUri: input.fileUrl ?? null,
      website: input.website || null,
      twitter: input.twitter || null,
      telegram: input.telegram || null,
    },
    devBuySol: undefined,
    devBuyField: '',
    padCurve,
  });
  return { ...launched, ...padCurve };
});
