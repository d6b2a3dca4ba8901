import { ServiceError } from '@svc/contracts';
import type { HandlerContext } from '../handler.js';
import type { BridgeProvider, RouterProvider } from '../ports/cross-chain.js';
import { liveBridge } from './live-bridge.js';
import { liveRouter } from './live-router.js';

const noSandbox = (family: string) =>
  new ServiceError('not_implemented', `The ${family} tools have no sandbox counterparty in this deployment.`);

/**
 * The bridge provider of this call: ChangeNOW when live (without CHANGENOW_API_KEY, `providers.changenow` throws the
 * 503 naming it), else the sandbox bridge operator.
 */
export function bridgeOf(context: HandlerContext): BridgeProvider {
  const live = context.providers.changenow;
  if (live) return liveBridge(live);
  if (!context.crossChain) throw noSandbox('bridge');
  return context.crossChain.bridge;
}

/** The router provider of this call: Relay when live, else the sandbox router solver. */
export function routerOf(context: HandlerContext): RouterProvider {
  const live = context.providers.relay;
  if (live) return liveRouter(live);
  if (!context.crossChain) throw noSandbox('router');
  return context.crossChain.router;
}
