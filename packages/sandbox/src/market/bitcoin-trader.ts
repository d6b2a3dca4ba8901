/**
 * The market simulator's Bitcoin leg: a few simulated wallets trade the sandbox runes, inscriptions, items of the
 * seeded collections and BRC-20 tokens with each other on the sandbox Bitcoin ledger's marketplace (bitcoin/marketplace:
 * the seller's SINGLE|ANYONECANPAY listing, filled by the buyer's PSBT and mined by the ledger). Each trade picks an
 * asset, a holder that sells one output of it (or, now and then and whenever no trader holds one, a lot the faucet
 * grants a trader: new supply reaching the market), a buyer among the others, and a price that drifts from the asset's
 * last one by a seeded random walk. Buyers are funded by the faucet whenever they hold too little BTC. Rune,
 * inscription and BRC-20 listings are filled at once; collection items trade on the order book (order-book.ts): the
 * traders keep BOOK_DEPTH asks of each collection resting and the buyer takes the cheapest, so what rests is the
 * collection's floor. The walk restarts from the reference prices after a restart (the resting asks stay).
 *
 * A new collection item is a faucet reveal naming the collection's seeded parent (the ledger's child reveal). BRC-20 is
 * always a new lot, made the way the faucet's BRC20:<TICK> and BRC20-TRANSFER:<TICK> tokens make it: the seller mints
 * a lot within the token's limit, then inscribes a `transfer` of that balance, and lists the transfer inscription; the
 * buyer's fill is the inscription's first move, so the BRC-20 index credits the buyer. (A sent transfer inscription
 * moves no balance again, so it is never resold.) Collections and BRC-20 trade only on a chain holding the ordinals
 * seed (its parents and deploys).
 */
import type { BitcoinSandboxLedger, LedgerOutput } from '../bitcoin/ledger.js';
import { fillListing, PADDING_SATS } from '../bitcoin/marketplace/fill.js';
import { createListing, type Listing } from '../bitcoin/marketplace/listing.js';
import { OrderBook } from '../bitcoin/marketplace/order-book.js';
import { POSTAGE_SATS, SANDBOX_RUNES } from '../bitcoin/sandbox-assets.js';
import type { ExecutedTrade } from './evm-trader.js';
import { chainMarkets, type ChainMarkets, inscriptionKind, type InscriptionKind } from './inscription-lots.js';
import { seededRandom } from './prng.js';
import type { SimulatedWallet } from './wallets.js';

/** How many of the simulated wallets trade on the Bitcoin marketplace (the first ones: both key kinds). */
export const BITCOIN_TRADERS = 6;
/** Chance a trade sells a lot fresh from the faucet rather than one a trader holds. */
const NEW_LOT_CHANCE = 0.2;
/** Largest step of the price walk, as a fraction of the last price (each way). */
const PRICE_DRIFT = 0.05;
/** What the faucet gives a buyer short of BTC, and the margin over the price it wants to hold. */
const FUNDING_SATS = 50_000_000n;
const FUNDING_MARGIN_SATS = 20_000n;
/** Asks of each collection the traders keep resting on the order book, and how far above the walk they ask. */
const BOOK_DEPTH = 3;
const ASK_SPREAD = 0.25;
/** No price below this (the seller's payment must stay far above the dust limit). */
const MIN_PRICE_SATS = 1_000;

/**
 * What the traders trade: a sandbox rune in lots of whole units, a plain sandbox inscription, an item of a seeded
 * collection (by name), or a seeded BRC-20 token in lots of whole tokens (each lot at most the token's mint limit).
 */
type MarketAsset =
  | {
      readonly kind: 'rune';
      readonly id: string;
      readonly name: string;
      readonly divisibility: number;
      /** Reference price per whole unit, where the walk starts. */
      readonly satsPerUnit: number;
      /** Whole units of a new lot, drawn log-uniformly. */
      readonly lot: readonly [min: number, max: number];
    }
  | { readonly kind: 'inscription'; readonly name: 'inscription'; readonly sats: number }
  | { readonly kind: 'collection'; readonly name: string; readonly sats: number }
  | {
      readonly kind: 'brc20';
      /** The ticker, lower case. */
      readonly name: string;
      readonly decimals: number;
      readonly satsPerToken: number;
      readonly lot: readonly [min: number, max: number];
    };

