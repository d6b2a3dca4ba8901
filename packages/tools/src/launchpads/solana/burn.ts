import { formatUnits } from '@svc/payments';
import type { ToolByName, ToolInput } from '@svc/contracts';
import { type HandlerContext, withCommitPoint } from '../../handler.js';
import type { SolanaLaunchpad } from '../../ports/solana-launchpads.js';
import {
  callerVault,
  launchpadsOf,
  launchpadToken,
  requireSol,
  signCommitSend,
  tokenAtomic,
} from './launchpad-calls.js';

type BurnInput = ToolInput<ToolByName<'burnCurveToken'>>;

/**
 * A creator-only burn on `launchpad`: `amount` (human units, exact) of the token burned from the creator's vault.
 * Refused before payment: a caller who did not create the token (403), more than the vault holds (400).
 */
export const burnOn = (launchpad: SolanaLaunchpad) =>
  withCommitPoint(async (input: BurnInput, context: HandlerContext) => {
    const launchpads = launchpadsOf(context);
    const token = await launchpadToken(launchpads, input.tokenAddress, launchpad);
    const tokens = tokenAtomic(input.amount, token);
    const vault = await callerVault(context);
    requireSol(vault.lamports, 0n, 'amount', 'The burn', false);
    const transaction = await launchpads.burnTransaction(token.mint, vault.signer.address, tokens);
    const signature = await signCommitSend(context, launchpads, vault.signer, transaction);
    return {
      signature,
      tokenAddress: token.mint,
      symbol: token.symbol,
      burned: formatUnits(tokens, token.decimals),
      source: launchpads.source,
    };
  });
