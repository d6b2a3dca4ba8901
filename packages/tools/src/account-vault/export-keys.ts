import { accountVaultKeys, vaultAddressesOf, type VaultPrivateKeys } from '@svc/chains';
import { invalidField } from '@svc/contracts';
import { recordCall } from '@svc/store';
import { callerOf, type HandlerContext } from '../handler.js';

/**
 * The account vault's keys, for its owner leaving custody: the same `keys` as svcRevealKeys hands out (the seed, its
 * derivation paths and each chain's key beside the address it controls, opened by `openVaultPrivateKeys`).
 * `confirm` must repeat the vault's EVM address (any case): a 400 before the seed is opened otherwise. The vault
 * keeps working afterwards (the service still signs with it), so unlike an NFT vault nothing is burned; every export
 * is written to the call ledger (tool `accountVaultExport`), where the owner's call history shows it. The keys are in
 * this answer only: never logged, never stored.
 */
export async function exportAccountVaultKeys(
  context: HandlerContext,
  confirm: string,
): Promise<{ keys: VaultPrivateKeys; exportedAt: string }> {
  const { db, masterKey } = context;
  const { accountId } = callerOf(context);
  const { evm } = await vaultAddressesOf(db, masterKey, accountId);
  if (confirm.trim().toLowerCase() !== evm.toLowerCase())
    throw invalidField(
      'confirm',
      'mismatch',
      `must repeat the account vault's EVM address (${evm}) to export its keys`,
    );
  const started = performance.now();
  const keys = await accountVaultKeys(db, masterKey, accountId);
  await recordCall(db, {
    tool: 'accountVaultExport',
    accountId,
    outcome: 'exported',
    httpStatus: 200,
    latencyMs: performance.now() - started,
  });
  return { keys, exportedAt: new Date().toISOString() };
}
