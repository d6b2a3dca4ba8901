import { z } from 'zod';
import type { ToolOutputs } from './tool-outputs.js';

/**
 * The Bitcoin Stamps and SRC-20 tools' answers: Stampchain API v2 bodies (stampchain-io/BTCStampsExplorer
 * schema.yml: StampRow, StampBalance, Src20Detail, MintStatus and their paginated envelopes), so an agent reads both
 * modes alike. Stampchain writes some fields as numbers or strings and leaves many null (a cursed stamp may have no
 * URL or type); those are typed as it sends them. Objects stay open: the sandbox adds `is_btc_stamp`, `is_cursed`.
 */

const NUMBER_OR_STRING = z.union([z.number(), z.string()]);
/** Stampchain's 0/1 flags (some routes send booleans). */
const FLAG = z.union([z.number(), z.boolean()]).nullable();

const stampRow = z.object({
  stamp: z.number().int().nullable(),
  block_index: z.number().int(),
  cpid: z.string(),
  creator: z.string(),
  tx_hash: z.string(),
  ident: z.string(),
  stamp_url: z.string().nullable(),
  stamp_mimetype: z.string().nullable(),
  divisible: FLAG.optional(),
  locked: FLAG.optional(),
  supply: NUMBER_OR_STRING.nullable().optional(),
});

const stampBalance = stampRow.extend({ balance: NUMBER_OR_STRING });

/** Stampchain's Pagination fields beside `data`. */
const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    last_block: z.number().int(),
    data: z.array(item),
  });

const src20Detail = z.object({
  tx_hash: z.string(),
  block_index: z.number().int(),
  p: z.string(),
  op: z.string(),
  tick: z.string(),
  creator: z.string(),
  amt: NUMBER_OR_STRING.nullable(),
  deci: z.number().int().nullable(),
  lim: NUMBER_OR_STRING.nullable(),
  max: NUMBER_OR_STRING.nullable(),
  destination: z.string().nullable(),
  block_time: z.string(),
});

const mintStatus = z.object({
  max_supply: z.string().nullable(),
  total_minted: z.string().nullable(),
  limit: NUMBER_OR_STRING.nullable(),
  total_mints: z.number().int(),
  progress: NUMBER_OR_STRING,
  decimals: z.number().int(),
});

export const STAMPS_OUTPUTS: ToolOutputs = {
  getStamp: z.object({ last_block: z.number().int(), data: z.object({ stamp: stampRow }) }),
  getStampsByAddress: paginated(stampBalance),
  getRecentStamps: paginated(stampRow),
  searchStamps: paginated(stampRow),
  getSRC20Token: z.object({ last_block: z.number().int(), mint_status: mintStatus, data: src20Detail }),
  // GET /src20/search answers `{ data }` of deploy summaries; the sandbox adds the pagination fields.
  searchSRC20Tokens: z.object({
    data: z.array(
      z.object({
        tick: z.string(),
        max_supply: NUMBER_OR_STRING.nullable(),
        lim: NUMBER_OR_STRING.nullable(),
        decimals: z.number().int().nullable(),
        total_mints: z.number().int(),
        total_minted: NUMBER_OR_STRING,
        progress: NUMBER_OR_STRING.optional(),
        holders: z.number().int().optional(),
      }),
    ),
  }),
};
