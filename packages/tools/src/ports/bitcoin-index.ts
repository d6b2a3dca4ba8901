/**
 * What an ordinals index of the Bitcoin chain knows (what ord and Ordiscan index on mainnet): the sats of every unspent
 * output and which are rare, inscriptions with their owners and transfers, runes with their balances and the
 * transactions that moved them, whether a rune name may be etched, and alkanes (protorune balances on outputs). The
 * Bitcoin research tools answer from it in sandbox mode (packages/sandbox ord-index, following the sandbox ledger:
 * every read is at the chain's tip).
 */

/** A half-open range of sat numbers [start, end). */
export type SatRange = readonly [start: bigint, end: bigint];

/** Ordiscan's names of the rarities; a common sat has none. */
export type SatRarity = 'UNCOMMON' | 'RARE' | 'EPIC' | 'LEGENDARY' | 'MYTHIC';

export interface RareSat {
  readonly sat: bigint;
  readonly rarity: SatRarity;
  /** The block that minted it. */
  readonly height: number;
}

/** The block facts of an indexed transaction. */
export interface IndexedTx {
  readonly txid: string;
  readonly height: number;
  /** Unix seconds. */
  readonly time: number;
}

/** One move of an inscription: its reveal (from null), a transfer, or its loss (to null). */
export interface InscriptionMove extends IndexedTx {
  readonly inscriptionId: string;
  readonly from: string | null;
  readonly to: string | null;
  readonly spentAsFee: boolean;
}

export interface IndexedInscriptionView {
  readonly id: string;
  /** Reveal order on the chain, from 0. */
  readonly number: number;
  readonly contentType: string | null;
  readonly contentLength: number;
  /** The parent inscription (envelope tag 3). */
  readonly parent: string | null;
  /** The envelope's metadata (tag 5, CBOR) decoded. */
  readonly metadata: unknown;
  /** The envelope's metaprotocol (tag 7). */
  readonly metaprotocol: string | null;
  readonly sat: bigint;
  readonly genesis: IndexedTx & { readonly address: string | null; readonly output: string };
  /** null once the inscribed sat went to the fee or an OP_RETURN output. */
  readonly location: { readonly output: string; readonly address: string | null; readonly offset: bigint } | null;
  /** The reveal, then every transfer, oldest first. */
  readonly transfers: readonly InscriptionMove[];
}

/** An unspent output with what it carries. */
export interface OrdinalsOutput {
  readonly txid: string;
  readonly vout: number;
  readonly address: string | null;
  readonly value: bigint;
  readonly satRanges: readonly SatRange[];
  /** Rune id ("block:tx") → atomic units. */
  readonly runes: ReadonlyMap<string, bigint>;
  readonly inscriptions: readonly string[];
}

export interface OrdinalsRune {
  /** "block:tx" of the etching. */
  readonly id: string;
  /** Upper case, no spacers. */
  readonly name: string;
  readonly spacedName: string;
  readonly spacers: number;
  /** Etching order, ord's rune number. */
  readonly number: number;
  readonly divisibility: number;
  readonly symbol: string;
  /** Atomic units issued so far, and how many issuances (mints) made them. */
  readonly granted: bigint;
  readonly mints: number;
  readonly burned: bigint;
  /** The first issuance; null before any. */
  readonly firstMint: IndexedTx | null;
}

export interface RuneMove {
  readonly address: string | null;
  /** "txid:vout". */
  readonly output: string;
  /** Rune id. */
  readonly rune: string;
  readonly amount: bigint;
}

export interface RunicTransaction extends IndexedTx {
  readonly messages: readonly { readonly rune: string; readonly type: 'MINT' | 'TRANSFER' }[];
  readonly inputs: readonly RuneMove[];
  readonly outputs: readonly RuneMove[];
}

export interface RuneNameState {
  readonly name: string;
  readonly status: 'ETCHED' | 'AVAILABLE' | 'LOCKED' | 'RESERVED';
  readonly unlockHeight: number;
  /** Unix seconds (an estimate for a height not mined yet). */
  readonly unlockTime: number;
}

/** A sandbox alkane (a protorune of protocol 1) with its issuance; amounts atomic. */
export interface OrdinalsAlkane {
  /** "block:tx". */
  readonly id: string;
  readonly name: string;
  readonly symbol: string;
  readonly type: 'TOKEN' | 'CONTRACT' | 'NFT_COLLECTION' | 'NFT_ITEM';
  readonly amountPerMint: bigint | null;
  readonly mintCountCap: bigint | null;
  /** Issued so far, in how many issuances (mints); burned; on unspent outputs now (supply) and by how many addresses. */
  readonly minted: bigint;
  readonly mints: number;
  readonly burned: bigint;
  readonly supply: bigint;
  readonly holders: number;
  /** The first issuance; null before any. */
  readonly firstMint: IndexedTx | null;
}

/** An unspent output carrying alkanes. */
export interface AlkaneOutput {
  readonly txid: string;
  readonly vout: number;
  readonly address: string | null;
  readonly value: bigint;
  /** Alkane id → atomic units. */
  readonly alkanes: ReadonlyMap<string, bigint>;
}

