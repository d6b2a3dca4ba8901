import { notConfigured } from '@svc/contracts';
import type { HandlerContext } from '../handler.js';
import { EsploraClient } from './esplora-client.js';

/** The setting naming the live Esplora API base URL (mempool.space / blockstream.info shape). */
export const BITCOIN_ESPLORA_SETTING = 'BITCOIN_ESPLORA_URL';

/** How the Bitcoin tools reach their chain: the sandbox ledger's Esplora facade or the live Esplora API. */
export interface BitcoinChainAccess {
  /** Base URL of an Esplora-compatible API (the sandbox facade starts on first call). */
  esploraUrl(): Promise<string>;
}

/** The live access: BITCOIN_ESPLORA_URL, or undefined when unset (every Bitcoin tool then answers 503 naming it). */
export const liveBitcoinChain = (url: string | undefined): BitcoinChainAccess | undefined => (url ? { esploraUrl: async () => url } : undefined);

/** The Esplora client of this deployment's Bitcoin chain; 503 naming BITCOIN_ESPLORA_URL when none is configured. */
export async function esploraOf(context: HandlerContext): Promise<EsploraClient> {
  if (!context.bitcoin) throw notConfigured(BITCOIN_ESPLORA_SETTING, 'The Bitcoin chain (an Esplora-compatible API)');
  return new EsploraClient(await context.bitcoin.esploraUrl());
}
