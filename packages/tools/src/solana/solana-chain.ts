import { notConfigured } from '@svc/contracts';
import { createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit';
import type { HandlerContext } from '../handler.js';
import { JUPITER_SETTING, jupiterMarket, type SolanaMarket } from '@svc/providers';
import type { SolanaChain } from '../ports/solana-chain.js';

/** Solana mainnet (CAIP-2); the sandbox chain stands in for it. */
export const SOLANA_NETWORK = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
/** The live Solana JSON-RPC endpoint setting. */
export const SOLANA_RPC_SETTING = { setting: 'SOLANA_RPC_URL', provider: 'Solana RPC' } as const;

/** Live Solana: SOLANA_RPC_URL for the chain, Jupiter (JUPITER_API_KEY, optional JUPITER_API_URL) for the market. */
export function liveSolanaChain(env: Readonly<Record<string, string | undefined>>): SolanaChain {
  let rpc: Rpc<SolanaRpcApi> | undefined;
  let market: SolanaMarket | undefined;
  return {
    network: SOLANA_NETWORK,
    landsOnSend: false,
    rpc: () => {
      const url = env[SOLANA_RPC_SETTING.setting];
      if (!url) throw notConfigured(SOLANA_RPC_SETTING.setting, SOLANA_RPC_SETTING.provider);
      return (rpc ??= createSolanaRpc(url));
    },
    market: () => {
      const apiKey = env[JUPITER_SETTING.setting];
      if (!apiKey) throw notConfigured(JUPITER_SETTING.setting, JUPITER_SETTING.provider);
      return (market ??= jupiterMarket({ apiKey, baseUrl: env.JUPITER_API_URL }));
    },
  };
}

/** The Solana chain of this deployment; a deployment without one answers 503 naming SOLANA_RPC_URL. */
export function solanaChainOf(context: HandlerContext): SolanaChain {
  if (!context.solana) throw notConfigured(SOLANA_RPC_SETTING.setting, SOLANA_RPC_SETTING.provider);
  return context.solana;
}
