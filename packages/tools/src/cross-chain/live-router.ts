import type { RelayClient } from '@svc/providers';
import { ROUTER_STATUSES, type RouterProvider, type RouterStatus } from '../ports/cross-chain.js';

const isRouterStatus = (status: string): status is RouterStatus =>
  (ROUTER_STATUSES as readonly string[]).includes(status);

/** Relay as the router port (its HTTP API; see RelayClient). */
export function liveRouter(client: RelayClient): RouterProvider {
  return {
    source: 'Relay',
    currencies: () => client.currencies(),
    quote: (request) => client.quote(request),
    async indexTransaction(_requestId, chainId, txHash) {
      // Relay finds deposits by itself too: a failed index call only delays its noticing, so it fails nothing here.
      await client.indexTransaction(chainId, txHash).catch(() => undefined);
    },
    async status(requestId) {
      const state = await client.status(requestId);
      if (!state) return undefined;
      // Relay's intermediate states ('delayed', 'submitted', …) are all still pending.
      return { ...state, status: isRouterStatus(state.status) ? state.status : 'pending' };
    },
  };
}
