import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { sandboxProviders } from '@svc/providers';
import { accountForWallet, type Db } from '@svc/store';
import type { HandlerContext } from '../handler.js';

/** A fresh random master key (tests). */
export const testMasterKey = () => new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));

/** Handler contexts of signed-in accounts on `db` (tests): a sandbox call as each EVM wallet would make it. */
export async function callerContexts(db: Db, addresses: readonly string[]): Promise<HandlerContext[]> {
  const masterKey = testMasterKey();
  return Promise.all(
    addresses.map(async (address) => ({
      mode: 'sandbox' as const,
      db,
      masterKey,
      providers: sandboxProviders(),
      caller: { accountId: (await accountForWallet(db, 'eip155:8453', address)).accountId },
    })),
  );
}
