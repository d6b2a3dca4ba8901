/**
 * Bitcoin Ordinals family: the spec's "Bitcoin research tools" (all open reads) and the Bitcoin-related tools the
 * spec lists by name only (market reads, and the vault's BTC / runes / inscription / Counterparty wallet tools).
 *
 * Upstreams (notes/providers.md A.5, A.6, A.19): Ordiscan (inscriptions, runes, BRC-20, rare sats, alkanes),
 * Stampchain (stamps, SRC-20), Magic Eden ord/btc API (rune prices, collection rankings), Counterparty API v2
 * (XCP assets), CoinGecko (coin prices / trending / search).
 *
 * Tools that take the same body share ONE schema instance (the `*_BODY` constants below), and every tool is built
 * by one of two small factories that fix group, price family, identity and effect.
 */
import { z } from 'zod';
import { ALKANE_ID, BTC_ADDRESS, INSCRIPTION_ID, UTXO_ID, body, emptyBody } from '../formats.js';
import { defineTool, MOVES_FUNDS, PAID_UPSTREAM_READ } from '../types.js';

// ---------------------------------------------------------------------------------------------------------------
// Field types of this family
// ---------------------------------------------------------------------------------------------------------------

/** Spec: "page is an integer >= 1 (1-indexed)". */
const PAGE = z.number().int().min(1);

/** Spec: "Bitcoin top-lists limit 1 to 50 (default 20)"; a number, not required to be an integer. */
const TOP_LIMIT = z.number().min(1).max(50).default(20);

const NEWEST_OLDEST = z.enum(['newest', 'oldest']);
const ASC_DESC = z.enum(['ASC', 'DESC']);

/**
 * A rune name as a caller may write it: Runes-protocol letters in any case, optionally with one spacer ('•' U+2022
 * or '.') between two letters, e.g. "DOG•GO•TO•THE•MOON", "dog.go.to.the.moon" or "DOGGOTOTHEMOON". The handler
 * normalises before calling upstream: it strips every spacer and upper-cases ("DOGGOTOTHEMOON").
 */
const RUNE_NAME = z
  .string()
  .regex(
    /^[A-Za-z](?:[•.]?[A-Za-z])*$/,
    'must be a rune name: letters A-Z in any case, optionally with single spacers ("•" or ".") between letters, e.g. "DOG•GO•TO•THE•MOON"',
  );

/** A required free-text identifier (slug, ticker, query); an empty string names nothing, so min length 1. */
const IDENT = z.string().min(1);

/** Stampchain stamp number as a string. Cursed stamps carry negative numbers, so one leading '-' is allowed. */
const STAMP_NUMBER = z.string().regex(/^-?\d+$/, 'must be a numeric string (stamp number, e.g. "4258" or "-1024")');

/** The 10 coin ids getCryptoPrice accepts (spec). */
const COIN_ID = z.enum(['btc', 'bitcoin', 'eth', 'ethereum', 'sol', 'solana', 'bnb', 'binancecoin', 'hbar', 'hedera']);

// Wallet-tool field types (designed: the spec lists these tools by name only).

/** BTC amount in whole BTC as a decimal string: positive, at most 8 fractional digits (1 sat = 0.00000001). */
const BTC_AMOUNT = z
  .string()
  .regex(
    /^(?=.*[1-9])\d+(?:\.\d{1,8})?$/,
    'must be a positive BTC amount as a decimal string with at most 8 decimals, e.g. "0.0015" (= 150000 sats)',
  )
  .describe('Amount in BTC (not sats), decimal string with at most 8 decimals, e.g. "0.0015" = 150000 sats.');

/** Rune amount in display units (divisibility applied); the Runes protocol allows divisibility up to 38. */
const RUNE_AMOUNT = z
  .string()
  .regex(
    /^(?=.*[1-9])\d+(?:\.\d{1,38})?$/,
    'must be a positive rune amount as a decimal string in display units, at most 38 decimals, e.g. "1000" or "12.5"',
  )
  .describe('Amount in display units of the rune (its divisibility applied), e.g. "1000" or "12.5".');

