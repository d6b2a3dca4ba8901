import { vaultAddressesOf } from '@svc/chains';
import { callerOf, type Handler } from '../../handler.js';
import { solanaBalanceReader } from './solana-balance-reader.js';

/** The caller's vault Solana balances: `{network, address, assets: [SOL, then SPL tokens incl. WSOL separately]}`. */
export const solanaBalances: Handler<'solanaBalances'> = async (_input, context) => {
  const { accountId } = callerOf(context);
  const { solana } = await vaultAddressesOf(context.db, context.masterKey, accountId);
  return { ...(await solanaBalanceReader(context, solana)) };
};
