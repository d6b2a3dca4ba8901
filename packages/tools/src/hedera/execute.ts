import { HederaLedgerError, type HederaExecution, type HederaNetwork, type HederaTransaction } from '@svc/chains';
import { invalidField, ServiceError } from '@svc/contracts';
import type { HandlerContext } from '../handler.js';
import type { VaultHederaAccount } from './vault-account.js';

/**
 * Signs `tx` with the vault key and submits it, settling the call's payment first (`commit`: the handler's commit
 * point, see withCommitPoint). The tools check balances, recipients and tokens before signing; a
 * refusal the network still gives (a balance spent meanwhile, a price moved) becomes the same clear 4xx, and nothing
 * moved. Any other refusal is the network's failure (502 naming the Hedera status).
 */
export async function executeAsVault(
  network: HederaNetwork,
  vault: VaultHederaAccount,
  tx: HederaTransaction,
  commit: HandlerContext['commit'],
): Promise<HederaExecution> {
  await commit?.();
  try {
    return await network.execute(tx, vault.account.accountId, vault.key);
  } catch (error) {
    if (!(error instanceof HederaLedgerError)) throw error;
    const status = error.status;
    if (status.startsWith('INSUFFICIENT_') && status !== 'INSUFFICIENT_TX_FEE')
      throw invalidField('amount', 'insufficient_funds', `the network refused: ${error.message}`, { status });
    if (status === 'INVALID_ACCOUNT_ID')
      throw invalidField('to', 'not_found', `the network refused: ${error.message}`, { status });
    if (status === 'INVALID_TOKEN_ID')
      throw invalidField('token', 'unknown_token', `the network refused: ${error.message}`, { status });
    if (status === 'CONTRACT_REVERT_EXECUTED')
      throw new ServiceError(
        'state_conflict',
        `The contract call reverted; it moved nothing (a transaction sent before it in the same call, such as an approval or association, stands): ${error.message}`,
        {
          extra: { status },
        },
      );
    throw new ServiceError('upstream_error', `The Hedera network refused the transaction: ${error.message}`, {
      extra: { provider: 'Hedera', status },
      cause: error,
    });
  }
}
