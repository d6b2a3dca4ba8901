// Token risk (RugCheck): a free public upstream, so the call settles after it succeeds.
import { ServiceError } from '@svc/contracts';
import { defineFamily } from '../family.js';
import type { Handler } from '../handler.js';
import { liveClient } from '../live-only.js';

/** Output: `{ mint, name, symbol, score_normalised (0 safe … 100 risky), risks, mintAuthority, freezeAuthority, … }`. */
const riskcheckToken: Handler<'riskcheckToken'> = async ({ tokenMint }, context) => {
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