const rune = (name: string, satsPerUnit: number, lot: readonly [number, number]): MarketAsset => {
  const known = SANDBOX_RUNES.find((candidate) => candidate.name === name)!;
  return { kind: 'rune', id: known.id, name, divisibility: known.divisibility, satsPerUnit, lot };
};

const ASSETS: readonly MarketAsset[] = [
  rune('DOGGOTOTHEMOON', 0.4, [20_000, 500_000]),
  rune('UNCOMMONGOODS', 1_500, [5, 200]),
  { kind: 'inscription', name: 'inscription', sats: 60_000 },
  { kind: 'collection', name: 'Bitcoin Frogs', sats: 250_000 },
  { kind: 'collection', name: 'Taproot Wizards', sats: 2_000_000 },
  // The seed's limits: ordi mints at most 1 000, sats at most 100 000 000 (rats is minted out). The smallest sats lot
  // still sells above MIN_PRICE_SATS, so the floor price never distorts its price per token.
  { kind: 'brc20', name: 'ordi', decimals: 18, satsPerToken: 8_000, lot: [10, 1_000] },
  { kind: 'brc20', name: 'sats', decimals: 8, satsPerToken: 0.0003, lot: [10_000_000, 100_000_000] },
];

const unitPrice = (asset: MarketAsset) =>
  asset.kind === 'rune' ? asset.satsPerUnit : asset.kind === 'brc20' ? asset.satsPerToken : asset.sats;

const brc20Body = (op: 'mint' | 'transfer', tick: string, amount: number) =>
  Buffer.from(JSON.stringify({ p: 'brc-20', op, tick, amt: String(amount) }));

const plain = (ledger: BitcoinSandboxLedger, output: LedgerOutput) =>
  ledger.runesAt(output.txid, output.vout).size === 0 && ledger.inscriptionsAt(output.txid, output.vout).length === 0;

export class BitcoinTrader {
  readonly #random: () => number;
  readonly #traders: readonly SimulatedWallet[];
  /** The walk's last price per asset: sats per whole rune unit or BRC-20 token, or sats per inscription. */
  readonly #prices = new Map(ASSETS.map((asset) => [asset.name, unitPrice(asset)]));
  /** The seeded parents and deploys, read from the chain on the first trade (the seed precedes the simulator). */
  #markets: ChainMarkets | undefined;
  /** What each inscription seen is (it never changes): its reveal is decoded once. */
  readonly #kinds = new Map<string, InscriptionKind>();

  constructor(
    private readonly ledger: BitcoinSandboxLedger,
    wallets: readonly SimulatedWallet[],
    seed: string,
    private readonly book: OrderBook = new OrderBook(ledger),
  ) {
    this.#random = seededRandom(`${seed}:bitcoin`);
    this.#traders = wallets.slice(0, BITCOIN_TRADERS);
  }

  /** One sale, settled on the ledger. */
  trade(): ExecutedTrade {
    const asset = this.#pick(this.#tradable());
    const price = this.#prices.get(asset.name)! * (1 + PRICE_DRIFT * (2 * this.#random() - 1));
    this.#prices.set(asset.name, price);
    if (asset.kind === 'collection') return this.#takeCheapestAsk(asset, price);
    const { seller, output, tokens } = this.#lotFor(asset);
    const buyer = this.#pick(this.#traders.filter((trader) => trader !== seller));
    const runes = this.ledger.runesAt(output.txid, output.vout);
    const units = asset.kind === 'rune' ? Number(runes.get(asset.id)!) / 10 ** asset.divisibility : (tokens ?? 1);
    const priceSats = BigInt(Math.max(MIN_PRICE_SATS, Math.round(price * units)));
    return this.#fill(asset, createListing(seller.bitcoin, output, priceSats), buyer, runes, units);
  }

