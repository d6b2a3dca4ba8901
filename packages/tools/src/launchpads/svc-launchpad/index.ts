// The service's own Solana launchpad: launches with creator-fee sharing, fee claims and creator-only burns.
import { defineFamily } from '../../family.js';
import { movesNothing } from '../../valuation.js';
import { burnOn } from '../solana/burn.js';
import { launchValue, tokenAmountValue } from '../solana/valuations.js';
import { claimSvcLaunchpadFees } from './claim-svc-launchpad-fees.js';
import { launchToken } from './launch-token.js';

export const svcLaunchpadFamily = defineFamily({
  handlers: { launchToken, claimSvcLaunchpadFees, burnSvcLaunchpadToken: burnOn('svc') },
  valuations: {
    launchToken: (input, context) => launchValue(context, 'svc', input.initialBuyInSol, 'initialBuyInSol'),
    claimSvcLaunchpadFees: movesNothing, // fees come into the vault; nothing leaves it
    burnSvcLaunchpadToken: (input, context) => tokenAmountValue(context, input.tokenAddress, input.amount, 'svc'),
  },
});
