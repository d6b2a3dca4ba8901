import { longZeroAddressOf } from '@svc/chains';
import type { Handler } from '../handler.js';
import { hederaOf } from './network-of.js';

/** The venue's tokens whose name or symbol contains `query` (any case); all of them without one. */
export const hederaFindTokens: Handler<'hederaFindTokens'> = async ({ query }, context) => {
  const network = await hederaOf(context);
  const wanted = query?.toLowerCase() ?? '';
  const tokens = (await network.tokens()).filter(
    ({ name, symbol }) => name.toLowerCase().includes(wanted) || symbol.toLowerCase().includes(wanted),
  );
  return {
    network: network.caip2,
    tokens: tokens.map(({ tokenId, symbol, name, decimals }) => ({
      tokenId,
      symbol,
      name,
      decimals,
      evmAddress: longZeroAddressOf(tokenId),
    })),
  };
};