/** Counterparty quantity in display units: divisible assets have 8 decimals, indivisible assets whole units. */
const XCP_QUANTITY = z
  .string()
  .regex(
    /^(?=.*[1-9])\d+(?:\.\d{1,8})?$/,
    'must be a positive quantity as a decimal string with at most 8 decimals (whole units for indivisible assets)',
  )
  .describe('Quantity in display units: up to 8 decimals for divisible assets, a whole number for indivisible ones.');

/**
 * A Counterparty asset: XCP; a named asset (4-12 upper-case letters, not starting with A); a numeric asset (A
 * followed by 17-20 digits); or a subasset PARENT.child (child: letters, digits and - _ @ ! with single dots).
 * BTC is not a Counterparty asset here: send BTC with transferBTC.
 */
const XCP_ASSET = z
  .string()
  .max(250)
  .regex(
    /^(?:XCP|[B-Z][A-Z]{3,11}|A\d{17,20})(?:\.[A-Za-z0-9_@!-]+(?:\.[A-Za-z0-9_@!-]+)*)?$/,
    'must be a Counterparty asset: XCP, a named asset of 4-12 upper-case letters not starting with A, a numeric asset A<digits>, or a subasset PARENT.child',
  );

/**
 * Fee rate in sat/vB. 0.1 is Bitcoin Core's default minimum relay fee; the 2000 ceiling is a guard against typos
 * that would burn the balance in fees (far above normal mempool rates). Omitted: the handler uses the current
 * recommended rate (mempool fee estimate, next-blocks target).
 */
const FEE_RATE = z
  .number()
  .min(0.1)
  .max(2000)
  .describe('Fee rate in sat/vB (0.1 to 2000). Omit to use the current recommended rate.');

// ---------------------------------------------------------------------------------------------------------------
// Shared bodies: one schema per distinct body in the spec table
// ---------------------------------------------------------------------------------------------------------------

const ADDRESS_BODY = body({ bitcoinAddress: BTC_ADDRESS });
const ADDRESS_PAGE_BODY = body({ bitcoinAddress: BTC_ADDRESS, page: PAGE.optional() });
const INSCRIPTION_BODY = body({ inscriptionId: INSCRIPTION_ID });
const RUNE_NAME_BODY = body({ name: RUNE_NAME });
const COLLECTION_SLUG_BODY = body({ slug: IDENT });
const UTXO_BODY = body({ utxoId: UTXO_ID });
const TOP_BY_MARKET_CAP_BODY = body({ limit: TOP_LIMIT, minMarketCap: z.number().optional() });
const TOP_BY_VOLUME_BODY = body({ limit: TOP_LIMIT, minVolume: z.number().optional() });
const TOP_COLLECTIONS_BODY = body({ limit: TOP_LIMIT });
/** getBTCBalances / getXCPBalances read the caller's own vault (as the real tools do: no arguments). */
const OWN_WALLET_BODY = emptyBody();

// ---------------------------------------------------------------------------------------------------------------
// Factories
// ---------------------------------------------------------------------------------------------------------------

interface Texts {
  readonly summary: string;
  readonly description?: string;
}

/** What every research tool of this family is: open, read-only, in its group and price family. */
const OPEN_RESEARCH = {
  group: 'Bitcoin Ordinals',
  price: 'bitcoin-research',
  identity: false,
  effect: 'read',
} as const;

/** An open, read-only research tool (spec: "all open"), priced by the 'bitcoin-research' family. */
function research<const Name extends string, Input extends z.ZodType>(name: Name, input: Input, texts: Texts) {
  return defineTool({ name, ...texts, input, ...OPEN_RESEARCH, settlement: 'after-success' });
}

/** A research tool answered by CoinGecko, which bills per call: it settles before that call (PAID_UPSTREAM_READ). */
function coinPriceTool<const Name extends string, Input extends z.ZodType>(name: Name, input: Input, texts: Texts) {
  return defineTool({ name, ...texts, input, ...OPEN_RESEARCH, ...PAID_UPSTREAM_READ });
}

