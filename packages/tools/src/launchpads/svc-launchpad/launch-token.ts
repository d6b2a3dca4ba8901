import { invalidField } from '@svc/contracts';
import { isAddress } from '@solana/kit';
import { type Handler, withCommitPoint } from '../../handler.js';
import { launchFromVault } from '../solana/launch.js';

/** Fee-sharing shares in basis points: a percentage has at most two decimals (0.01 is the smallest share). */
function feeSharingOf(
  recipients: readonly { address: string; percentage: number }[] | null | undefined,
): { address: string; bps: number }[] | null {
  if (!recipients) return null;
  const seen = new Set<string>();
  return recipients.map((recipient, index) => {
    const field = `feeSharingRecipients.${index}`;
    if (!isAddress(recipient.address))
      throw invalidField(`${field}.address`, 'format', `"${recipient.address}" is not a Solana address`);
    if (seen.has(recipient.address))
      throw invalidField(`${field}.address`, 'duplicate', `${recipient.address} is listed twice`);
    seen.add(recipient.address);
    const bps = recipient.percentage * 100;
    if (Math.abs(bps - Math.round(bps)) > 1e-6)
      throw invalidField(`${field}.percentage`, 'precision', 'a percentage has at most two decimals');
    return { address: recipient.address, bps: Math.round(bps) };
  });
}

/**
 * Launches a token on the service's launchpad (a Meteora-DBC-style curve whose creator trading fees are shared):
 * fee-sharing recipients with percentages summing to 100 (checked by the schema), or the connected wallet at 100%.
 * Without a developer buy the launch may be sponsored (spec rule 4): when the vault cannot pay it and the creator
 * has sponsored launches left; any positive initialBuyInSol makes the vault pay everything.
 */
export const launchToken: Handler<'launchToken'> = withCommitPoint(async (input, context) => {
  const feeSharing = feeSharingOf(input.feeSharingRecipients);
  const launched = await launchFromVault(context, {
    launchpad: 'svc',
    metadata: {
      name: input.name,
      symbol: input.symbol,
      description: input.description,
      imageUri: input.fileUrl,
      website: input.website,
      twitter: input.twitter,
      telegram: input.telegram,
    },
    devBuySol: input.initialBuyInSol,
    devBuyField: 'initialBuyInSol',
    feeSharing,
    sponsorable: true,
  });
  return {
    ...launched,
    feeSharingRecipients: (feeSharing ?? [{ address: launched.creator, bps: 10_000 }]).map((share) => ({
      address: share.address,
      percentage: share.bps / 100,
    })),
  };
});
