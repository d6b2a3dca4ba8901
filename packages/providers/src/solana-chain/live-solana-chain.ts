import { notConfigured } from '@svc/contracts';
import { createSolanaRpcFromTransport, type Rpc, type SolanaRpcApi } from '@solana/kit';
import { JUPITER_SETTING, jupiterMarket, type SolanaMarket } from '../solana-market/index.js';
import { upstreamClient } from '../upstream/index.js';
import { upstreamRpcTransport } from './rpc-transport.js';
import { SOLANA_NETWORK, type SolanaChain } from './solana-chain.js';

/** The live Solana JSON-RPC endpoint setting. */
export const SOLANA_RPC_SETTING = { setting: 'SOLANA_RPC_URL', provider: 'Solana RPC' } as const;

/**
 * Live Solana: SOLANA_RPC_URL for the chain (through the shared upstream client's Solana RPC policies), Jupiter
 * (JUPITER_API_KEY, optional JUPITER_API_URL) for the market.
 */
export function liveSolanaChain(env: Readonly<Record<string, string | undefined>>): SolanaChain {
  let rpc: Rpc<SolanaRpcApi> | undefined;
  let market: SolanaMarket | undefined;
  return {
    network: SOLANA_NETWORK,
    landsOnSend: false,
    rpc: () => {
      const url = env[SOLANA_RPC_SETTING.setting];
      if (!url) throw notConfigured(SOLANA_RPC_SETTING.setting, SOLANA_RPC_SETTING.provider);
      return (rpc ??= createSolanaRpcFromTransport(upstreamRpcTransport(url, upstreamClient('solanaRpc'))));
    },
    market: () => {
      const apiKey = env[JUPITER_SETTING.setting];
      if (!apiKey) throw notConfigured(JUPITER_SETTING.setting, JUPITER_SETTING.provider);
      return (market ??= jupiterMarket({ apiKey, baseUrl: env.JUPITER_API_URL }));
    },
  };
}
