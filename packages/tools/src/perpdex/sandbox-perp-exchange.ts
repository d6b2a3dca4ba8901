import { recordRead } from '@svc/providers';
import type { SandboxPerps } from '@svc/sandbox';
import type { Address } from 'viem';
import type { PerpExchange } from '../ports/perp-exchange.js';

/** What answers built from the sandbox perp exchange name as their source. */
const SOURCE = 'Sandbox perp exchange';

/**
 * The sandbox perp exchange as the perpdex tools read it: its info-API-shaped answers, its sandbox names (the
 * simulated participants' `<label>-<n>.hl` names, the vaults' names, and names registered through the sandbox route),
 * and no EVM side.
 */
export function sandboxPerpExchange(perps: SandboxPerps): PerpExchange {
  const read = async <T>(value: () => T): Promise<T> => {
    await perps.ready();
    recordRead(SOURCE);
    return value();
  };
  const known = (coin: string) => perps.exchange.hasMarket(coin);
  return {
    clearinghouseState: (user) => read(() => perps.info.clearinghouseState(user)),
    spotClearinghouseState: (user) => read(() => perps.info.spotClearinghouseState(user)),
    frontendOpenOrders: (user) => read(() => perps.info.frontendOpenOrders(user)),
    historicalOrders: (user) => read(() => perps.info.historicalOrders(user)),
    userFills: (user) => read(() => perps.info.userFills(user)),
    delegations: (user) => read(() => perps.info.delegations(user)),
    delegatorSummary: (user) => read(() => perps.info.delegatorSummary(user)),
    userVaultEquities: (user) => read(() => perps.info.userVaultEquities(user)),
    portfolio: (user) => read(() => perps.info.portfolio(user)),
    metaAndAssetCtxs: () => read(() => perps.info.metaAndAssetCtxs()),
    allMids: () => read(() => perps.info.allMids()),
    l2Book: (coin) => read(() => (known(coin) ? perps.info.l2Book(coin) : null)),
    candleSnapshot: (coin, interval, startTime, endTime) =>
      read(() => (known(coin) ? perps.info.candleSnapshot(coin, interval, startTime, endTime) : [])),
    fundingHistory: (coin, startTime, endTime) =>
      read(() => (known(coin) ? perps.info.fundingHistory(coin, startTime, endTime) : [])),
    evmHypeBalance: () => Promise.resolve(null),
    resolveName: (name) => read(() => perps.exchange.resolveName(name) as Address | undefined),
  };
}
