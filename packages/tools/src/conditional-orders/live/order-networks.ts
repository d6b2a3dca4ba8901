import { evmChainByKey } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import type { OrderNetwork } from '@svc/store';
import { JUPITER_SETTING, SOLANA_RPC_SETTING } from '@svc/providers';
import type { LiveOrderNetworks } from '../../ports/conditional-orders.js';

const ORDER_NETWORKS: readonly OrderNetwork[] = ['solana', 'ethereum', 'bsc', 'polygon', 'base'];

/**
 * The settings a live network's orders need, for both halves of the work: the price feed and the swap. Solana:
 * SOLANA_RPC_URL (the vault's transaction) and JUPITER_API_KEY (Price API v3 and the swap). The EVM networks: their
 * RPC URL (RPC_URL_ETHEREUM, RPC_URL_BSC, RPC_URL_POLYGON, RPC_URL_BASE) and ZEROX_API_KEY (the 0x quote is both the
 * price and the swap).
 */
function orderNetworkSettings(network: OrderNetwork): readonly string[] {
  if (network === 'solana') return [SOLANA_RPC_SETTING.setting, JUPITER_SETTING.setting];
  return [(evmChainByKey(network) as { rpcSetting: string }).rpcSetting, 'ZEROX_API_KEY'];
}

/** Which networks a live deployment with `settings` watches: those whose every setting is present. */
export function liveOrderNetworks(settings: Readonly<Record<string, string | undefined>>): LiveOrderNetworks {
  const watched: OrderNetwork[] = [];
  const missing: Partial<Record<OrderNetwork, readonly string[]>> = {};
  for (const network of ORDER_NETWORKS) {
    const absent = orderNetworkSettings(network).filter((setting) => !settings[setting]);
    if (absent.length === 0) watched.push(network);
    else missing[network] = absent;
  }
  return { watched, missing };
}

/**
 * Refuse a conditional order on a network nobody watches (live mode): it would never trigger. The 503 names the
 * missing settings (extra.setting is the first, as every not_configured error has one).
 */
export function requireWatchedNetwork(networks: LiveOrderNetworks | undefined, network: OrderNetwork): void {
  const absent = networks?.missing[network];
  if (!absent || networks.watched.includes(network)) return;
  throw new ServiceError(
    'not_configured',
    `Conditional orders on ${network} are not watched in this deployment: set ${absent.join(' and ')}.`,
    {
      extra: { setting: absent[0], settings: absent, network },
    },
  );
}
