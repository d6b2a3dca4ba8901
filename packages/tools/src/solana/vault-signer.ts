import { accountVaultKeys } from '@svc/chains';
import { createKeyPairSignerFromBytes, getBase58Encoder, type KeyPairSigner } from '@solana/kit';
import type { HandlerContext } from '../handler.js';

/**
 * The signer of the account's custodial vault Solana key (the vault signs every Solana send and swap). The key is
 * opened for this call only and never logged or returned.
 */
export async function vaultSolanaSigner(
  context: Pick<HandlerContext, 'db' | 'masterKey'>,
  accountId: string,
): Promise<KeyPairSigner> {
  const keys = await accountVaultKeys(context.db, context.masterKey, accountId);
  return createKeyPairSignerFromBytes(new Uint8Array(getBase58Encoder().encode(keys.solana.secretKey)));
}
