import { evmChainById } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import type { HandlerContext } from '../handler.js';
import type { EvmNetwork } from '@svc/providers';

/** The EVM chain `chainId` of this deployment, or the 503 naming the RPC setting when none is wired. */
export async function evmNetworkOf(context: Pick<HandlerContext, 'evmNetworks'>, chainId: number): Promise<EvmNetwork> {
  const registry = evmChainById(chainId);
  if (!registry) throw new ServiceError('internal', `chain ${chainId} is not an EVM chain of the registry`);
  if (!context.evmNetworks) {
    throw new ServiceError('not_configured', `${registry.name} is not configured: set ${registry.rpcSetting}`, {
      extra: { setting: registry.rpcSetting },
    });
  }
  return context.evmNetworks.network(chainId);
}
