// The LaunchLab-style Solana launchpad (Raydium LaunchLab live): token creation with curve parameters, discovery.
import { defineFamily } from '../../family.js';
import { launchValue } from '../solana/valuations.js';
import { createPadToken } from './create-pad-token.js';
import { discoverPadTokens } from './discover-pad-tokens.js';

export const padFamily = defineFamily({
  handlers: { createPadToken, discoverPadTokens },
  valuations: { createPadToken: (_input, context) => launchValue(context, 'pad', undefined) },
});
