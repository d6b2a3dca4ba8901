import { formatUnits } from '@svc/payments';
import { type Handler, withCommitPoint } from '../../handler.js';
import { callerVault, launchpadsOf, SOL_DECIMALS, signCommitSend } from '../solana/launchpad-calls.js';

/**
 * Claims every creator fee the caller's vault has collected on the pump-style launchpad (all its tokens) into the
 * vault. No fees to claim is a 409 before payment (spec: an error when no fees are available).
 */
export const claimCurveFees: Handler<'claimCurveFees'> = withCommitPoint(async (_input, context) => {
  const launchpads = launchpadsOf(context);
  const vault = await callerVault(context);
  const { transaction, lamports } = await launchpads.claimCreatorFeesTransaction(vault.signer.address);
  const signature = await signCommitSend(context, launchpads, vault.signer, transaction);
  return {
    signature,
    claimedSol: formatUnits(lamports, SOL_DECIMALS),
    wallet: vault.signer.address,
    source: launchpads.source,
  };
});
