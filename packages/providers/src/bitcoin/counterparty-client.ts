/**
 * A client for the Counterparty API v2 (counterparty-core v10, `{ result }` documents): the balances of an address,
 * one asset, and compose send (an unsigned transaction carrying the send, which the vault signs). Live through
 * COUNTERPARTY_API_URL (a counterparty-core node, e.g. https://api.counterparty.io:4000); in sandbox the Bitcoin
 * ledger's facade answers the same routes under /counterparty.
 */
import { ServiceError } from '@svc/contracts';
import { z } from 'zod';
import { scaleUp } from '@svc/payments';
import { upstreamClient } from '../upstream/registry.js';
import { jsonOrUndefined, parseUpstream, type UpstreamClient, upstreamError } from '../upstream/upstream-client.js';

/** An asset's divisibility is fixed at issuance; balances and composed sends are never reused. */
const ASSET_TTL_MS = 300_000;
/** counterparty-core's largest page. */
const PAGE_LIMIT = 1000;
/** Bounds the pages followed for one address (10 000 balances); more is not a wallet but an index. */
const MAX_PAGES = 10;
/** Divisible Counterparty assets count in 10^-8 units, indivisible ones in whole units. */
export const DIVISIBLE_DECIMALS = 8;

export const decimalsOf = (divisible: boolean) => (divisible ? DIVISIBLE_DECIMALS : 0);

/** One balance of an address: on the address itself, or attached to one of its UTXOs (`utxo` "txid:vout"). */
export interface CounterpartyBalance {
  readonly asset: string;
  /** The subasset's PARENT.child name, null for other assets. */
  readonly longname: string | null;
  readonly divisible: boolean;
  /** Atomic units. */
  readonly quantity: bigint;
  readonly utxo: string | null;
}

export interface CounterpartyAsset {
  readonly asset: string;
  readonly longname: string | null;
  readonly divisible: boolean;
}

export interface ComposeSendRequest {
  readonly source: string;
  readonly asset: string;
  /** Atomic units. */
  readonly quantity: bigint;
  readonly destination: string;
  readonly satPerVbyte: number;
  /** The only outputs the transaction may spend ("txid:vout"). */
  readonly inputs: readonly { readonly txid: string; readonly vout: number }[];
}

/** An unsigned transaction as compose returns it, and the fee it leaves (sats). */
export interface ComposedSend {
  readonly rawTransaction: string;
  readonly feeSats: bigint;
}

/** An integer; unchecked for size here, since atomicOf prefers the exact decimal when a number is beyond 2^53. */
const QUANTITY = z.union([
  z.number().nonnegative().refine(Number.isInteger, 'must be an integer'),
  z.string().regex(/^\d+$/),
]);

const BALANCES = z.object({
  result: z.array(
    z.object({
      asset: z.string(),
      asset_longname: z.string().nullish(),
      quantity: QUANTITY,
      quantity_normalized: z.string().nullish(),
      utxo: z.string().nullish(),
      asset_info: z.object({ divisible: z.boolean() }),
    }),
  ),
  next_cursor: z.union([z.string(), z.number()]).nullish(),
});

const ASSET = z.object({
  result: z.object({ asset: z.string(), asset_longname: z.string().nullish(), divisible: z.boolean() }),
});

const COMPOSED = z.object({
  result: z.object({ rawtransaction: z.string().regex(/^(?:[0-9a-fA-F]{2})+$/), btc_fee: QUANTITY }),
});

/**
 * The exact atomic quantity: JSON numbers above 2^53 lose digits, so the decimal `quantity_normalized` (verbose
 * answers) is preferred; a bare number is taken only while it is exact.
 */
function atomicOf(
  row: { quantity: number | string; quantity_normalized?: string | null | undefined },
  divisible: boolean,
  provider: string,
): bigint {
  if (row.quantity_normalized && /^\d+(?:\.\d+)?$/.test(row.quantity_normalized))
    return scaleUp(row.quantity_normalized, decimalsOf(divisible));
  if (typeof row.quantity === 'number' && !Number.isSafeInteger(row.quantity))
    throw upstreamError(provider, `answered a quantity (${row.quantity}) too large to be exact`);
  return BigInt(row.quantity);
}