  /**
   * A collection trade on the order book: the traders first keep BOOK_DEPTH asks of the collection resting (items they
   * hold and have not listed, or new ones, each asked at the walk's price plus up to ASK_SPREAD), then the buyer takes
   * the cheapest ask. What rests after it is the collection's floor.
   */
  #takeCheapestAsk(asset: MarketAsset & { kind: 'collection' }, price: number): ExecutedTrade {
    const parent = this.#markets!.parents.get(asset.name)!;
    const resting = () =>
      this.book.asks().filter((ask) => {
        const [txid, vout] = ask.outpoint.split(':') as [string, string];
        const inscriptions = this.ledger.inscriptionsAt(txid, Number(vout));
        return inscriptions.length === 1 && this.#kindOf(inscriptions[0]!).parent === parent;
      });
    for (let asks = resting(); asks.length < BOOK_DEPTH; asks = resting()) {
      const listed = new Set(this.book.asks().map((ask) => ask.outpoint));
      const { seller, output } = this.#lotFor(asset, listed);
      const ask = price * (1 + ASK_SPREAD * this.#random());
      this.book.post(createListing(seller.bitcoin, output, BigInt(Math.max(MIN_PRICE_SATS, Math.round(ask)))));
    }
    const cheapest = resting().reduce((low, ask) => (ask.priceSats < low.priceSats ? ask : low));
    const buyer = this.#pick(this.#traders.filter((trader) => trader.bitcoin.address !== cheapest.seller));
    return this.#fill(asset, cheapest, buyer, new Map(), 1);
  }

