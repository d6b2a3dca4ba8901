/**
 * A client for an ord server's JSON API (`ord server`, answering JSON to `Accept: application/json`): the outputs of
 * an address with the runes each carries, and rune entries. Live through BITCOIN_ORD_URL; in sandbox the ledger's
 * facade answers the same routes under /ord.
 */
import { upstreamError } from '@svc/providers';

const PROVIDER = 'Bitcoin ord server';
const TIMEOUT_MS = 10_000;

export interface RuneEntry {
  /** "block:tx" */
  readonly id: string;
  readonly spacedName: string;
  readonly divisibility: number;
  readonly symbol: string | null;
}

/** An unspent output and its rune balances (spaced name → atomic amount). */
export interface RunicOutput {
  readonly txid: string;
  readonly vout: number;
  readonly value: bigint;
  readonly runes: ReadonlyMap<string, bigint>;
}

interface OutputJson {
  outpoint: string;
  value: number;
  runes?: Record<string, { amount: number | string }>;
}

interface RuneJson {
  id: string;
  entry: { spaced_rune: string; divisibility: number; symbol?: string | null };
}

export class OrdClient {
  readonly #base: string;

  constructor(baseUrl: string) {
    this.#base = baseUrl.replace(/\/+$/, '');
  }

  async #json<T>(path: string): Promise<T | undefined> {
    let response: Response;
    try {
      response = await fetch(`${this.#base}${path}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw upstreamError(PROVIDER, `unreachable (${error instanceof Error ? error.message : String(error)})`, {}, error);
    }
    if (response.status === 404) return undefined;
    if (!response.ok) throw upstreamError(PROVIDER, `answered HTTP ${response.status} to GET ${path}`, { upstreamStatus: response.status });
    return (await response.json()) as T;
  }

  /** GET /rune/:name (spacers stripped); undefined when no such rune is etched. */
  async rune(name: string): Promise<RuneEntry | undefined> {
    const found = await this.#json<RuneJson>(`/rune/${encodeURIComponent(name)}`);
    return found && { id: found.id, spacedName: found.entry.spaced_rune, divisibility: found.entry.divisibility, symbol: found.entry.symbol ?? null };
  }

  /** GET /outputs/:address?type=runic: the address's unspent outputs that carry runes. */
  async runicOutputs(address: string): Promise<RunicOutput[]> {
    const rows = (await this.#json<OutputJson[]>(`/outputs/${encodeURIComponent(address)}?type=runic`)) ?? [];
    return rows
      .filter((row) => row.runes && Object.keys(row.runes).length > 0)
      .map((row) => {
        const [txid, vout] = row.outpoint.split(':');
        return {
          txid: txid!,
          vout: Number(vout),
          value: BigInt(row.value),
          runes: new Map(Object.entries(row.runes ?? {}).map(([name, pile]) => [name, BigInt(pile.amount)])),
        };
      });
  }
}
