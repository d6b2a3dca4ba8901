import { notConfigured } from '@svc/contracts';
import { SOLANA_RPC_SETTING, type SolanaChain } from '@svc/providers';
import type { HandlerContext } from '../handler.js';

/** The Solana chain of this deployment; a deployment without one answers 503 naming SOLANA_RPC_URL. */
export function solanaChainOf(context: HandlerContext): SolanaChain {
  if (!context.solana) throw notConfigured(SOLANA_RPC_SETTING.setting, SOLANA_RPC_SETTING.provider);
  return context.solana;
}
