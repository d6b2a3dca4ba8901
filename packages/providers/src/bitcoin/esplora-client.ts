/**
 * One client for the Esplora REST API (Blockstream's esplora, mempool.space's /api): the live Bitcoin network
 * through BITCOIN_ESPLORA_URL, and the sandbox ledger through its facade, which answers the same shape.
 */
import { ServiceError } from '@svc/contracts';
import { upstreamClient } from '../upstream/registry.js';
import { type UpstreamClient, upstreamError } from '../upstream/upstream-client.js';

/**
 * UTXOs are not cached (a send spends what it reads, and two reads a moment apart must not hide a spend), only
 * coalesced; fee estimates and the tip move once a block (about ten minutes), so a short reuse is harmless.
 */
const FEE_ESTIMATES_TTL_MS = 30_000;
const TIP_HEIGHT_TTL_MS = 10_000;

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
  readonly #upstream: UpstreamClient;

  /**
   * `baseUrl` as Esplora documents it, e.g. https://blockstream.info/api or https://mempool.space/api; `upstream` is
   * the shared Esplora client unless this one reads the sandbox ledger's facade.
   */
  constructor(baseUrl: string, upstream: UpstreamClient = upstreamClient('esplora')) {
    this.#base = baseUrl.replace(/\/+$/, '');
    this.#upstream = upstream;
  }

  #url(path: string): URL {
    return new URL(`${this.#base}${path}`);
  }

  async #json<T>(path: string, cacheTtlMs?: number): Promise<T> {
    const url = this.#url(path);
    const found = await this.#upstream.getJson(url, cacheTtlMs ? { cacheTtlMs } : {});
    // Esplora answers 404 only for a route it does not have: the setting points at something else.
    if (found === undefined)
      throw upstreamError(this.#upstream.provider, `answered HTTP 404 to GET ${url.pathname}`, { upstreamStatus: 404 });
    return found as T;
  }

  /** GET /address/:address/utxo (confirmed and mempool outputs). */
  async utxos(address: string): Promise<EsploraUtxo[]> {
    const rows = await this.#json<UtxoJson[]>(`/address/${encodeURIComponent(address)}/utxo`);
    if (!Array.isArray(rows)) throw upstreamError(this.#upstream.provider, 'answered a UTXO list that is not an array');
    return rows.map((row) => ({
      txid: row.txid,
      vout: row.vout,
      value: BigInt(row.value),
      confirmed: row.status?.confirmed === true,
    }));
  }

  /** GET /fee-estimates. */
  feeEstimates(): Promise<EsploraFeeEstimates> {
    return this.#json<EsploraFeeEstimates>('/fee-estimates', FEE_ESTIMATES_TTL_MS);
  }

  /** GET /blocks/tip/height. */
  async tipHeight(): Promise<number> {
    const answer = await this.#upstream.request({
      url: this.#url('/blocks/tip/height'),
      cacheTtlMs: TIP_HEIGHT_TTL_MS,
    });
    if (!answer.ok) throw this.#upstream.statusError(answer, 'GET /blocks/tip/height');
    return Number(answer.text);
  }

  /**
   * POST /tx with the raw transaction hex; resolves its txid. A 400 is the node refusing the transaction (its
   * reason is passed on as a 400 for the caller: nothing moved); anything else is an upstream failure. Sent once:
   * a resend after a lost answer could report "already known" for a transaction that went through.
   */
  async broadcast(hex: string): Promise<string> {
    const answer = await this.#upstream.request({
      url: this.#url('/tx'),
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: hex,
    });
    const text = answer.text.trim();
    if (answer.status === 400)
      throw new ServiceError('invalid_input', `The Bitcoin network refused the transaction: ${text}`, {
        extra: { reason: text },
      });
    if (!answer.ok) throw this.#upstream.statusError(answer, 'POST /tx');
    return text;
  }
}