export class CounterpartyClient {
  readonly #base: string;
  readonly #upstream: UpstreamClient;

  /** `baseUrl`: the node's API root, the one /v2/... paths hang off; `upstream`: the shared client unless sandbox. */
  constructor(baseUrl: string, upstream: UpstreamClient = upstreamClient('counterparty')) {
    this.#base = baseUrl.replace(/\/+$/, '');
    this.#upstream = upstream;
  }

  #url(path: string, query: Record<string, string> = {}): URL {
    const url = new URL(`${this.#base}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  /** GET /v2/addresses/:address/balances?verbose=true, every page (next_cursor). */
  async balances(address: string): Promise<CounterpartyBalance[]> {
    const balances: CounterpartyBalance[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: Record<string, string> = {
        verbose: 'true',
        limit: String(PAGE_LIMIT),
        ...(cursor ? { cursor } : {}),
      };
      const raw = await this.#upstream.getJson(
        this.#url(`/v2/addresses/${encodeURIComponent(address)}/balances`, query),
      );
      const document = parseUpstream(BALANCES, raw ?? { result: [] }, this.#upstream.provider, 'balances');
      for (const row of document.result) {
        const divisible = row.asset_info.divisible;
        balances.push({
          asset: row.asset,
          longname: row.asset_longname ?? null,
          divisible,
          quantity: atomicOf(row, divisible, this.#upstream.provider),
          utxo: row.utxo ?? null,
        });
      }
      if (document.next_cursor === null || document.next_cursor === undefined || document.result.length === 0)
        return balances;
      cursor = String(document.next_cursor);
    }
    throw upstreamError(this.#upstream.provider, `listed more than ${MAX_PAGES * PAGE_LIMIT} balances for ${address}`);
  }

  /** GET /v2/assets/:asset (a name or a subasset's PARENT.child); undefined when there is no such asset. */
  async asset(name: string): Promise<CounterpartyAsset | undefined> {
    const raw = await this.#upstream.getJson(this.#url(`/v2/assets/${encodeURIComponent(name)}`), {
      cacheTtlMs: ASSET_TTL_MS,
    });
    if (raw === undefined) return undefined;
    const { result } = parseUpstream(ASSET, raw, this.#upstream.provider, 'asset');
    return { asset: result.asset, longname: result.asset_longname ?? null, divisible: result.divisible };
  }

  /**
   * GET /v2/addresses/:source/compose/send: an unsigned transaction spending only `inputs`. A 400 is the node
   * refusing the send (its reason passed on as a 400: nothing was signed); anything else is an upstream failure.
   */
  async composeSend(request: ComposeSendRequest): Promise<ComposedSend> {
    const url = this.#url(`/v2/addresses/${encodeURIComponent(request.source)}/compose/send`, {
      asset: request.asset,
      quantity: request.quantity.toString(),
      destination: request.destination,
      sat_per_vbyte: String(request.satPerVbyte),
      inputs_set: request.inputs.map((input) => `${input.txid}:${input.vout}`).join(','),
    });
    const answer = await this.#upstream.request({ url, headers: { accept: 'application/json' } });
    const body = jsonOrUndefined(answer);
    if (answer.status === 400) {
      const reason =
        typeof (body as { error?: unknown })?.error === 'string'
          ? (body as { error: string }).error
          : 'no reason given';
      throw new ServiceError('invalid_input', `Counterparty refused to compose the send: ${reason}`, {
        extra: { reason },
      });
    }
    if (!answer.ok) throw this.#upstream.statusError(answer, 'compose/send');
    const { result } = parseUpstream(COMPOSED, body, this.#upstream.provider, 'compose/send');
    return { rawTransaction: result.rawtransaction.toLowerCase(), feeSats: BigInt(result.btc_fee) };
  }
}
