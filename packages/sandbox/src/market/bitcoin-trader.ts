/**
 * The market simulator's Bitcoin leg: a few simulated wallets trade the sandbox runes and inscriptions with each other
 * on the sandbox Bitcoin ledger's marketplace (bitcoin/marketplace: the seller's SINGLE|ANYONECANPAY listing, filled
 * by the buyer's PSBT and mined by the ledger). Each trade picks an asset, a holder that sells one output of it (or,
 * now and then and whenever no trader holds one, a lot the faucet grants a trader: new supply reaching the market),
 * a buyer among the others, and a price that drifts from the asset's last one by a seeded random walk. Buyers are
 * funded by the faucet whenever they hold too little BTC. Listings are filled at once, so no order book is kept: the
 * chain is the whole state, and the walk restarts from the reference prices after a restart.
 */
import type { BitcoinSandboxLedger, LedgerOutput } from '../bitcoin/ledger.js';
import { fillListing, PADDING_SATS } from '../bitcoin/marketplace/fill.js';
import { createListing } from '../bitcoin/marketplace/listing.js';
import { POSTAGE_SATS, SANDBOX_RUNES } from '../bitcoin/sandbox-assets.js';
import type { ExecutedTrade } from './evm-trader.js';
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
/** No price below this (the seller's payment must stay far above the dust limit). */
const MIN_PRICE_SATS = 1_000;

/** What the traders trade: a sandbox rune in lots of whole units, or a sandbox inscription. */
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
  | { readonly kind: 'inscription'; readonly name: 'inscription'; readonly sats: number };

const rune = (name: string, satsPerUnit: number, lot: readonly [number, number]): MarketAsset => {
  const known = SANDBOX_RUNES.find((candidate) => candidate.name === name)!;
  return { kind: 'rune', id: known.id, name, divisibility: known.divisibility, satsPerUnit, lot };
};

const ASSETS: readonly MarketAsset[] = [
  rune('DOGGOTOTHEMOON', 0.4, [20_000, 500_000]),
  rune('UNCOMMONGOODS', 1_500, [5, 200]),
  { kind: 'inscription', name: 'inscription', sats: 60_000 },
];

const plain = (ledger: BitcoinSandboxLedger, output: LedgerOutput) =>
  ledger.runesAt(output.txid, output.vout).size === 0 && ledger.inscriptionsAt(output.txid, output.vout).length === 0;

export class BitcoinTrader {
  readonly #random: () => number;
  readonly #traders: readonly SimulatedWallet[];
  /** The walk's last price per asset: sats per whole rune unit, or sats per inscription. */
  readonly #prices = new Map(
    ASSETS.map((asset) => [asset.name, asset.kind === 'rune' ? asset.satsPerUnit : asset.sats]),
  );

  constructor(
    private readonly ledger: BitcoinSandboxLedger,
    wallets: readonly SimulatedWallet[],
    seed: string,
  ) {
    this.#random = seededRandom(`${seed}:bitcoin`);
    this.#traders = wallets.slice(0, BITCOIN_TRADERS);
  }

  /** One sale, settled on the ledger. */
  trade(): ExecutedTrade {
    const asset = this.#pick(ASSETS);
    const { seller, output } = this.#lotFor(asset);
    const buyer = this.#pick(this.#traders.filter((trader) => trader !== seller));
    const runes = this.ledger.runesAt(output.txid, output.vout);
    const units = asset.kind === 'rune' ? Number(runes.get(asset.id)!) / 10 ** asset.divisibility : 1;
    const price = this.#prices.get(asset.name)! * (1 + PRICE_DRIFT * (2 * this.#random() - 1));
    this.#prices.set(asset.name, price);
    const priceSats = BigInt(Math.max(MIN_PRICE_SATS, Math.round(price * units)));

    const { padding, funding } = this.#fund(buyer, priceSats);
    const listing = createListing(seller.bitcoin, output, priceSats);
    const sale = this.ledger.submit(fillListing({ listing, buyer: buyer.bitcoin, padding, funding, runes }));
    return {
      chain: 'bitcoin',
      wallet: buyer.bitcoin.address,
      label: buyer.label.name,
      sizeUsd: null,
      transactionHash: sale.txid,
      sold: { symbol: 'BTC', atomic: priceSats },
      bought: { symbol: asset.name, atomic: asset.kind === 'rune' ? runes.get(asset.id)! : 1n },
    };
  }

  /** A trader's output holding only `asset`, or a new lot the faucet grants a trader. */
  #lotFor(asset: MarketAsset): { seller: SimulatedWallet; output: LedgerOutput } {
    const held = this.#traders.flatMap((seller) =>
      this.ledger
        .utxosOf(seller.bitcoin.address)
        .filter((output) => {
          const runes = this.ledger.runesAt(output.txid, output.vout);
          const inscriptions = this.ledger.inscriptionsAt(output.txid, output.vout);
          return asset.kind === 'rune'
            ? runes.size === 1 && runes.has(asset.id) && inscriptions.length === 0
            : runes.size === 0 && inscriptions.length === 1;
        })
        .map((output) => ({ seller, output })),
    );
    if (held.length > 0 && this.#random() >= NEW_LOT_CHANCE) return this.#pick(held);
    const seller = this.#pick(this.#traders);
    const grant =
      asset.kind === 'rune'
        ? {
            rune: asset.id,
            amount: BigInt(Math.round(this.#logUniform(asset.lot))) * 10n ** BigInt(asset.divisibility),
          }
        : 'inscription';
    const txid = this.ledger.credit(seller.bitcoin.address, POSTAGE_SATS, grant);
    return { seller, output: this.ledger.utxo(txid, 0)! };
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
