// Token risk: RugCheck live (a free public upstream, so the call settles after it succeeds); in sandbox mode, the
// sandbox's own score of the mint's state on the sandbox Solana ledger.
import { ServiceError } from '@svc/contracts';
import { defineFamily } from '../family.js';
import type { Handler } from '../handler.js';
import { liveClient } from '../live-only.js';
import { scoreMint } from './score-mint.js';

/** Output: `{ mint, name, symbol, score_normalised (0 safe … 100 risky), risks, mintAuthority, freezeAuthority, … }`. */
const riskcheckToken: Handler<'riskcheckToken'> = async ({ tokenMint }, context) => {
  if (!context.providers.rugcheck && context.solanaMints) {
    const state = await context.solanaMints.mintState(tokenMint);
    if (!state)
      throw new ServiceError('not_found', `The sandbox Solana chain has no mint at ${tokenMint}.`, {
        extra: { tokenMint },
      });
    return { ...scoreMint(state) };
  }
  const rugcheck = liveClient(
    context.providers.rugcheck,
    'riskcheckToken',
    'scoring of sandbox mints from chain state',
  );
  const report = await rugcheck.report(tokenMint);
  if (!report)
    throw new ServiceError('not_found', `RugCheck has no report for ${tokenMint}.`, { extra: { tokenMint } });
  return { ...report };
};

export const riskcheckFamily = defineFamily({ handlers: { riskcheckToken } });
