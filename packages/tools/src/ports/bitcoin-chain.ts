/**
 * How the Bitcoin tools reach their chain: the sandbox ledger's facade, or the live APIs. A URL that is not
 * configured throws the 503 naming its setting, so only the tools that need it fail.
 */
export interface BitcoinChainAccess {
  /** Base URL of an Esplora-compatible API (the sandbox facade starts on first call). */
  esploraUrl(): Promise<string>;
  /** Base URL of an ord server's JSON API (runes and inscriptions by output). */
  ordUrl(): Promise<string>;
  /** Base URL of a Counterparty API v2 (counterparty-core). */
  counterpartyUrl(): Promise<string>;
}
