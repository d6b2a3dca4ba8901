import { z } from 'zod';
import { ATOMIC, TIMESTAMP } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

/**
 * The Bitcoin research tools' answers: Ordiscan's response bodies (`{ data }`, snake_case fields), so an agent's code
 * reads both modes alike. Sat numbers are numbers (mainnet's stay below 2^53); rune amounts are atomic-unit strings.
 * Fields Ordiscan always fills but the sandbox chain cannot (an owner once an inscription is lost) are nullable.
 */

/** A block's time, ISO 8601 (Ordiscan's timestamps). */
const TIME = TIMESTAMP;
/** A sat number. */
const SAT = z.number().int().min(0);
/** A half-open sat range [start, end). */
const SAT_RANGE = z.tuple([SAT, SAT]);
/** Ordiscan's satribute names (UNCOMMON, RARE, …, and others its live index knows). */
const SATRIBUTES = z.array(z.string());

const inscription = z.object({
  inscription_id: z.string(),
  inscription_number: z.number().int(),
  content_type: z.string().nullable(),
  owner_address: z.string().nullable(),
  owner_output: z.string().nullable(),
  timestamp: TIME,
  metadata: z.union([z.string(), z.record(z.string(), z.union([z.string(), z.number()]))]).nullable(),
  metaprotocol: z.string().nullable(),
  sat: SAT,
  content_url: z.string().nullable(),
  parent_inscription_id: z.string().nullable(),
  delegate_inscription_id: z.string().nullable(),
  satributes: SATRIBUTES,
  submodules: z.array(z.string()),
  genesis_address: z.string().nullable(),
  genesis_output: z.string(),
  collection_slug: z.string().nullable(),
  sats_name: z.string().nullable(),
});

const rune = z.object({
  id: z.string(),
  name: z.string(),
  formatted_name: z.string(),
  spacers: z.number().int(),
  number: z.number().int(),
  inscription_id: z.string().nullable(),
  decimals: z.number().int(),
  mint_count_cap: ATOMIC,
  symbol: z.string().nullable(),
  etching_txid: z.string().nullable(),
  amount_per_mint: ATOMIC,
  timestamp_unix: z.string().nullable(),
  premined_supply: ATOMIC,
  mint_start_block: z.number().int().nullable(),
  mint_end_block: z.number().int().nullable(),
});

const runeBalance = z.object({ name: z.string(), balance: ATOMIC });

/** An alkane as Ordiscan lists it (its SDK's `AlkaneBaseSchema`); amounts are atomic-unit strings. */
const alkane = z.object({
  id: z.string(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  type: z.enum(['TOKEN', 'CONTRACT', 'NFT_COLLECTION', 'NFT_ITEM']),
  logo_url: z.string().nullable(),
  premined_supply: ATOMIC,
  amount_per_mint: ATOMIC.nullable(),
  mint_count_cap: ATOMIC.nullable(),
  deploy_txid: z.string().nullable(),
  deploy_timestamp: TIME.nullable(),
});
const alkaneBalance = z.object({
  id: z.string(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  balance: ATOMIC,
});
const rareSats = z.array(z.object({ satributes: SATRIBUTES, ranges: z.array(SAT_RANGE) }));
const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

const collection = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  twitter_link: z.string().nullable(),
  discord_link: z.string().nullable(),
  website_link: z.string().nullable(),
  item_count: z.number().int(),
});

/** Amounts in whole tokens (Ordiscan's numbers); the sandbox adds decimals, mint limit and holder count. */
const brc20Token = z.object({
  tick: z.string(),
  inscription_id: z.string().nullable(),
  minted: z.number(),
  max_supply: z.number(),
  price: z.number().nullable(),
  decimals: z.number().int().optional(),
  mint_limit: z.number().optional(),
  holders: z.number().int().optional(),
});

