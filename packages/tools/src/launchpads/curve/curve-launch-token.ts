import { type Handler, withCommitPoint } from '../../handler.js';
import { launchFromVault } from '../solana/launch.js';

/**
 * Creates a token on the pump-style bonding curve from the vault (irreversible), with an optional developer buy of
 * devBuySol in the same transaction. The token is listed by getCurveTokens at once.
 */
export const curveLaunchToken: Handler<'curveLaunchToken'> = withCommitPoint(async (input, context) =>
  launchFromVault(context, {
    launchpad: 'pump',
    metadata: {
      name: input.name,
      symbol: input.symbol,
      description: input.description,
      imageUri: input.logoUrl,
      website: input.website,
      twitter: input.twitter,
      telegram: input.telegram,
    },
    devBuySol: input.devBuySol,
    devBuyField: 'devBuySol',
  }),
);
