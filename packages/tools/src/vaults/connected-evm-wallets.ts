import { walletsOfAccount } from '@svc/store';
import type { HandlerContext } from '../handler.js';
import { callerOf } from '../handler.js';

/** The EVM addresses the caller's account signed in with (any EVM chain: an address is the same on all of them). */
export async function connectedEvmWallets(context: HandlerContext): Promise<`0x${string}`[]> {
  const wallets = await walletsOfAccount(context.db, callerOf(context).accountId);
  return wallets
    .filter((wallet) => wallet.chainId.startsWith('eip155:'))
    .map((wallet) => wallet.address as `0x${string}`);
}