export const ORDINALS_OUTPUTS: ToolOutputs = {
  getInscriptionInfo: z.object({ data: inscription }),
  getInscriptionsByAddress: list(inscription),
  getLatestInscriptions: list(inscription),
  getOwnedInscriptionIds: list(z.string()),
  inscriptionTransferActivity: list(
    z.object({
      from_address: z.string().nullable(),
      // null: the inscribed sat went to the fee or an OP_RETURN output (the sandbox has no miner to receive it).
      to_address: z.string().nullable(),
      inscription_id: z.string(),
      spent_as_fee: z.boolean(),
      txid: z.string(),
      confirmed: z.boolean(),
      timestamp: TIME,
    }),
  ),
  getInscriptionActivity: list(
    z.object({
      txid: z.string(),
      type: z.enum(['INSCRIBE', 'RECEIVE', 'SEND']),
      inscription_id: z.string(),
      counterpart_address: z.string().nullable(),
      spent_as_fee: z.boolean(),
      confirmed: z.boolean(),
      timestamp: TIME,
    }),
  ),
  getLatestRunes: list(rune),
  getRuneInfo: z.object({
    data: rune.extend({ current_supply: ATOMIC, current_mint_count: z.number().int() }),
  }),
  checkRuneUnlock: z.object({
    data: z.object({
      name: z.string(),
      status: z.enum(['ETCHED', 'AVAILABLE', 'LOCKED', 'RESERVED']),
      unlock_block_height: z.number().int(),
      unlock_block_timestamp: TIME,
    }),
  }),
  // Prices and market caps as Ordiscan writes them: numbers (0 for a rune nothing has priced).
  getRuneMarketInfo: z.object({
    data: z.object({
      price_in_sats: z.number(),
      price_in_usd: z.number(),
      market_cap_in_btc: z.number(),
      market_cap_in_usd: z.number(),
    }),
  }),
  getRuneBalances: list(runeBalance),
  getUtxoRunes: list(
    z.object({
      outpoint: z.string(),
      value: z.number().int(),
      runes: z.array(runeBalance),
      inscriptions: z.array(z.string()),
    }),
  ),
  getRunesActivity: list(
    z.object({
      txid: z.string(),
      runestone_messages: z.array(z.object({ rune: z.string(), type: z.enum(['TRANSFER', 'MINT', 'ETCH']) })),
      inputs: z.array(
        z.object({ address: z.string().nullable(), output: z.string(), rune: z.string(), rune_amount: ATOMIC }),
      ),
      outputs: z.array(
        z.object({ address: z.string().nullable(), vout: z.number().int(), rune: z.string(), rune_amount: ATOMIC }),
      ),
      timestamp: TIME,
    }),
  ),
  getRareSats: z.object({ data: rareSats }),
  rareSatsForUTXO: z.object({ data: rareSats }),
  getSatRangesForUTXO: list(SAT_RANGE),
  listAlkanes: list(alkane),
  getAlkaneInfo: z.object({
    data: alkane.extend({ current_supply: ATOMIC, current_mint_count: z.number().int() }),
  }),
  getAlkaneAddressBalance: list(alkaneBalance),
  getAlkaneAddressUTXOs: list(
    z.object({ outpoint: z.string(), value: z.number().int(), alkanes: z.array(alkaneBalance) }),
  ),
  // rarity: the share of the collection's items with the trait's value.
  getInscriptionTraits: list(z.object({ name: z.string(), value: z.string(), rarity: z.number() })),
  getBitcoinCollections: list(collection),
  getCollectionInfo: z.object({ data: collection }),
  getCollectionInscriptions: list(z.string()),
  getCollectionMarketInfo: z.object({
    data: z.object({
      floor_price_in_sats: z.number(),
      floor_price_in_usd: z.number(),
      market_cap_in_btc: z.number(),
      market_cap_in_usd: z.number(),
    }),
  }),
  listBRC20Tokens: list(brc20Token),
  getBRC20TokenInfo: z.object({ data: brc20Token }),
  getBRC20Activity: list(
    z.object({
      ticker: z.string(),
      // INSCRIBE_TRANSFER (the sandbox's): a transfer inscribed, its amount set aside until the inscription is sent.
      type: z.enum(['DEPLOY', 'MINT', 'TRANSFER', 'INSCRIBE_TRANSFER']),
      from_address: z.string().nullable(),
      to_address: z.string().nullable(),
      amount: z.number(),
      inscription_id: z.string(),
      timestamp: TIME,
    }),
  ),
};