/** A tool on the caller's own Bitcoin vault: identity-gated (siwx), priced by the 'bitcoin-wallet' family. */
function vaultTool<const Name extends string, Input extends z.ZodType>(
  name: Name,
  input: Input,
  effect: 'read' | 'write',
  texts: Texts,
) {
  return defineTool({
    name,
    group: 'Bitcoin Ordinals',
    ...texts,
    input,
    price: 'bitcoin-wallet',
    identity: true,
    effect,
    // A wallet read changes nothing; a send signs, then commits just before its broadcast.
    ...(effect === 'write'
      ? ({ settlement: 'commit-point', change: MOVES_FUNDS } as const)
      : ({ settlement: 'after-success' } as const)),
  });
}

const RUNE_NAME_NOTE =
  'Rune names are accepted in any case, with or without spacers ("•" or "."); the service strips spacers and upper-cases before the lookup, so "dog•go•to•the•moon" and "DOGGOTOTHEMOON" are the same rune.';

const WALLET_NOTE =
  "Identity-gated (a design decision: the spec does not show identity for this tool) because it reads or spends the caller's own vault, which the siwx proof identifies.";

const SEND_NOTE =
  'Moves funds: needs explicit approval and is only on the MCP transaction surface. feeRate (sat/vB) is optional; without it the current recommended rate is used.';

// ---------------------------------------------------------------------------------------------------------------
// The family
// ---------------------------------------------------------------------------------------------------------------

