import { ORDINALS_OUTPUTS } from '@svc/contracts';
import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { publishedAnswer } from '../upstream/published-answer.js';

/** The Ordiscan API key (the Bitcoin research tools' live provider). */
export const ORDISCAN_SETTING: ProviderSetting = {
  provider: 'Bitcoin ordinals (Ordiscan)',
  setting: 'ORDISCAN_API_KEY',
};

const BASE_URL = 'https://api.ordiscan.com/v1';
// Ownership and activity move with every block (about ten minutes): a short reuse only spares repeated calls.
const CHAIN_STATE_TTL_MS = 30_000;

/** Every Ordiscan answer is `{ data }`; what `data` holds is checked against the tool's published answer. */
const envelope = z.object({ data: z.unknown() });

/** An Ordiscan answer as Ordiscan sent it (fields beyond the published schema kept), checked against that schema. */
export type OrdiscanAnswer = z.output<typeof envelope>;

/** The tool whose published answer an endpoint's body is (every Ordiscan-backed tool has one). */
type OrdinalsTool = keyof typeof ORDINALS_OUTPUTS;
type Query = Readonly<Record<string, string | number | undefined>>;

/**
 * Ordiscan's REST API (`https://api.ordiscan.com/v1`, `Authorization: Bearer`; paths as its `ordiscan` SDK calls
 * them). The Bitcoin research tools' answers are Ordiscan's bodies, so each method returns the body unchanged once
 * it matches the tool's published schema (another shape is a 502); Ordiscan's 404 is the tool's 404.
 */
