import type { HandlerContext } from '../handler.js';
import { type MovedValue, unpriced, valueOf } from '../valuation.js';
import { vaultEvmAddress } from './balances.js';
import { type EvmNetwork, resolveToken, type SwapToken } from '@svc/providers';
import { evmNetworkOf } from './evm-networks.js';
import { atomicAmount, balanceOf, requiredToSend } from './evm-tokens.js';
import { parseSellAmount } from './swap/plan-swap.js';

/** `atomic` of `token` at the chain's USD price (the swap venue's quote into USDC, as the swap tools price). */
async function evmValueOf(network: EvmNetwork, token: SwapToken, atomic: bigint): Promise<MovedValue> {
  const what = `${token.symbol} (${token.address ?? 'native'}) on ${network.registry.name}`;
  try {
    return valueOf(atomic, token.decimals, await network.priceUsd(token.address), what);
  } catch (error) {
    return unpriced(`no USD price for ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The amount a send or swap names: 'max' is the vault's whole balance (what it can move at most). */
async function amountOf(
  network: EvmNetwork,
  token: SwapToken,
  amount: string | bigint,
  field: string,
  context: HandlerContext,
) {
  if (amount === 'max') return balanceOf(network, token, await vaultEvmAddress(context));
  return typeof amount === 'bigint' ? amount : atomicAmount(amount, token.decimals, field);
}

/** Native sends move `amount` of the native coin. */
export const nativeSendValue = (chainId: number) => async (input: { amount: string }, context: HandlerContext) => {
  const network = await evmNetworkOf(context, chainId);
  const native = await resolveToken(network, undefined, 'amount');
  return evmValueOf(network, native, await amountOf(network, native, input.amount, 'amount', context));
};

/** ERC-20 sends move `amount` of `token`. */
export const erc20SendValue =
  (chainId: number) => async (input: { amount: string; token?: string | undefined }, context: HandlerContext) => {
    const network = await evmNetworkOf(context, chainId);
    const token = await resolveToken(network, requiredToSend(input.token, 'token'), 'token');
    return evmValueOf(network, token, await amountOf(network, token, input.amount, 'amount', context));
  };

/** Swaps move their sell side: `sellAmount` of the sell token (a USD budget is converted as the swap converts it). */
export const swapValue =
  (chainId: number) =>
  async (input: { sellTokenAddress?: string | undefined; sellAmount: string }, context: HandlerContext) => {
    const network = await evmNetworkOf(context, chainId);
    const sell = await resolveToken(network, input.sellTokenAddress, 'sellTokenAddress');
    const amount = await parseSellAmount(network, sell, input.sellAmount);
    return evmValueOf(network, sell, await amountOf(network, sell, amount, 'sellAmount', context));
  };

/** NFTs have no price source the tools quote with. */
export const nftSendValue = async (input: {
  tokenAddress?: string | undefined;
  tokenId: string;
}): Promise<MovedValue> =>
  unpriced(
    `no USD price for the NFT ${input.tokenAddress ?? ''} #${input.tokenId}: the service has no USD price source for NFTs`,
  );