  /** Fills `listing` for `buyer` (funded by the faucet when short) and reports the trade. */
  #fill(
    asset: MarketAsset,
    listing: Listing,
    buyer: SimulatedWallet,
    runes: ReadonlyMap<string, bigint>,
    units: number,
  ): ExecutedTrade {
    const priceSats = listing.priceSats;
    const { padding, funding } = this.#fund(buyer, priceSats);
    const sale = this.ledger.submit(fillListing({ listing, buyer: buyer.bitcoin, padding, funding, runes }));
    return {
      chain: 'bitcoin',
      wallet: buyer.bitcoin.address,
      label: buyer.label.name,
      sizeUsd: null,
      transactionHash: sale.txid,
      sold: { symbol: 'BTC', atomic: priceSats },
      bought: {
        symbol: asset.name,
        atomic:
          asset.kind === 'rune'
            ? runes.get(asset.id)!
            : asset.kind === 'brc20'
              ? BigInt(units) * 10n ** BigInt(asset.decimals)
              : 1n,
      },
    };
  }

  /** The assets this chain has: runes and plain inscriptions always, collections and BRC-20 with the seed. */
  #tradable(): readonly MarketAsset[] {
    const markets = (this.#markets ??= chainMarkets(this.ledger));
    return ASSETS.filter((asset) =>
      asset.kind === 'collection'
        ? markets.parents.has(asset.name)
        : asset.kind === 'brc20'
          ? markets.brc20Ticks.has(asset.name)
          : true,
    );
  }

  /** Whether `output` holds exactly one unit of `asset` (a whole rune balance, or one inscription of its kind). */
  #holdsOnly(asset: MarketAsset, output: LedgerOutput): boolean {
    const runes = this.ledger.runesAt(output.txid, output.vout);
    const inscriptions = this.ledger.inscriptionsAt(output.txid, output.vout);
    if (asset.kind === 'rune') return runes.size === 1 && runes.has(asset.id) && inscriptions.length === 0;
    if (runes.size > 0 || inscriptions.length !== 1) return false;
    const kind = this.#kindOf(inscriptions[0]!);
    return asset.kind === 'collection'
      ? kind.kind === 'item' && kind.parent === this.#markets!.parents.get(asset.name)
      : kind.kind === 'plain';
  }

  /** What an inscription is, decoded from its reveal once. */
  #kindOf(id: string): InscriptionKind & { parent?: string } {
    let kind = this.#kinds.get(id);
    if (!kind) this.#kinds.set(id, (kind = inscriptionKind(this.ledger, id)));
    return kind;
  }

  /**
   * A trader's output holding only `asset` (none of the `listed` outputs), or a new lot the faucet grants a trader; `tokens` is a BRC-20 lot's size
   * in whole tokens.
   */
  #lotFor(
    asset: MarketAsset,
    listed: ReadonlySet<string> = new Set(),
  ): { seller: SimulatedWallet; output: LedgerOutput; tokens?: number } {
    const held =
      asset.kind === 'brc20'
        ? []
        : this.#traders.flatMap((seller) =>
            this.ledger
              .utxosOf(seller.bitcoin.address)
              .filter((output) => !listed.has(`${output.txid}:${output.vout}`) && this.#holdsOnly(asset, output))
              .map((output) => ({ seller, output })),
          );
    if (held.length > 0 && this.#random() >= NEW_LOT_CHANCE) return this.#pick(held);
    const seller = this.#pick(this.#traders);
    const credit = (grant: Parameters<BitcoinSandboxLedger['credit']>[2]) =>
      this.ledger.utxo(this.ledger.credit(seller.bitcoin.address, POSTAGE_SATS, grant), 0)!;
    switch (asset.kind) {
      case 'rune': {
        const units = BigInt(Math.round(this.#logUniform(asset.lot)));
        return { seller, output: credit({ rune: asset.id, amount: units * 10n ** BigInt(asset.divisibility) }) };
      }
      case 'inscription':
        return { seller, output: credit('inscription') };
      case 'collection': {
        const parent = this.#markets!.parents.get(asset.name)!;
        const shade = Math.floor(this.#random() * 0xffffff)
          .toString(16)
          .padStart(6, '0');
        const body = Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#${shade}"/></svg>`,
        );
        return { seller, output: credit({ inscription: { contentType: 'image/svg+xml', body, parent } }) };
      }
      case 'brc20': {
        const tokens = Math.round(this.#logUniform(asset.lot));
        const contentType = 'text/plain;charset=utf-8';
        credit({ inscription: { contentType, body: brc20Body('mint', asset.name, tokens) } });
        const output = credit({ inscription: { contentType, body: brc20Body('transfer', asset.name, tokens) } });
        return { seller, output, tokens };
      }
    }
  }

  /** The buyer's padding output and enough funding for `priceSats`, from the faucet when it holds too little. */
  #fund(buyer: SimulatedWallet, priceSats: bigint): { padding: LedgerOutput; funding: LedgerOutput[] } {
    const { address } = buyer.bitcoin;
    const owned = () => this.ledger.utxosOf(address).filter((output) => plain(this.ledger, output));
    if (!owned().some((output) => output.value <= PADDING_SATS)) this.ledger.credit(address, PADDING_SATS);
    const padding = owned().find((output) => output.value <= PADDING_SATS)!;
    const needed = priceSats + FUNDING_MARGIN_SATS;
    const largestFirst = () =>
      owned()
        .filter((output) => output !== padding)
        .sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1));
    let candidates = largestFirst();
    if (candidates.reduce((sum, output) => sum + output.value, 0n) < needed) {
      this.ledger.credit(address, FUNDING_SATS > needed ? FUNDING_SATS : needed * 2n);
      candidates = largestFirst();
    }
    const funding: LedgerOutput[] = [];
    let total = 0n;
    for (const output of candidates) {
      if (total >= needed) break;
      funding.push(output);
      total += output.value;
    }
    return { padding, funding };
  }

  #logUniform([min, max]: readonly [number, number]): number {
    return min * (max / min) ** this.#random();
  }

  #pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#random() * items.length)]!;
  }
}
