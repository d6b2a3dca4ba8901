import { ETH_NATIVE, invalidField } from '@svc/contracts';
import { erc20Abi, getAddress } from 'viem';
import type { SwapToken } from '../evm-swap/index.js';
import type { EvmNetwork } from './evm-network.js';

/** True for an omitted token address or ETH_NATIVE (0xEeee…EeE): the chain's native coin. */
export function isNative(address: string | undefined): boolean {
  return address === undefined || address.toLowerCase() === ETH_NATIVE.toLowerCase();
}

/**
 * The token at `address` on `network` (omitted or ETH_NATIVE: the native coin): symbol and decimals read from the
 * contract. An address without an ERC-20 there is a 400 unknown_token on `field`.
 */
export async function resolveToken(
  network: EvmNetwork,
  address: string | undefined,
  field: string,
): Promise<SwapToken> {
  if (isNative(address))
    return { address: null, symbol: network.registry.nativeSymbol, decimals: network.registry.nativeDecimals };
  const token = getAddress(address!);
  const known = network.knownTokens.find((candidate) => candidate.address.toLowerCase() === token.toLowerCase());
  if (known) return { address: known.address, symbol: known.symbol, decimals: known.decimals };
  const unknown = () => invalidField(field, 'unknown_token', `no ERC-20 token at ${token} on ${network.registry.name}`);
  const code = await network.publicClient.getCode({ address: token });
  if (!code || code === '0x') throw unknown();
  try {
    const [symbol, decimals] = await Promise.all([
      network.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
      network.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
    ]);
    return { address: token, symbol, decimals };
  } catch {
    throw unknown();
  }
}
