import { invalidField } from '@svc/contracts';
import { entityIdOfLongZero, type HederaExecution, type HederaNetwork, type HederaSdk } from '@svc/chains';
import type { VaultHederaAccount } from './vault-account.js';

type AccountId = InstanceType<HederaSdk['AccountId']>;

/**
 * The account an EVM-address recipient names. A long-zero address names an account id, which must exist (400 on
 * `to` otherwise: nothing is sent to a number nobody owns). Any other address is an alias: Hedera delivers to its
 * account, creating it (hollow, auto account creation) when there is none yet, as it does for every EVM wallet.
 */
export async function recipientOf(
  network: HederaNetwork,
  to: string,
): Promise<{ accountId: AccountId; existing: boolean }> {
  const sdk = await network.sdk();
  const longZero = entityIdOfLongZero(to);
  const account = await network.account(to);
  if (longZero) {
    if (!account)
      throw invalidField(
        'to',
        'not_found',
        `${to} is the long-zero address of ${longZero}, which is not an account on this network`,
      );
    return { accountId: sdk.AccountId.fromString(account.accountId), existing: true };
  }
  return {
    accountId: account ? sdk.AccountId.fromString(account.accountId) : sdk.AccountId.fromEvmAddress(0, 0, to),
    existing: account !== undefined,
  };
}

/** What a send answers: the transaction, who paid, what moved, and whether this send completed the vault's account. */
export function sendResult(
  network: HederaNetwork,
  vault: VaultHederaAccount,
  executed: HederaExecution,
  sent: { to: string; asset: { symbol: string; tokenId: string | null }; amount: string; units: bigint },
) {
  return {
    network: network.caip2,
    transactionId: executed.transactionId,
    status: executed.status,
    consensusTimestamp: executed.consensusTimestamp,
    from: { accountId: vault.account.accountId, evmAddress: vault.account.evmAddress },
    // The vault's alias account was hollow until this transaction, signed with its key, completed it.
    sourceAccountCreated: !vault.account.hasKey,
    to: sent.to,
    ...sent.asset,
    amount: sent.amount,
    amountUnits: sent.units.toString(),
    feeTinybars: executed.feeTinybars?.toString() ?? null,
  };
}
