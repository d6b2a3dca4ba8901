import { formatUnits } from '@svc/payments';
import { type Handler, withCommitPoint } from '../../handler.js';
import { callerVault, launchpadsOf, launchpadToken, SOL_DECIMALS, signCommitSend } from '../solana/launchpad-calls.js';

/**
 * Sweeps the token's pending creator fees into its fee-sharing vault and claims the caller's share of every swept
 * fee not yet claimed, in one transaction. Nothing owed to the caller (or the caller shares no fees) is a 409 before
 * payment.
 */
export const claimSvcLaunchpadFees: Handler<'claimSvcLaunchpadFees'> = withCommitPoint(async (input, context) => {
  const launchpads = launchpadsOf(context);
  const token = await launchpadToken(launchpads, input.tokenAddress, 'svc');
  const vault = await callerVault(context);
  const { transaction, lamports, swept } = await launchpads.claimSharedFeesTransaction(
    token.mint,
    vault.signer.address,
  );
  const signature = await signCommitSend(context, launchpads, vault.signer, transaction);
  return {
    signature,
    tokenAddress: token.mint,
    symbol: token.symbol,
    sweptSol: formatUnits(swept, SOL_DECIMALS),
    claimedSol: formatUnits(lamports, SOL_DECIMALS),
    share: token.feeSharing?.find((share) => share.address === vault.signer.address)?.percentage ?? 100,
    source: launchpads.source,
  };
});
