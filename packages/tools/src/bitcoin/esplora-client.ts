/**
 * One client for the Esplora REST API (Blockstream's esplora, mempool.space's /api): the live Bitcoin network
 * through BITCOIN_ESPLORA_URL, and the sandbox ledger through its facade, which answers the same shape.
 */
import { ServiceError } from '@svc/contracts';
import { upstreamError } from '@svc/providers';

const PROVIDER = 'Bitcoin Esplora API';
/** A hung indexer fails one call instead of holding it open. */
const TIMEOUT_MS = 10_000;

/** An unspent output of an address. */
export interface EsploraUtxo {
  readonly txid: string;
  readonly vout: number;
  readonly value: bigint;
  readonly confirmed: boolean;
}

/** Fee rates in sat/vB by confirmation target (blocks). */
export type EsploraFeeEstimates = Readonly<Record<string, number>>;

interface UtxoJson {
  txid: string;
  vout: number;
  value: number;
  status?: { confirmed?: boolean };
}

export class EsploraClient {
  readonly #base: string;

  /** `baseUrl` as Esplora documents it, e.g. https://blockstream.info/api or https://mempool.space/api. */
  constructor(baseUrl: string) {
    this.#base = baseUrl.replace(/\/+$/, '');
  }

  async #request(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${this.#base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw upstreamError(PROVIDER, `unreachable (${error instanceof Error ? error.message : String(error)})`, {}, error);
    }
  }

  async #json<T>(path: string): Promise<T> {
    const response = await this.#request(path, { headers: { accept: 'application/json' } });
    if (!response.ok) throw upstreamError(PROVIDER, `answered HTTP ${response.status} to GET ${path}`, { upstreamStatus: response.status });
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw upstreamError(PROVIDER, `answered a body that is not JSON to GET ${path}`, {}, error);
    }
  }

  /** GET /address/:address/utxo (confirmed and mempool outputs). */
  async utxos(address: string): Promise<EsploraUtxo[]> {
    const rows = await this.#json<UtxoJson[]>(`/address/${encodeURIComponent(address)}/utxo`);
    if (!Array.isArray(rows)) throw upstreamError(PROVIDER, 'answered a UTXO list that is not an array');
    return rows.map((row) => ({ txid: row.txid, vout: row.vout, value: BigInt(row.value), confirmed: row.status?.confirmed === true }));
  }

  /** GET /fee-estimates. */
  feeEstimates(): Promise<EsploraFeeEstimates> {
    return this.#json<EsploraFeeEstimates>('/fee-estimates');
  }

  /** GET /blocks/tip/height. */
  async tipHeight(): Promise<number> {
    const response = await this.#request('/blocks/tip/height');
    if (!response.ok) throw upstreamError(PROVIDER, `answered HTTP ${response.status} to GET /blocks/tip/height`, { upstreamStatus: response.status });
    return Number(await response.text());
  }

  /**
   * POST /tx with the raw transaction hex; resolves its txid. A 400 is the node refusing the transaction (its
   * reason is passed on as a 400 for the caller: nothing moved); anything else is an upstream failure.
   */
  async broadcast(hex: string): Promise<string> {
    const response = await this.#request('/tx', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: hex });
    const text = (await response.text()).trim();
    if (response.status === 400) throw new ServiceError('invalid_input', `The Bitcoin network refused the transaction: ${text}`, { extra: { reason: text } });
    if (!response.ok) throw upstreamError(PROVIDER, `answered HTTP ${response.status} to POST /tx`, { upstreamStatus: response.status });
    return text;
  }
}
