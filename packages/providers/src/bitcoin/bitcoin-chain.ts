import { notConfigured } from '@svc/contracts';
import { UPSTREAM_PROVIDERS, type UpstreamProvider } from '../upstream/limits.js';
import { UpstreamClient } from '../upstream/upstream-client.js';
import { CounterpartyClient } from './counterparty-client.js';
import { EsploraClient } from './esplora-client.js';
import { OrdClient } from './ord-client.js';

/** The setting naming the live Esplora API base URL (mempool.space / blockstream.info shape). */
export const BITCOIN_ESPLORA_SETTING = 'BITCOIN_ESPLORA_URL';

/** The setting naming the live ord server (its JSON API) that indexes runes and inscriptions. */
export const BITCOIN_ORD_SETTING = 'BITCOIN_ORD_URL';

/** The setting naming the live Counterparty API (a counterparty-core v10 node's API root, serving /v2/...). */
export const COUNTERPARTY_API_SETTING = 'COUNTERPARTY_API_URL';

export const BITCOIN_ESPLORA_WHAT = 'The Bitcoin chain (an Esplora-compatible API)';
export const BITCOIN_ORD_WHAT = 'The Bitcoin runes and inscriptions index (an ord server)';
export const COUNTERPARTY_WHAT = 'The Counterparty assets index (a counterparty-core API v2)';

/**
 * The Bitcoin family's port: how its tools reach the chain's indexers. Live, the configured APIs through the shared
 * upstream clients; sandbox, the ledger's facade, which answers the same routes. A URL that is not configured throws
 * the 503 naming its setting, so only the tools that need it fail.
 */
export interface BitcoinChainAccess {
  /** An Esplora-compatible API (the sandbox facade starts on first call). */
  esplora(): Promise<EsploraClient>;
  /** An ord server's JSON API (runes and inscriptions by output). */
  ord(): Promise<OrdClient>;
  /** A Counterparty API v2 (counterparty-core). */
  counterparty(): Promise<CounterpartyClient>;
}

const configured = <C>(url: string | undefined, setting: string, what: string, client: (url: string) => C) => {
  const built = url ? client(url) : undefined;
  return async () => {
    if (!built) throw notConfigured(setting, what);
    return built;
  };
};

/** The live access: BITCOIN_ESPLORA_URL, BITCOIN_ORD_URL and COUNTERPARTY_API_URL. */
export const liveBitcoinChain = (settings: {
  readonly esploraUrl?: string | undefined;
  readonly ordUrl?: string | undefined;
  readonly counterpartyUrl?: string | undefined;
}): BitcoinChainAccess => ({
  esplora: configured(
    settings.esploraUrl,
    BITCOIN_ESPLORA_SETTING,
    BITCOIN_ESPLORA_WHAT,
    (url) => new EsploraClient(url),
  ),
  ord: configured(settings.ordUrl, BITCOIN_ORD_SETTING, BITCOIN_ORD_WHAT, (url) => new OrdClient(url)),
  counterparty: configured(
    settings.counterpartyUrl,
    COUNTERPARTY_API_SETTING,
    COUNTERPARTY_WHAT,
    (url) => new CounterpartyClient(url),
  ),
});

/**
 * The facade is our own process: no published limit to respect, so no rate or concurrency cap, and answers say they
 * come from the sandbox.
 */
const sandboxUpstream = (provider: UpstreamProvider, what: string) =>
  new UpstreamClient({
    ...provider,
    name: `Sandbox Bitcoin ledger (${what})`,
    rps: Number.POSITIVE_INFINITY,
    concurrency: Number.POSITIVE_INFINITY,
  });

/** The sandbox access: the ledger's facade serves Esplora at its root, the ord JSON API under /ord and Counterparty under /counterparty. */
export function sandboxBitcoinChain(esploraUrl: () => Promise<string>): BitcoinChainAccess {
  const upstream = {
    esplora: sandboxUpstream(UPSTREAM_PROVIDERS.esplora, 'Esplora API'),
    ord: sandboxUpstream(UPSTREAM_PROVIDERS.ord, 'ord API'),
    counterparty: sandboxUpstream(UPSTREAM_PROVIDERS.counterparty, 'Counterparty API'),
  };
  return {
    esplora: async () => new EsploraClient(await esploraUrl(), upstream.esplora),
    ord: async () => new OrdClient(`${await esploraUrl()}/ord`, upstream.ord),
    counterparty: async () => new CounterpartyClient(`${await esploraUrl()}/counterparty`, upstream.counterparty),
  };
}
