import type { Handler } from '../handler.js';
import { isoTime, notFound } from '../ordinals/ordinals-index.js';
import type { Src20Token } from '../ports/stamps-index.js';
import { paginated, src20Detail, stampchainOf, stampsIndexOf } from './stamps-source.js';

/** Stampchain's SRC-20 search answers ten tokens when asked no page size. */
const SEARCH_PAGE_SIZE = 10;

/** A tick as looked up: upper case (SRC-20 ticks are case-insensitive). */
const tickKey = (tick: string) => tick.toUpperCase();

/**
 * Output: Stampchain's TickResponseBody, `{ last_block, mint_status, data }`: the deploy (Src20Detail) and its mint
 * progress (max_supply, total_minted, limit, total_mints, progress in percent, decimals). The sandbox adds the holder
 * count to mint_status and `holders`, every holder's balance, largest first. 404 for a tick never deployed.
 */
export const getSRC20Token: Handler<'getSRC20Token'> = async (input, context) => {
  const tick = tickKey(input.tick);
  const stampchain = stampchainOf(context);
  if (stampchain) return stampchain.src20Token(tick);
  const index = stampsIndexOf(context, 'getSRC20Token');
  const token = (await index.src20Tokens()).find((known) => known.tick === tick);
  if (!token) throw notFound(`SRC-20 token ${tick}`);
  return {
    last_block: await index.lastBlock(),
    mint_status: {
      max_supply: token.max,
      total_minted: token.minted,
      limit: token.lim,
      total_mints: token.mints,
      progress: String(token.progress),
      decimals: token.dec,
      holders: token.holders.length,
    },
    data: src20Detail(token.deploy),
    holders: token.holders,
  };
};

const SORTS: Record<'deploy_timestamp' | 'holders' | 'percent_minted', (token: Src20Token) => number> = {
  deploy_timestamp: (token) => token.deploy.time,
  holders: (token) => token.holders.length,
  percent_minted: (token) => token.progress,
};

/**
 * Output: `{ data }` of deploy summaries, the row shape of Stampchain's /src20/search (tick, max_supply, lim,
 * decimals, total_mints, total_minted, progress, holders) with the deploy's transaction, block, deployer and time;
 * the sandbox adds Stampchain's pagination fields. Tokens match `query` in their tick, deploy txid or deployer, and
 * `deployer` exactly; sorted by `sort_by` (deploy time unless given), `sort_order` DESC unless ASC; `page` (default
 * 5, as the spec writes it) of `page_size` (default 10).
 */
export const searchSRC20Tokens: Handler<'searchSRC20Tokens'> = async (input, context) => {
  const stampchain = stampchainOf(context);
  if (stampchain) return stampchain.searchSrc20(input);
  const index = stampsIndexOf(context, 'searchSRC20Tokens');
  const text = input.query?.trim().toLowerCase();
  const found = (await index.src20Tokens()).filter(
    (token) =>
      (!text ||
        [token.tick, token.deploy.txid, token.deploy.creator].some((field) => field.toLowerCase().includes(text))) &&
      (input.deployer === undefined || token.deploy.creator === input.deployer),
  );
  const key = SORTS[input.sort_by ?? 'deploy_timestamp'];
  const sign = input.sort_order === 'ASC' ? 1 : -1;
  // Ties (tokens deployed in the same second, equal holders) keep deploy order in the direction asked.
  const sorted = [...found].sort((a, b) => sign * (key(a) - key(b) || a.deploy.height - b.deploy.height));
  const rows = sorted.map((token) => ({
    tick: token.tick,
    tx_hash: token.deploy.txid,
    block_index: token.deploy.height,
    creator: token.deploy.creator,
    deploy_timestamp: isoTime(token.deploy.time),
    max_supply: token.max,
    lim: token.lim,
    decimals: token.dec,
    total_mints: token.mints,
    total_minted: token.minted,
    progress: String(token.progress),
    holders: token.holders.length,
  }));
  return paginated(rows, input.page, input.page_size ?? SEARCH_PAGE_SIZE, await index.lastBlock());
};