export const bitcoinTools = [
  // -- Address inventory (bitcoinAddress*) --------------------------------------------------------------------
  research('getUtxoRunes', ADDRESS_BODY, {
    summary: 'List the UTXOs of a Bitcoin address with the rune balances each one carries.',
    description:
      'Upstream: Ordiscan address UTXOs (rune contents per outpoint). Use before spending a UTXO so runes are not burned.',
  }),
  research('getOwnedInscriptionIds', ADDRESS_BODY, {
    summary: 'List the ids of every inscription held by a Bitcoin address.',
    description:
      'Upstream: Ordiscan GET /address/{address}/inscription-ids. Ids only; use getInscriptionsByAddress for details.',
  }),
  research('getRuneBalances', ADDRESS_BODY, {
    summary: 'Get the rune balances of a Bitcoin address (a taproot address, where runes are held), summed per rune.',
    description:
      'Upstream: Ordiscan GET /address/{address}/runes (balances per rune, not per UTXO; use getUtxoRunes for the outpoints). ' +
      'The spec names it "getRuneBalances (taproot)": runes live on taproot addresses, but any Bitcoin address is accepted.',
  }),
  research('getRareSats', ADDRESS_BODY, {
    summary: 'List the rare / exotic sats held by a Bitcoin address.',
    description: 'Upstream: Ordiscan GET /address/{address}/rare-sats.',
  }),
  research('getStampsByAddress', ADDRESS_BODY, {
    summary: 'List the Bitcoin Stamps held by a Bitcoin address.',
    description: 'Upstream: Stampchain GET /stamps/balance/{address}.',
  }),
  research('getAlkaneAddressBalance', ADDRESS_BODY, {
    summary: 'Get the alkane token balances of a Bitcoin address.',
    description: 'Upstream: Ordiscan GET /address/{address}/alkanes.',
  }),
  research('getAlkaneAddressUTXOs', ADDRESS_BODY, {
    summary: 'List the UTXOs of a Bitcoin address that hold alkanes.',
    description: 'Upstream: Ordiscan GET /address/{address}/utxos/alkanes.',
  }),

  // -- Address inventory and activity, paged (bitcoinAddress*, page) --------------------------------------------
  research('getInscriptionsByAddress', ADDRESS_PAGE_BODY, {
    summary: 'List the inscriptions held by a Bitcoin address, with details, one page at a time.',
    description: 'page is an integer >= 1 (1-indexed). Upstream: Ordiscan GET /address/{address}/inscriptions.',
  }),
  research('getInscriptionActivity', ADDRESS_PAGE_BODY, {
    summary: 'List inscription transfers into and out of a Bitcoin address, one page at a time.',
    description:
      'page is an integer >= 1 (1-indexed). Upstream: Ordiscan GET /address/{address}/activity (inscription transfers).',
  }),
  research('getRunesActivity', ADDRESS_PAGE_BODY, {
    summary: 'List rune transfers, mints and etchings involving a Bitcoin address, one page at a time.',
    description: 'page is an integer >= 1 (1-indexed). Upstream: Ordiscan GET /address/{address}/activity/runes.',
  }),
  research('getBRC20Activity', ADDRESS_PAGE_BODY, {
    summary: 'List BRC-20 deploy / mint / transfer activity of a Bitcoin address, one page at a time.',
    description: 'page is an integer >= 1 (1-indexed). Upstream: Ordiscan GET /address/{address}/activity/brc20.',
  }),

  // -- Inscriptions --------------------------------------------------------------------------------------------
  research('getInscriptionInfo', INSCRIPTION_BODY, {
    summary: 'Get one inscription: number, owner, content type, sat, collection.',
    description: 'inscriptionId has the form <txid>i<index>. Upstream: Ordiscan GET /inscription/{id}.',
  }),
  research('getInscriptionTraits', INSCRIPTION_BODY, {
    summary: 'Get the collection traits (attributes) of one inscription.',
    description: 'inscriptionId has the form <txid>i<index>. Upstream: Ordiscan GET /inscription/{id}/traits.',
  }),
  research('inscriptionTransferActivity', INSCRIPTION_BODY, {
    summary: 'Get the transfer history of one inscription.',
    description: 'inscriptionId has the form <txid>i<index>. Upstream: Ordiscan GET /inscription/{id}/activity.',
  }),
  research(
    'getLatestInscriptions',
    body({
      sort: z.enum(['inscription_number_desc', 'inscription_number_asc']),
      after: z.number().int().min(0).optional(),
      before: z.number().int().min(0).optional(),
    }),
    {
      summary: 'List inscriptions in inscription-number order, optionally after / before an inscription number.',
      description:
        'after and before are inscription numbers (integers >= 0) used as cursors. Upstream: Ordiscan GET /inscriptions.',
    },
  ),

  // -- Runes ---------------------------------------------------------------------------------------------------
  research(
    'getLatestRunes',
    body({ sort: NEWEST_OLDEST, after: z.number().optional(), before: z.number().optional() }),
    {
      summary: 'List runes newest or oldest first, optionally after / before a rune number.',
      description: 'after and before are rune-number cursors. Upstream: Ordiscan GET /runes?sort=newest|oldest.',
    },
  ),
  research('getRuneInfo', RUNE_NAME_BODY, {
    summary: 'Get one rune: id, supply, divisibility, symbol, mint terms, etching.',
    description: `${RUNE_NAME_NOTE} Upstream: Ordiscan GET /rune/{name}.`,
  }),
  research('getRuneMarketInfo', RUNE_NAME_BODY, {
    summary: 'Get the market data of one rune: price in sats and USD, market cap.',
    description: `${RUNE_NAME_NOTE} Upstream: Ordiscan GET /rune/{name}/market. If it reports a zero price, try getMarketRunePrice.`,
  }),
  research('checkRuneUnlock', RUNE_NAME_BODY, {
    summary: 'Check whether a rune name is already etched or when it unlocks for etching.',
    description: `${RUNE_NAME_NOTE} Upstream: Ordiscan GET /rune-name/{name}.`,
  }),

  // -- Ordinals collections ------------------------------------------------------------------------------------
  research('getBitcoinCollections', body({ page: PAGE.optional() }), {
    summary: 'List Bitcoin ordinals collections, one page at a time.',
    description: 'page is an integer >= 1 (1-indexed). Upstream: Ordiscan GET /collections.',
  }),
  research('getCollectionInfo', COLLECTION_SLUG_BODY, {
    summary: 'Get one ordinals collection by slug: name, supply, description, links.',
    description:
      'slug is the collection slug (non-empty), e.g. "bitcoin-puppets". Upstream: Ordiscan GET /collection/{slug}.',
  }),
  research('getCollectionInscriptions', COLLECTION_SLUG_BODY, {
    summary: 'List the inscriptions of one ordinals collection.',
    description: 'slug is the collection slug (non-empty). Upstream: Ordiscan GET /collection/{slug}/inscriptions.',
  }),
  research('getCollectionMarketInfo', COLLECTION_SLUG_BODY, {
    summary: 'Get the market data of one ordinals collection: floor price, market cap, volume.',
    description:
      'slug is the collection slug (non-empty). Answers { data: { floor_price_in_sats, floor_price_in_usd, ' +
      'market_cap_in_btc, market_cap_in_usd } } (market cap: floor x items). Upstream: Ordiscan GET ' +
      '/collection/{slug}/market. Sandbox: the floor is the lowest valid ask of its items resting on the sandbox ' +
      "marketplace's order book (0 while none is listed).",
  }),
  research('getCollectionVolume', body({ collectionSymbol: IDENT }), {
    summary: 'Get the trading volume of one ordinals collection on the marketplace.',
    description:
      'collectionSymbol is the marketplace collection symbol (non-empty; the collection slug in sandbox). Answers ' +
      "Magic Eden's stats { symbol, totalVolume, floorPrice, owners, supply, totalListed, pendingTransactions, " +
      '… }, numbers as strings, prices and volume in sats. Upstream: Magic Eden GET /v2/ord/btc/stat.',
  }),
  research('getTopCollectionsByVolume', TOP_COLLECTIONS_BODY, {
    summary: 'List the ordinals collections with the highest trading volume.',
    description:
      'limit: number 1 to 50, default 20. Answers { collections: [{ rank, symbol, name, floorPriceBtc, ' +
      'floorPriceUsd, marketCapBtc, marketCapUsd, volume24hBtc, volume24hUsd, sales24h, supply, owners }], btcUsd }, ' +
      'highest 24h volume first. Upstream: Magic Eden GET /collection_stats/search/bitcoin (sort=volume, window=1d).',
  }),
  research('getTopCollectionsByFloor', TOP_COLLECTIONS_BODY, {
    summary: 'List the ordinals collections with the highest floor price.',
    description:
      'Designed (the spec lists this tool by name only and does not show its fields): it takes the same body as ' +
      "getTopCollectionsByVolume, limit (number 1 to 50, default 20, the spec's Bitcoin top-lists limit), matching " +
      'the real tool\'s single "limit (max 50)" argument, and answers the same list as getTopCollectionsByVolume, ' +
      'highest floorPriceBtc first. Upstream: Magic Eden GET /collection_stats/search/bitcoin (sort=floorPrice, ' +
      "window=1d). Sandbox: the floor is the lowest valid ask of the collection's items on the sandbox marketplace's " +
      'order book (0 while none is listed).',
  }),

  // -- Alkanes -------------------------------------------------------------------------------------------------
  research(
    'listAlkanes',
    body({
      sort: NEWEST_OLDEST,
      type: z.enum(['TOKEN', 'CONTRACT', 'NFT_COLLECTION', 'NFT_ITEM']),
      page: PAGE.optional(),
    }),
    {
      summary: 'List alkanes of one type (token, contract, NFT collection, NFT item), newest or oldest first.',
      description: 'page is an integer >= 1 (1-indexed). Upstream: Ordiscan GET /alkanes.',
    },
  ),
  research('getAlkaneInfo', body({ id: ALKANE_ID }), {
    summary: 'Get one alkane by id: name, symbol, type, supply.',
    description: 'id has the form block:tx, e.g. "2:0". Upstream: Ordiscan GET /alkane/{id}.',
  }),

  // -- BRC-20 --------------------------------------------------------------------------------------------------
  research('listBRC20Tokens', body({ sort: NEWEST_OLDEST, page: PAGE.optional() }), {
    summary: 'List BRC-20 tokens newest or oldest first, one page at a time.',
    description: 'page is an integer >= 1 (1-indexed). Upstream: Ordiscan GET /brc20.',
  }),
  research('getBRC20TokenInfo', body({ ticker: IDENT }), {
    summary: 'Get one BRC-20 token by ticker: supply, minted, holders, price.',
    description:
      'ticker is case-insensitive (non-empty); the service lower-cases it for the lookup. Upstream: Ordiscan GET /brc20/{tick}.',
  }),

  // -- Sats ----------------------------------------------------------------------------------------------------
  research('rareSatsForUTXO', UTXO_BODY, {
    summary: 'List the rare / exotic sats inside one UTXO.',
    description: 'utxoId has the form txid:vout. Upstream: Ordiscan GET /utxo/{txid:vout}/rare-sats.',
  }),
  research('getSatRangesForUTXO', UTXO_BODY, {
    summary: 'List the sat ranges contained in one UTXO.',
    description: 'utxoId has the form txid:vout. Upstream: Ordiscan GET /utxo/{txid:vout}/sat-ranges.',
  }),

  // -- Stamps and SRC-20 ---------------------------------------------------------------------------------------
  research('getStamp', body({ stampId: STAMP_NUMBER }), {
    summary: 'Get one Bitcoin Stamp by stamp number.',
    description:
      'stampId is a numeric string (the stamp number); cursed stamps have negative numbers, so a leading "-" is ' +
      'accepted. Upstream: Stampchain GET /stamps/{id}.',
  }),
  research(
    'searchStamps',
    body({
      query: z.string().optional(),
      creator: z.string().optional(),
      collection_id: z.string().optional(),
      cpid: z.string().optional(),
      is_btc_stamp: z.boolean().optional(),
      is_cursed: z.boolean().optional(),
      sort_order: ASC_DESC.optional(),
      page: PAGE.optional(),
      page_size: z.number().int().min(1).max(100).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }),
    {
      summary: 'Search Bitcoin Stamps by text, creator, collection, CPID and flags.',
      description:
        'page is an integer >= 1; page_size and limit are integers 1 to 100 (limit wins when both are given). ' +
        'Upstream: Stampchain GET /stamps with these filters as query parameters.',
    },
  ),
  research('getRecentStamps', body({ limit: z.number().int().min(1).max(100).default(10) }), {
    summary: 'List the most recently created Bitcoin Stamps.',
    description: 'limit: integer 1 to 100, default 10. Upstream: Stampchain GET /stamps.',
  }),
  research('getSRC20Token', body({ tick: IDENT }), {
    summary: 'Get one SRC-20 token by tick: deploy data, supply, mint progress, holders.',
    description:
      'tick is case-insensitive (non-empty); the service upper-cases it for the lookup. ' +
      'Upstream: Stampchain GET /src20/tick/{tick}/deploy (the deploy and its mint status).',
  }),
  research(
    'searchSRC20Tokens',
    body({
      query: z.string().optional(),
      deployer: z.string().min(26).max(62).optional(),
      sort_by: z.enum(['deploy_timestamp', 'holders', 'percent_minted']).optional(),
      sort_order: ASC_DESC.optional(),
      page: z.number().int().min(1).max(10000).default(5),
      page_size: z.number().int().min(1).max(100).optional(),
    }),
    {
      summary: 'Search SRC-20 tokens by text or deployer, sorted by deploy time, holders or mint progress.',
      description:
        'deployer is a Bitcoin address string of 26 to 62 characters; page is an integer 1 to 10000 and defaults to 5 ' +
        '(as the spec states); page_size is an integer 1 to 100. Upstream: Stampchain GET /src20/search.',
    },
  ),

  // -- Market rankings -----------------------------------------------------------------------------------------
  research('getTopRunesByMarketCap', TOP_BY_MARKET_CAP_BODY, {
    summary: 'List the runes with the highest market cap.',
    description:
      'limit: number 1 to 50, default 20; minMarketCap: USD floor on market cap. Answers { runes: [{ rank, rune, ' +
      'unitPriceSats, priceUsd, marketCapBtc, marketCapUsd, volume24hBtc, volume24hUsd, sales24h, … }], btcUsd }. ' +
      'Upstream: Magic Eden GET /v2/ord/btc/runes/collection_stats/search (sort=marketCap, window=1d).',
  }),
  research('getTopBRC20ByMarketCap', TOP_BY_MARKET_CAP_BODY, {
    summary: 'List the BRC-20 tokens with the highest market cap.',
    description:
      'limit: number 1 to 50, default 20; minMarketCap: USD floor on market cap. Answers { tokens: [{ rank, tick, ' +
      'priceSats, priceUsd, marketCapBtc, marketCapUsd, volume24hBtc, volume24hUsd, sales24h }], btcUsd } (price per ' +
      'whole token; market cap: price x minted supply). Upstream: UniSat POST /v3/market/brc20/auction/brc20_types ' +
      '(day1). Sandbox: from sales of BRC-20 transfer inscriptions (price / transferred amount).',
  }),
  research('getTopRunesByVolume', TOP_BY_VOLUME_BODY, {
    summary: 'List the runes with the highest 24h trading volume.',
    description:
      'limit: number 1 to 50, default 20; minVolume: USD floor on 24h volume. Answers the same list as ' +
      'getTopRunesByMarketCap, ordered by volume24hUsd. Upstream: Magic Eden GET ' +
      '/v2/ord/btc/runes/collection_stats/search (sort=volume, window=1d).',
  }),
  research('getTopBRC20ByVolume', TOP_BY_VOLUME_BODY, {
    summary: 'List the BRC-20 tokens with the highest 24h trading volume.',
    description:
      'limit: number 1 to 50, default 20; minVolume: USD floor on 24h volume. Answers the same list as ' +
      'getTopBRC20ByMarketCap, ordered by volume24hUsd. Upstream: UniSat POST /v3/market/brc20/auction/brc20_types ' +
      '(day1).',
  }),
  research('getMarketRunePrice', body({ runeName: RUNE_NAME }), {
    summary: "Get a rune's marketplace price data (floor, volume), a second source when getRuneMarketInfo shows zero.",
    description:
      'Designed (the spec lists this tool by name only): one required field runeName, named as in the real tool ' +
      `(getMagicEdenRunePrice). ${RUNE_NAME_NOTE} Answers Magic Eden's rune market info: { rune, divisibility, ` +
      'totalSupply, floorUnitPrice: { formatted, value } (sats per unit), marketCap (BTC), volume (sats per window), … }. ' +
      'Upstream: Magic Eden GET /v2/ord/btc/runes/market/{rune}/info.',
  }),

  // -- Coin prices (CoinGecko) ---------------------------------------------------------------------------------
  coinPriceTool('getTrendingCoins', emptyBody(), {
    summary: 'List the coins trending on the market-data site in the last 24 hours.',
    description: 'Takes {}. Upstream: CoinGecko GET /search/trending.',
  }),
  coinPriceTool('searchCryptoByName', body({ query: IDENT }), {
    summary: 'Find coins by name or symbol; returns coin ids, symbols and market-cap ranks.',
    description: 'query is non-empty text. Upstream: CoinGecko GET /search?query=.',
  }),
  coinPriceTool('getCryptoPrice', body({ coinId: COIN_ID }), {
    summary: 'Get the USD price and 24h change of BTC, ETH, SOL, BNB or HBAR.',
    description:
      'coinId: one of btc, bitcoin, eth, ethereum, sol, solana, bnb, binancecoin, hbar, hedera (ticker and coin-id ' +
      'aliases of the same five coins). Upstream: CoinGecko GET /simple/price.',
  }),

  // -- The caller's Bitcoin vault (names-only tools, designed) -------------------------------------------------
  vaultTool('getBTCBalances', OWN_WALLET_BODY, 'read', {
    summary: "Get the native BTC balance of your vault's taproot and segwit addresses, in BTC and sats.",
    description:
      "Designed: takes {} like the real tool; it reads the caller's own vault (its taproot P2TR and native-segwit P2WPKH " +
      'addresses) and excludes runes, inscriptions and Counterparty assets (use getUtxoRunes, ' +
      'getInscriptionsByAddress, getXCPBalances). Upstream: address balances from a Bitcoin indexer ' +
      `(mempool/esplora style). ${WALLET_NOTE}`,
  }),
  vaultTool('getXCPBalances', OWN_WALLET_BODY, 'read', {
    summary: "Get the Counterparty holdings (XCP, named assets, stamps, rare pepes) of your vault's Bitcoin addresses.",
    description:
      "Designed: takes {} like the real tool; it reads the caller's own Bitcoin addresses, the native-segwit P2WPKH " +
      'address (where sendXCP sends from) and the taproot P2TR address, the two getBTCBalances reads (counterparty-core ' +
      'v10 indexes segwit and taproot addresses). Quantities come human-readable and as exact atomic integers. Upstream: ' +
      `Counterparty API v2 GET /v2/addresses/{address}/balances, with asset supply and divisibility. ${WALLET_NOTE}`,
  }),
  vaultTool(
    'transferBTC',
    body({
      to: BTC_ADDRESS,
      amount: BTC_AMOUNT,
      feeRate: FEE_RATE.optional(),
      addressType: z
        .enum(['segwit', 'taproot'])
        .default('segwit')
        .describe('Which vault address pays: segwit (default, the payment address) or taproot.'),
    }),
    'write',
    {
      summary: 'Send BTC from your vault to a Bitcoin address.',
      description:
        'Designed (the spec lists this tool by name only): to* (Bitcoin address), amount* in BTC as a decimal string ' +
        'with at most 8 decimals ("0.0015" = 150000 sats; chosen over sats to match the other POSDEC amounts of the ' +
        "catalog and wallet CLIs such as Xverse's `bitcoin send --amount <btc>`), feeRate (sat/vB, 0.1 to 2000), " +
        'addressType: which vault address funds the send, segwit (default) or taproot. Segwit is the default ' +
        'because the taproot address holds inscriptions and runes, which a careless BTC spend could move or burn; ' +
        'the handler only spends UTXOs that carry no inscription or rune. Amounts below the dust limit of the ' +
        `output type are rejected by the handler. Built as a PSBT, signed by the vault and broadcast. ${SEND_NOTE} ${WALLET_NOTE}`,
    },
  ),
  vaultTool(
    'sendRunes',
    body({ runeName: RUNE_NAME, amount: RUNE_AMOUNT, to: BTC_ADDRESS, feeRate: FEE_RATE.optional() }),
    'write',
    {
      summary: "Send an amount of one rune from your vault's taproot address to a Bitcoin address.",
      description:
        'Designed (the spec lists this tool by name only), after Xverse sats-connect runes_transfer {runeName, ' +
        'amount, address}: runeName*, amount* in display units as a decimal string (the handler scales by the ' +
        "rune's divisibility and rejects more decimals than it allows), to* (a taproot address is recommended for " +
        "runes), feeRate (sat/vB). The transaction carries a Runestone edict; leftover runes return to the vault's " +
        `taproot address. ${RUNE_NAME_NOTE} ${SEND_NOTE} ${WALLET_NOTE}`,
    },
  ),
  vaultTool(
    'sendInscription',
    body({ inscriptionId: INSCRIPTION_ID, to: BTC_ADDRESS, feeRate: FEE_RATE.optional() }),
    'write',
    {
      summary: 'Send one inscription (ordinal) from your vault to a Bitcoin address.',
      description:
        'Designed (the spec lists this tool by name only) after `ord wallet send --fee-rate <RATE> <ADDRESS> ' +
        '<INSCRIPTION_ID>` and Xverse sats-connect inscription transfers: inscriptionId* (<txid>i<index>, must be held by the ' +
        'vault), to* (a taproot address is recommended), feeRate (sat/vB). The handler moves the UTXO holding the ' +
        "inscription, keeping the inscribed sat in the recipient's output, and pays fees from the segwit address. " +
        `${SEND_NOTE} ${WALLET_NOTE}`,
    },
  ),
  vaultTool(
    'sendXCP',
    body({ asset: XCP_ASSET, quantity: XCP_QUANTITY, destination: BTC_ADDRESS, feeRate: FEE_RATE.optional() }),
    'write',
    {
      summary:
        'Send a Counterparty asset (XCP, a named asset, stamp or subasset) from your vault to a Bitcoin address.',
      description:
        'Designed (the spec lists this tool by name only) after Counterparty API v2 compose send ' +
        '(GET /v2/addresses/{address}/compose/send?asset=&quantity=&destination=&sat_per_vbyte=): asset* (upper-case ' +
        'Counterparty asset name, e.g. XCP, RAREPEPE, A12345678901234567, PARENT.child), quantity* in display units ' +
        '(the handler multiplies by 10^8 for divisible assets and rejects fractions for indivisible ones), ' +
        "destination* (Bitcoin address), feeRate (sat/vB, sent as sat_per_vbyte). The source is the vault's " +
        `native-segwit (P2WPKH) address, which also pays the BTC fee (change back to it). ${SEND_NOTE} ${WALLET_NOTE}`,
    },
  ),
];
