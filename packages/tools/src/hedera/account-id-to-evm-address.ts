import { ServiceError } from '@svc/contracts';
import type { Handler } from '../handler.js';
import { hederaOf } from './network-of.js';

/** The account's EVM address as the mirror node serves it: its alias when it has one, else its long-zero address. */
export const hederaAccountIdToEvmAddress: Handler<'hederaAccountIdToEvmAddress'> = async ({ address }, context) => {
  const network = await hederaOf(context);
  const account = await network.account(address);
  if (!account)
    throw new ServiceError('not_found', `No Hedera account ${address} on ${network.caip2}.`, {
      extra: { accountId: address },
    });
  return { accountId: account.accountId, evmAddress: account.evmAddress, network: network.caip2 };
};
