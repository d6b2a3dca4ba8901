import { invalidField } from '@svc/contracts';
import { type Handler, withCommitPoint } from '../handler.js';
import { unitsOf } from './amounts.js';
import { executeAsVault } from './execute.js';
import { hederaOf } from './network-of.js';
import { recipientOf, sendResult } from './recipient.js';
import { tokenAtEvmAddress } from './tokens.js';
import { holdingOf, vaultHederaAccount } from './vault-account.js';
import { formatUnits } from '@svc/payments';
import { HBAR } from '@svc/chains';

/**
 * Sends an HTS fungible token (named by its EVM address, the long-zero form of its token id) from the vault's account
 * with a TransferTransaction signed by the vault key; the HBAR fee comes from the same account. Accounts hold tokens
 * without an explicit TokenAssociateTransaction: accounts created by auto account creation (every vault's) have
 * unlimited automatic associations (HIP-904), and a live recipient without a free association slot makes the network
 * refuse the transfer (502 naming the status), moving nothing.
 */
export const hederaERC20TokenSend: Handler<'hederaERC20TokenSend'> = withCommitPoint(async (input, context) => {
  if (!input.to) throw invalidField('to', 'required', 'to is required to send');
  if (!input.token) throw invalidField('token', 'required', 'token is required to send');
  const network = await hederaOf(context);
  const token = await tokenAtEvmAddress(network, input.token);
  const units = unitsOf('amount', input.amount, token.decimals);
  const to = await recipientOf(network, input.to);
  const vault = await vaultHederaAccount(context, network);
  const held = holdingOf(vault.account, token.tokenId, HBAR);
  if (held < units)
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault's account ${vault.account.accountId} holds ${formatUnits(held, token.decimals)} ${token.symbol}; sending ${input.amount} needs more`,
    );
  const sdk = await network.sdk();
  const tx = new sdk.TransferTransaction()
    .addTokenTransferWithDecimals(token.tokenId, vault.account.accountId, -units, token.decimals)
    .addTokenTransferWithDecimals(token.tokenId, to.accountId, units, token.decimals);
  const executed = await executeAsVault(network, vault, tx, context.commit);
  return sendResult(network, vault, executed, {
    to: input.to,
    asset: { symbol: token.symbol, tokenId: token.tokenId },
    amount: input.amount,
    units,
  });
});
