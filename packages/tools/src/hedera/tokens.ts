import { invalidField } from '@svc/contracts';
import {
  entityIdOfLongZero,
  HBAR,
  HBAR_DECIMALS,
  type HederaNetwork,
  type HederaTokenView,
  isHbarTokenId,
} from '@svc/chains';

/** The token whose long-zero EVM address is `address`; 400 unknown_token on `token` when there is none. */
export async function tokenAtEvmAddress(network: HederaNetwork, address: string): Promise<HederaTokenView> {
  const tokenId = entityIdOfLongZero(address);
  const token = tokenId ? await network.token(tokenId) : undefined;
  if (!token)
    throw invalidField(
      'token',
      'unknown_token',
      `${address} is not the EVM address of a token on this network (a token's is the long-zero form of its 0.0.x id)`,
    );
  return token;
}

/** A swap side: HBAR for an all-zero id, else a token (400 unknown_token on `field` when the network has none). */
export async function swapAssetOf(
  network: HederaNetwork,
  field: string,
  tokenId: string,
): Promise<{ asset: string; symbol: string; decimals: number }> {
  if (isHbarTokenId(tokenId)) return { asset: HBAR, symbol: HBAR, decimals: HBAR_DECIMALS };
  const token = await network.token(tokenId);
  if (!token) throw invalidField(field, 'unknown_token', `no token ${tokenId} on this network`);
  return { asset: token.tokenId, symbol: token.symbol, decimals: token.decimals };
}
