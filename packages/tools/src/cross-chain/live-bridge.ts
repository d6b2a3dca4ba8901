import type { ChangeNowClient } from '@svc/providers';
import { BRIDGE_STATUSES, type BridgeProvider, type BridgeStatus } from '../ports/cross-chain.js';

const isBridgeStatus = (status: string): status is BridgeStatus =>
  (BRIDGE_STATUSES as readonly string[]).includes(status);

/** ChangeNOW as the bridge port: its currencies, estimates with the pair's minimum, exchanges and their states. */
export function liveBridge(client: ChangeNowClient): BridgeProvider {
  const pair = (from: { ticker: string; network: string }, to: { ticker: string; network: string }) => ({
    from: { ticker: from.ticker, network: from.network },
    to: { ticker: to.ticker, network: to.network },
  });
  return {
    source: 'ChangeNOW',
    currencies: () => client.currencies(),
    estimate: (from, to, fromAmount) => client.estimate(pair(from, to), fromAmount),
    createExchange: (request) => client.createExchange({ ...request, ...pair(request.from, request.to) }),
    async exchange(id) {
      const state = await client.exchange(id);
      if (!state) return undefined;
      // A state ChangeNOW adds later is shown as the closest one the tools know: still in progress.
      return { ...state, status: isBridgeStatus(state.status) ? state.status : 'exchanging' };
    },
  };
}
