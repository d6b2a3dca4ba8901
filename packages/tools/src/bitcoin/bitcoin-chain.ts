import { notConfigured } from '@svc/contracts';
import type { HandlerContext } from '../handler.js';
import type { BitcoinChainAccess } from '../ports/bitcoin-chain.js';
import { CounterpartyClient } from './counterparty-client.js';
import { EsploraClient } from './esplora-client.js';
import { OrdClient } from './ord-client.js';

/** The setting naming the live Esplora API base URL (mempool.space / blockstream.info shape). */
export const BITCOIN_ESPLORA_SETTING = 'BITCOIN_ESPLORA_URL';

/** The setting naming the live ord server (its JSON API) that indexes runes and inscriptions. */
export const BITCOIN_ORD_SETTING = 'BITCOIN_ORD_URL';

/** The setting naming the live Counterparty API (a counterparty-core v10 node's API root, serving /v2/...). */
export const COUNTERPARTY_API_SETTING = 'COUNTERPARTY_API_URL';

const COUNTERPARTY_WHAT = 'The Counterparty assets index (a counterparty-core API v2)';

const configured = (url: string | undefined, setting: string, what: string) => async () => {
  if (!url) throw notConfigured(setting, what);
  return url;
};

/** The live access: BITCOIN_ESPLORA_URL, BITCOIN_ORD_URL and COUNTERPARTY_API_URL. */
export const liveBitcoinChain = (settings: { readonly esploraUrl?: string | undefined; readonly ordUrl?: string | undefined; readonly counterpartyUrl?: string | undefined }): BitcoinChainAccess => ({
  esploraUrl: configured(settings.esploraUrl, BITCOIN_ESPLORA_SETTING, 'The Bitcoin chain (an Esplora-compatible API)'),
  ordUrl: configured(settings.ordUrl, BITCOIN_ORD_SETTING, 'The Bitcoin runes and inscriptions index (an ord server)'),
  counterpartyUrl: configured(settings.counterpartyUrl, COUNTERPARTY_API_SETTING, COUNTERPARTY_WHAT),
});

/** The sandbox access: the ledger's facade serves Esplora at its root, the ord JSON API under /ord and Counterparty under /counterparty. */
export const sandboxBitcoinChain = (esploraUrl: () => Promise<string>): BitcoinChainAccess => ({
  esploraUrl,
  ordUrl: async () => `${await esploraUrl()}/ord`,
  counterpartyUrl: async () => `${await esploraUrl()}/counterparty`,
});

/** The Esplora client of this deployment's Bitcoin chain; 503 naming BITCOIN_ESPLORA_URL when none is configured. */
export async function esploraOf(context: HandlerContext): Promise<EsploraClient> {
  if (!context.bitcoin) throw notConfigured(BITCOIN_ESPLORA_SETTING, 'The Bitcoin chain (an Esplora-compatible API)');
  return new EsploraClient(await context.bitcoin.esploraUrl());
}

/** The ord client of this deployment's Bitcoin chain; 503 naming BITCOIN_ORD_URL when none is configured. */
export async function ordOf(context: HandlerContext): Promise<OrdClient> {
  if (!context.bitcoin) throw notConfigured(BITCOIN_ORD_SETTING, 'The Bitcoin runes and inscriptions index (an ord server)');
  return new OrdClient(await context.bitcoin.ordUrl());
}

/** The Counterparty client of this deployment; 503 naming COUNTERPARTY_API_URL when none is configured. */
export async function counterpartyOf(context: HandlerContext): Promise<CounterpartyClient> {
  if (!context.bitcoin) throw notConfigured(COUNTERPARTY_API_SETTING, COUNTERPARTY_WHAT);
  return new CounterpartyClient(await context.bitcoin.counterpartyUrl());
}
