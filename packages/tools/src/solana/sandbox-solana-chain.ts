import { createSolanaRpc } from '@solana/kit';
import type { SandboxSolana } from '@svc/sandbox';
import { sandboxSolanaMarket } from './market/sandbox-market.js';
import { SOLANA_NETWORK, type SolanaChain } from '@svc/providers';

/** The sandbox chain: its JSON-RPC facade and its swap venue. */
export function sandboxSolanaChain(solana: SandboxSolana): SolanaChain {
  const rpc = createSolanaRpc(solana.rpcUrl);
  const market = sandboxSolanaMarket(solana);
  return { network: SOLANA_NETWORK, landsOnSend: true, rpc: () => rpc, market: () => market };
}