/**
 * A marketplace sale recognised on chain: the seller signed the input holding the asset SIGHASH_SINGLE|ANYONECANPAY
 * (a listing), and the price is the output at that input's index (the seller's payment). Generic on purpose: the
 * rune, collection and BRC-20 market tools (a BRC-20 trade is a sale of a transfer inscription) read the same sales.
 */
export interface MarketSale extends IndexedTx {
  readonly priceSats: bigint;
  /** Who held the asset (the listed output's address). */
  readonly seller: string | null;
  /** Where the asset went. */
  readonly buyer: string | null;
}

export interface InscriptionSale extends MarketSale {
  readonly inscriptionId: string;
}

export interface RuneSale extends MarketSale {
  /** Rune id "block:tx". */
  readonly rune: string;
  /** Atomic units sold (the whole listed output). */
  readonly amount: bigint;
}

/**
 * A resting ask on the marketplace's order book: the seller's signed SINGLE|ANYONECANPAY listing of an output, valid
 * while that output is unspent (a floor is the lowest of them).
 */
export interface MarketAsk {
  /** The listed output, "txid:vout". */
  readonly outpoint: string;
  readonly seller: string;
  readonly priceSats: bigint;
  /** The inscriptions the listed output carries. */
  readonly inscriptions: readonly string[];
}

/** A parent inscription named in its metadata, with its children. */
export interface OrdinalsCollection {
  /** The name lower-cased, other characters hyphens (unique). */
  readonly slug: string;
  readonly name: string;
  readonly description: string | null;
  readonly twitterLink: string | null;
  readonly discordLink: string | null;
  readonly websiteLink: string | null;
  /** The parent inscription's id. */
  readonly parent: string;
  /** The children's ids in number order. */
  readonly items: readonly string[];
}

export interface OrdinalsTrait {
  readonly name: string;
  readonly value: string;
  /** Percent of the collection's items with this value. */
  readonly rarity: number;
}

/** A BRC-20 token; amounts are decimal strings in whole tokens. */
export interface Brc20Token {
  /** As deployed. */
  readonly tick: string;
  readonly deployInscription: string;
  readonly decimals: number;
  readonly max: string;
  readonly limit: string;
  readonly minted: string;
  readonly holders: number;
}

export interface Brc20Event extends IndexedTx {
  readonly type: 'DEPLOY' | 'MINT' | 'INSCRIBE_TRANSFER' | 'TRANSFER';
  readonly tick: string;
  readonly inscriptionId: string;
  readonly from: string | null;
  readonly to: string | null;
  /** Decimal string in whole tokens. */
  readonly amount: string;
}

export interface BitcoinIndex {
  /** An unspent output; undefined when spent or unknown. */
  output(txid: string, vout: number): Promise<OrdinalsOutput | undefined>;
  /** The unspent outputs of an address, oldest first. */
  outputsOf(address: string): Promise<readonly OrdinalsOutput[]>;
  /** The rare sats inside sat ranges. */
  rareSats(ranges: readonly SatRange[]): Promise<readonly RareSat[]>;
  inscription(id: string): Promise<IndexedInscriptionView | undefined>;
  /** Where an inscription's content is served (ord's /content/<id>), with its content type. */
  contentUrl(id: string): Promise<string>;
  /** Every inscription in number order. */
  inscriptions(): Promise<readonly IndexedInscriptionView[]>;
  /** Reveals and transfers into or out of an address, newest first. */
  inscriptionActivityOf(address: string): Promise<readonly InscriptionMove[]>;
  /** Every rune in etching order. */
  runes(): Promise<readonly OrdinalsRune[]>;
  /** Runic transactions touching an address, newest first. */
  runeActivityOf(address: string): Promise<readonly RunicTransaction[]>;
  /** A name's etching status (A-Z, upper case, no spacers); undefined for a name too long for the protocol. */
  runeName(name: string): Promise<RuneNameState | undefined>;
  /** Every alkane, in id order. */
  alkanes(): Promise<readonly OrdinalsAlkane[]>;
  /** The unspent outputs of an address that carry alkanes, oldest first. */
  alkaneOutputsOf(address: string): Promise<readonly AlkaneOutput[]>;
  /** Marketplace sales of inscriptions (one inscription per listed output), oldest first. */
  inscriptionSales(): Promise<readonly InscriptionSale[]>;
  /** Marketplace sales of runes (one rune per listed output), oldest first. */
  runeSales(): Promise<readonly RuneSale[]>;
  /** The marketplace's valid resting asks, oldest first. */
  asks(): Promise<readonly MarketAsk[]>;
  /** Collections, oldest parent first. */
  collections(): Promise<readonly OrdinalsCollection[]>;
  /** An inscription's traits in its collection (empty outside one); undefined for an unknown inscription. */
  inscriptionTraits(id: string): Promise<readonly OrdinalsTrait[] | undefined>;
  /** BRC-20 tokens in deploy order. */
  brc20Tokens(): Promise<readonly Brc20Token[]>;
  /** BRC-20 deploys, mints and transfers of an address, newest first. */
  brc20ActivityOf(address: string): Promise<readonly Brc20Event[]>;
  /** The BRC-20 operation a valid BRC-20 inscription made. */
  brc20Action(
    id: string,
  ): Promise<{ readonly type: 'DEPLOY' | 'MINT' | 'TRANSFER'; readonly tick: string } | undefined>;
}