export class OrdiscanClient {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = BASE_URL,
  ) {}

  /** `GET /inscription/{id}`. */
  inscription(id: string) {
    return this.#get('getInscriptionInfo', `/inscription/${segment(id)}`);
  }

  /** `GET /inscription/{id}/activity`: its transfers, newest first. */
  inscriptionTransfers(id: string) {
    return this.#get('inscriptionTransferActivity', `/inscription/${segment(id)}/activity`);
  }

  /** `GET /inscriptions?sort&after&before`: 20 inscriptions by number. */
  latestInscriptions(query: { sort?: string; after?: number; before?: number }) {
    return this.#get('getLatestInscriptions', '/inscriptions', query);
  }

  /** `GET /address/{address}/inscriptions?page`: 20 a page, newest first. */
  addressInscriptions(address: string, page?: number) {
    return this.#get('getInscriptionsByAddress', `/address/${segment(address)}/inscriptions`, { page });
  }

  /** `GET /address/{address}/inscription-ids`: every id the address holds. */
  addressInscriptionIds(address: string) {
    return this.#get('getOwnedInscriptionIds', `/address/${segment(address)}/inscription-ids`);
  }

  /** `GET /address/{address}/activity?page`: inscription activity (INSCRIBE, SEND, RECEIVE), 20 a page. */
  addressInscriptionActivity(address: string, page?: number) {
    return this.#get('getInscriptionActivity', `/address/${segment(address)}/activity`, { page });
  }

  /** `GET /runes?sort&after&before`: 20 runes by rune number. */
  latestRunes(query: { sort?: string; after?: number; before?: number }) {
    return this.#get('getLatestRunes', '/runes', query);
  }

  /** `GET /rune/{name}` (name without spacers): the rune with its current supply. */
  rune(name: string) {
    return this.#get('getRuneInfo', `/rune/${segment(name)}`);
  }

  /** `GET /rune/{name}/market`: price in sats and USD, market cap in BTC and USD (0 for a rune nothing prices). */
  runeMarket(name: string) {
    return this.#get('getRuneMarketInfo', `/rune/${segment(name)}/market`);
  }

  /** `GET /rune-name/{name}`: whether the name is etched, reserved, available or when it unlocks. */
  runeName(name: string) {
    return this.#get('checkRuneUnlock', `/rune-name/${segment(name)}`);
  }

  /** `GET /address/{address}/runes`: rune balances (atomic) per rune. */
  addressRunes(address: string) {
    return this.#get('getRuneBalances', `/address/${segment(address)}/runes`);
  }

  /** `GET /address/{address}/utxos`: the address's unspent outputs with their runes and inscriptions. */
  addressUtxos(address: string) {
    return this.#get('getUtxoRunes', `/address/${segment(address)}/utxos`);
  }

  /** `GET /address/{address}/activity/runes?page`: runic transactions, 20 a page. */
  addressRunesActivity(address: string, page?: number) {
    return this.#get('getRunesActivity', `/address/${segment(address)}/activity/runes`, { page });
  }

  /** `GET /address/{address}/rare-sats`: rare sats grouped by satributes. */
  addressRareSats(address: string) {
    return this.#get('getRareSats', `/address/${segment(address)}/rare-sats`);
  }

  /** `GET /utxo/{txid:vout}/rare-sats`. */
  utxoRareSats(utxo: string) {
    return this.#get('rareSatsForUTXO', `/utxo/${segment(utxo)}/rare-sats`);
  }

  /** `GET /utxo/{txid:vout}/sat-ranges`: [start, end) pairs. */
  utxoSatRanges(utxo: string) {
    return this.#get('getSatRangesForUTXO', `/utxo/${segment(utxo)}/sat-ranges`);
  }

  /** `GET /alkanes?sort&type&page`: 20 alkanes of one type, newest or oldest first. */
  alkanes(query: { sort: string; type: string; page?: number }) {
    return this.#get('listAlkanes', '/alkanes', query);
  }

  /** `GET /alkane/{id}` (id "block:tx"): the alkane with its current supply and mint count. */
  alkane(id: string) {
    return this.#get('getAlkaneInfo', `/alkane/${segment(id)}`);
  }

  /** `GET /address/{address}/alkanes`: alkane balances (atomic) per alkane. */
  addressAlkanes(address: string) {
    return this.#get('getAlkaneAddressBalance', `/address/${segment(address)}/alkanes`);
  }

  /** `GET /address/{address}/utxos/alkanes`: the address's unspent outputs carrying alkanes. */
  addressAlkaneUtxos(address: string) {
    return this.#get('getAlkaneAddressUTXOs', `/address/${segment(address)}/utxos/alkanes`);
  }

  /** `GET /inscription/{id}/traits`: its collection traits (name, value, rarity). */
  inscriptionTraits(id: string) {
    return this.#get('getInscriptionTraits', `/inscription/${segment(id)}/traits`);
  }

  /** `GET /collections?page`: collections, 20 a page. */
  collections(page?: number) {
    return this.#get('getBitcoinCollections', '/collections', { page });
  }

  /** `GET /collection/{slug}`: name, description, links, item count. */
  collection(slug: string) {
    return this.#get('getCollectionInfo', `/collection/${segment(slug)}`);
  }

  /** `GET /collection/{slug}/inscriptions`: the ids of its inscriptions. */
  collectionInscriptions(slug: string) {
    return this.#get('getCollectionInscriptions', `/collection/${segment(slug)}/inscriptions`);
  }

  /** `GET /collection/{slug}/market`: floor price in sats and USD, market cap in BTC and USD. */
  collectionMarket(slug: string) {
    return this.#get('getCollectionMarketInfo', `/collection/${segment(slug)}/market`);
  }

  /** `GET /brc20?sort&page`: BRC-20 tokens newest or oldest first, 20 a page. */
  brc20Tokens(query: { sort?: string; page?: number }) {
    return this.#get('listBRC20Tokens', '/brc20', query);
  }

  /** `GET /brc20/{tick}`: one token's supply, minted amount and price. */
  brc20Token(tick: string) {
    return this.#get('getBRC20TokenInfo', `/brc20/${segment(tick)}`);
  }

  /** `GET /address/{address}/activity/brc20?page`: BRC-20 deploys, mints and transfers, 20 a page. */
  addressBrc20Activity(address: string, page?: number) {
    return this.#get('getBRC20Activity', `/address/${segment(address)}/activity/brc20`, { page });
  }

  #get(tool: OrdinalsTool, path: string, query: Query = {}): Promise<OrdiscanAnswer> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return publishedAnswer(
      {
        provider: 'ordiscan',
        answer: ORDINALS_OUTPUTS[tool]!,
        tool,
        url,
        headers: { authorization: `Bearer ${this.apiKey}` },
        cacheTtlMs: CHAIN_STATE_TTL_MS,
      },
      envelope,
    );
  }
}

/** A path segment, escaped so no value can add a path or a query; an outpoint's `:` is kept, as Ordiscan's SDK sends it. */
const segment = (value: string) => encodeURIComponent(value).replaceAll('%3A', ':');
