import { invalidField } from '@svc/contracts';
import { HBAR, HBAR_DECIMALS } from '@svc/chains';
import { formatUnits } from '@svc/payments';
import { type Handler, withCommitPoint } from '../handler.js';
import { unitsOf } from './amounts.js';
import { executeAsVault } from './execute.js';
import { hederaOf } from './network-of.js';
import { recipientOf, sendResult } from './recipient.js';
import { holdingOf, vaultHederaAccount } from './vault-account.js';

/**
 * Sends HBAR from the vault's account with a TransferTransaction signed by the vault key. The first send from a vault
 * completes its account (see vaultHederaAccount). The network's fee is paid on top of `amount` by the sender.
 */
export const hederaNativeSend: Handler<'hederaNativeSend'> = withCommitPoint(async (input, context) => {
  if (!input.to) throw invalidField('to', 'required', 'to is required to send');
  const tinybars = unitsOf('amount', input.amount, HBAR_DECIMALS);
  const network = await hederaOf(context);
  const to = await recipientOf(network, input.to);
  const vault = await vaultHederaAccount(context, network);
  const held = holdingOf(vault.account, HBAR, HBAR);
  if (held < tinybars)
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault's account ${vault.account.accountId} holds ${formatUnits(held, HBAR_DECIMALS)} HBAR; sending ${input.amount} HBAR needs more (plus the network fee)`,
    );
  const sdk = await network.sdk();
  const tx = new sdk.TransferTransaction()
    .addHbarTransfer(vault.account.accountId, sdk.Hbar.fromTinybars((-tinybars).toString()))
    .addHbarTransfer(to.accountId, sdk.Hbar.fromTinybars(tinybars.toString()));
  const executed = await executeAsVault(network, vault, tx, context.commit);
  return sendResult(network, vault, executed, {
    to: input.to,
    asset: { symbol: HBAR, tokenId: null },
    amount: input.amount,
    units: tinybars,
  });
});
