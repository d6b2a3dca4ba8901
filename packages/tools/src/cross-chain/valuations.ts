import type { HandlerContext } from '../handler.js';
import { type MovedValue, unpriced, valueOf } from '../valuation.js';
import { evmNetworkOf } from '../evm/evm-networks.js';
import { solanaChainOf } from '../solana/solana-chain.js';
import { bridgeSentAsset, onNetwork } from './bridge-tools.js';
import { EVM_CHAIN_OF } from './networks.js';
import { bridgeOf, routerOf } from './providers.js';
import { listed, routerSentAsset } from './router-tools.js';
import { atomicOf, type VaultAsset } from './vault-funds.js';

/** The USD price of a vault asset from the chain tools' own price source (the sandbox venues, or the live ones). */
async function priceOf(context: HandlerContext, asset: VaultAsset): Promise<number | undefined> {
  if (asset.network === 'sol') {
    const id = asset.tokenContract ?? 'SOL';
    return (await solanaChainOf(context).market().pricesUsd([id])).get(id)?.priceUsd;
  }
  const network = await evmNetworkOf(context, EVM_CHAIN_OF[asset.network]);
  return network.priceUsd(asset.tokenContract as `0x${string}` | null);
}

/** What a swap moves out of the vault: `atomic` of `asset`, in USD. */
async function movedValue(context: HandlerContext, asset: VaultAsset, atomic: bigint): Promise<MovedValue> {
  const what = `${asset.symbol} (${asset.tokenContract ?? 'native'}) on ${asset.network}`;
  try {
    return valueOf(atomic, asset.decimals, await priceOf(context, asset), what);
  } catch (error) {
    return unpriced(`no USD price for ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A bridge swap moves `fromAmount` of the sent currency (a currency it cannot send is the handler's 400, answered here). */
export async function swapUsingBridgeValue(
  input: { fromCurrency: string; fromNetwork: string; fromAmount: number },
  context: HandlerContext,
): Promise<MovedValue> {
  const from = await onNetwork(bridgeOf(context), input.fromCurrency, input.fromNetwork, 'fromCurrency');
  const asset = await bridgeSentAsset(context, from);
  return movedValue(context, asset, atomicOf(asset, input.fromAmount, 'fromAmount'));
}

/** A router swap moves `fromAmount` of its origin currency. */
export async function swapUsingRouterValue(
  input: { fromCurrency: Parameters<typeof listed>[1]; fromAmount: number },
  context: HandlerContext,
): Promise<MovedValue> {
  const from = await listed(routerOf(context), input.fromCurrency, 'fromCurrency');
  const asset = await routerSentAsset(context, from);
  return movedValue(context, asset, atomicOf(asset, input.fromAmount, 'fromAmount'));
}
