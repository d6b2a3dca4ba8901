/**
 * Every upstream provider the service calls, with the request rate and concurrency we allow ourselves towards it.
 * Defaults follow each provider's published limit for the plan a deployment starts on; an operator with a bigger
 * plan raises them with `UPSTREAM_<ID>_RPS` and `UPSTREAM_<ID>_CONCURRENCY`.
 */
export interface UpstreamProvider {
  /** Names the settings: UPSTREAM_<id>_RPS, UPSTREAM_<id>_CONCURRENCY. */
  readonly id: string;
  /** The name answers carry as `source` and errors carry as `provider`. */
  readonly name: string;
  /** Requests per second (fractions allowed: 0.5 is one request every two seconds). */
  readonly rps: number;
  /** Requests in flight at once. */
  readonly concurrency: number;
}

export const UPSTREAM_PROVIDERS = {
  // https://dev.jup.ag/docs/portal/rate-limits: the free plan (the one a JUPITER_API_KEY starts on) is 1 request per
  // second, shared by every Jupiter API (swap, price, tokens).
  jupiter: { id: 'JUPITER', name: 'Jupiter', rps: 1, concurrency: 2 },
  // https://0x.org/docs/developer-resources/rate-limits: the free tier is about 5 requests per second across endpoints.
  zeroEx: { id: 'ZEROX', name: '0x', rps: 5, concurrency: 4 },
  // https://docs.li.fi/api-reference/rate-limits: a key defaults to 100 requests per minute; without one, /quote allows
  // 75 per two hours, which a rate cap cannot spread usefully, so the keyed figure is the default.
  lifi: { id: 'LIFI', name: 'LI.FI', rps: 100 / 60, concurrency: 4 },
  // mempool.space and blockstream.info publish no figure (https://github.com/mempool/mempool/discussions/752: "our API
  // limits aren't disclosed"); a modest default, since operators are told to run their own Esplora.
  esplora: { id: 'ESPLORA', name: 'Bitcoin Esplora API', rps: 10, concurrency: 4 },
  // ord is self-hosted (`ord server`): no published limit; the cap protects the operator's own indexer.
  ord: { id: 'ORD', name: 'Bitcoin ord server', rps: 10, concurrency: 4 },
  // counterparty-core nodes publish no limit; the public api.counterparty.io is a shared node, so stay gentle.
  counterparty: { id: 'COUNTERPARTY', name: 'Counterparty API', rps: 5, concurrency: 2 },
  // https://docs.hedera.com/hedera/core-concepts/mirror-nodes/hedera-mirror-node: the public mainnet mirror node is
  // throttled at 50 requests per second per IP.
  hederaMirror: { id: 'HEDERA_MIRROR', name: 'Hedera mirror node', rps: 50, concurrency: 8 },
  // SaucerSwap publishes no figure for its keyed REST API; its token and pool lists change slowly and are cached.
  saucerSwap: { id: 'SAUCERSWAP', name: 'SaucerSwap', rps: 5, concurrency: 2 },
  // Migrate.fun publishes no figure; project lists change slowly and are cached.
  migration: { id: 'MIGRATION', name: 'Token migration (migration)', rps: 5, concurrency: 2 },
  // The EVM JSON-RPC endpoints (RPC_URL_<CHAIN>): each vendor and plan has its own limit, so the default is a modest
  // one that common paid plans exceed; an operator on a bigger plan raises it.
  rpcEthereum: { id: 'RPC_ETHEREUM', name: 'Ethereum RPC', rps: 25, concurrency: 8 },
  rpcBsc: { id: 'RPC_BSC', name: 'BNB Smart Chain RPC', rps: 25, concurrency: 8 },
  rpcPolygon: { id: 'RPC_POLYGON', name: 'Polygon RPC', rps: 25, concurrency: 8 },
  rpcBase: { id: 'RPC_BASE', name: 'Base RPC', rps: 25, concurrency: 8 },
  rpcAltchain: { id: 'RPC_ALTCHAIN', name: 'altchain RPC', rps: 25, concurrency: 8 },
  // https://solana.com/docs/references/clusters: the public mainnet endpoint allows 100 requests per 10 s per IP and
  // 40 concurrent connections; a private endpoint (SOLANA_RPC_URL) usually allows more.
  solanaRpc: { id: 'SOLANA_RPC', name: 'Solana RPC', rps: 10, concurrency: 8 },
  // https://docs.birdeye.so/docs/rate-limiting: the Standard (free) package allows 1 request per second.
  birdeye: { id: 'BIRDEYE', name: 'Birdeye', rps: 1, concurrency: 2 },
  // https://docs.coingecko.com/reference/common-errors-rate-limit: the Demo plan allows 30 calls per minute.
  coingecko: { id: 'COINGECKO', name: 'CoinGecko', rps: 0.5, concurrency: 2 },
  // https://docs.nansen.ai/about/rate-limits: 20 requests per second and 300 per minute per key.
  nansen: { id: 'NANSEN', name: 'Nansen', rps: 5, concurrency: 4 },
  // RugCheck publishes no figure for its public report route: stay gentle, reports are cached.
  rugcheck: { id: 'RUGCHECK', name: 'RugCheck', rps: 2, concurrency: 2 },
  // https://docs.tavily.com/documentation/rate-limits: 100 requests per minute on a development key.
  tavily: { id: 'TAVILY', name: 'Tavily', rps: 100 / 60, concurrency: 2 },
  // https://docs.firecrawl.dev/rate-limits: the free plan allows 10 extract requests per minute; status polls count too.
  firecrawl: { id: 'FIRECRAWL', name: 'Firecrawl', rps: 1, concurrency: 2 },
  // Ordiscan's plans are sold by monthly request quota; no per-second figure was found: stay gentle, answers are cached.
  ordiscan: { id: 'ORDISCAN', name: 'Ordiscan', rps: 2, concurrency: 2 },
  // https://docs.polymarket.com/quickstart/introduction/rate-limits: Gamma, the Data API and the CLOB allow hundreds
  // of requests per 10 s per endpoint; one modest cap covers the three hosts.
  polymarket: { id: 'POLYMARKET', name: 'Polymarket', rps: 10, concurrency: 4 },
  // Stampchain publishes no rate limit for its public API: stay gentle, answers are cached.
  stampchain: { id: 'STAMPCHAIN', name: 'Stampchain', rps: 2, concurrency: 2 },
  // four.meme publishes no limit for its (unofficial) query API, and it breaks (providers.md A.11): stay gentle.
  fourMeme: { id: 'FOUR_MEME', name: 'four.meme', rps: 2, concurrency: 2 },
  // pump.fun publishes no limit for its (unofficial) coin-list API, which breaks now and then (providers.md A.9): stay
  // gentle, lists are cached.
  pumpFun: { id: 'PUMP_FUN', name: 'pump.fun', rps: 2, concurrency: 2 },
  // Pinata's free plan allows 60 pinning requests a minute (docs.pinata.cloud rate limits): one a second.
  pinata: { id: 'PINATA', name: 'Pinata', rps: 1, concurrency: 2 },
  // Clanker publishes no limit for its public token list: stay gentle, lists are cached.
  clanker: { id: 'CLANKER', name: 'Clanker', rps: 2, concurrency: 2 },
  // Magic Eden's API keys come with a per-minute request quota (30 a minute by default): half a request a second.
  magicEden: { id: 'MAGIC_EDEN', name: 'Magic Eden', rps: 0.5, concurrency: 2 },
  // UniSat's open-api plans are sold by daily request quota; no per-second figure was found: stay gentle, answers are
  // cached.
  unisat: { id: 'UNISAT', name: 'UniSat', rps: 1, concurrency: 2 },
  // ChangeNOW publishes no per-second limit for API v2 partners: stay gentle; the currency list is cached.
  changenow: { id: 'CHANGENOW', name: 'ChangeNOW', rps: 2, concurrency: 2 },
  // https://docs.relay.link/references/api/api-keys: without a key the API allows 50 quotes a minute (about 0.8 a second).
  relay: { id: 'RELAY', name: 'Relay', rps: 0.8, concurrency: 2 },
  // https://docs.opensea.io/reference/rate-limits: a default API key allows a few requests a second per route group.
  opensea: { id: 'OPENSEA', name: 'OpenSea', rps: 2, concurrency: 2 },
  // Transactions submitted to Hedera's consensus nodes through @hashgraph/sdk (gRPC): the network throttles by
  // transaction type far above what one deployment sends; the cap keeps a burst of swaps from queueing there.
  hederaNetwork: { id: 'HEDERA_NETWORK', name: 'Hedera network', rps: 10, concurrency: 4 },
} as const satisfies Record<string, UpstreamProvider>;

export type UpstreamProviderKey = keyof typeof UPSTREAM_PROVIDERS;

/** An operator's overrides of one provider's caps (absent: the provider's default). */
export interface UpstreamLimitOverride {
  readonly rps?: number | undefined;
  readonly concurrency?: number | undefined;
}

export const rpsSetting = (provider: UpstreamProvider) => `UPSTREAM_${provider.id}_RPS`;
export const concurrencySetting = (provider: UpstreamProvider) => `UPSTREAM_${provider.id}_CONCURRENCY`;

/** Every override setting's name, for the configuration schema. */
export const upstreamLimitSettings = (): string[] =>
  Object.values(UPSTREAM_PROVIDERS).flatMap((provider) => [rpsSetting(provider), concurrencySetting(provider)]);

/** The overrides present in validated settings, keyed by provider. */
export function upstreamOverridesFrom(
  settings: Readonly<Record<string, number | undefined>>,
): Partial<Record<UpstreamProviderKey, UpstreamLimitOverride>> {
  return Object.fromEntries(
    Object.entries(UPSTREAM_PROVIDERS).map(([key, provider]) => [
      key,
      { rps: settings[rpsSetting(provider)], concurrency: settings[concurrencySetting(provider)] },
    ]),
  );
}
