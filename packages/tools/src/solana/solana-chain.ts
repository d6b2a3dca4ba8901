import { notConfigured } from '@svc/contracts';
import { createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit';
import type { HandlerContext } from '../handler.js';
import type { SolanaMarket } from './market/solana-market.js';
import { JUPITER_SETTING, jupiterMarket } from './market/jupiter-market.js';

/** Solana mainnet (CAIP-2); the sandbox chain stands in for it. */
export const SOLANA_NETWORK = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
/** The live Solana JSON-RPC endpoint setting. */
export const SOLANA_RPC_SETTING = { setting: 'SOLANA_RPC_URL', provider: 'Solana RPC' } as const;

/**
 * What the Solana tools reach: a JSON-RPC node and a market (token metadata, prices, swaps). Each accessor throws
 * the 503 naming its setting when this deployment has not configured it, so only the tools needing it fail.
 */
export interface SolanaChain {
  readonly network: string;
  /**
   * The sandbox ledger lands or refuses a transaction inside sendTransaction (and never expires its blockhash), so a
   * signature it has not seen was never sent. A live cluster may still land a transaction its node has not seen, for
   * as long as the transaction's blockhash is valid.
   */
  readonly landsOnSend: boolean;
  rpc(): Rpc<SolanaRpcApi>;
  market(): SolanaMarket;
}

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
