/**
 * A client for an ord server's JSON API (`ord server`, answering JSON to `Accept: application/json`): the outputs of
 * an address with the runes and inscriptions each carries, rune entries and inscription locations. Live through BITCOIN_ORD_URL; in sandbox the ledger's
 * facade answers the same routes under /ord.
 */
import { upstreamClient } from '../upstream/registry.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';

/** A rune's entry is fixed at etching; outputs and inscription locations change with every spend, so are not cached. */
const RUNE_TTL_MS = 300_000;

export interface RuneEntry {
  /** "block:tx" */
  readonly id: string;
  readonly spacedName: string;
  readonly divisibility: number;
  readonly symbol: string | null;
}

/** An unspent output with its rune balances (spaced name → atomic amount) and inscription ids. */
export interface OrdOutput {
  readonly txid: string;
  readonly vout: number;
  readonly value: bigint;
  readonly runes: ReadonlyMap<string, bigint>;
  readonly inscriptions: readonly string[];
}

/** Where an inscription is: the output holding its sat, the sat's offset there, and the output's owner and value. */
export interface InscriptionLocation {
  readonly txid: string;
  readonly vout: number;
  readonly offset: bigint;
  readonly address: string | null;
  readonly value: bigint;
}

interface OutputJson {
  outpoint: string;
  value: number;
  runes?: Record<string, { amount: number | string }>;
  inscriptions?: string[];
}

interface InscriptionJson {
  address?: string | null;
  satpoint: string;
  value?: number | null;
}

interface RuneJson {
  id: string;
  entry: { spaced_rune: string; divisibility: number; symbol?: string | null };
}

export class OrdClient {
  readonly #base: string;
  readonly #upstream: UpstreamClient;

  /** `upstream`: the shared ord client unless this one reads the sandbox ledger's facade. */
  constructor(baseUrl: string, upstream: UpstreamClient = upstreamClient('ord')) {
    this.#base = baseUrl.replace(/\/+$/, '');
    this.#upstream = upstream;
  }

  async #json<T>(path: string, cacheTtlMs?: number): Promise<T | undefined> {
    return (await this.#upstream.getJson(new URL(`${this.#base}${path}`), cacheTtlMs ? { cacheTtlMs } : {})) as
      T | undefined;
  }

  /** GET /rune/:name (spacers stripped); undefined when no such rune is etched. */
  async rune(name: string): Promise<RuneEntry | undefined> {
    const found = await this.#json<RuneJson>(`/rune/${encodeURIComponent(name)}`, RUNE_TTL_MS);
    return (
      found && {
        id: found.id,
        spacedName: found.entry.spaced_rune,
        divisibility: found.entry.divisibility,
        symbol: found.entry.symbol ?? null,
      }
    );
  }

  /** GET /outputs/:address?type=any: the address's unspent outputs with their runes and inscriptions. */
  async outputs(address: string): Promise<OrdOutput[]> {
    const rows = (await this.#json<OutputJson[]>(`/outputs/${encodeURIComponent(address)}?type=any`)) ?? [];
    return rows.map((row) => {
      const [txid, vout] = row.outpoint.split(':');
      return {
        txid: txid!,
        vout: Number(vout),
        value: BigInt(row.value),
        runes: new Map(Object.entries(row.runes ?? {}).map(([name, pile]) => [name, BigInt(pile.amount)])),
        inscriptions: row.inscriptions ?? [],
      };
    });
  }

  /** GET /inscription/:id; undefined when there is no such inscription. */
  async inscription(id: string): Promise<InscriptionLocation | undefined> {
    const found = await this.#json<InscriptionJson>(`/inscription/${encodeURIComponent(id)}`);
    if (!found) return undefined;
    const [txid, vout, offset] = found.satpoint.split(':');
    return {
      txid: txid!,
      vout: Number(vout),
      offset: BigInt(offset ?? 0),
      address: found.address ?? null,
      value: BigInt(found.value ?? 0),
    };
  }
}
