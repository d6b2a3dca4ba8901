import type { Handler } from '../handler.js';
import type { Brc20Token } from '../ports/bitcoin-index.js';
import { isoTime, mainnetAddress, notFound, ordinalsIndexOf, ordiscanOf, pageOf } from './ordinals-index.js';

/**
 * BRC-20 tokens: Ordiscan's in live mode; in sandbox mode, the sandbox ord index's, derived from the chain's BRC-20
 * inscriptions by the indexing rules (brc20.ts there). Amounts are whole tokens as numbers (Ordiscan's shape); tickers
 * are upper case as Ordiscan writes them.
 */

/** A token in Ordiscan's shape (its `Brc20Token`); the sandbox has no BRC-20 market, so no price. */
const tokenJson = (token: Brc20Token) => ({
  tick: token.tick.toUpperCase(),
  inscription_id: token.deployInscription,
  minted: Number(token.minted),
  max_supply: Number(token.max),
  price: null,
  decimals: token.decimals,
  mint_limit: Number(token.limit),
  holders: token.holders,
});

/** Output: `{ data: Brc20Token[] }`, 20 a page, by deploy order (newest or oldest first). */
export const listBRC20Tokens: Handler<'listBRC20Tokens'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.brc20Tokens({ sort: input.sort, page: input.page });
  const tokens = [...(await ordinalsIndexOf(context, 'listBRC20Tokens').brc20Tokens())];
  const ordered = input.sort === 'newest' ? tokens.reverse() : tokens;
  return { data: pageOf(ordered, input.page).map(tokenJson) };
};

/** Output: `{ data: Brc20Token }`; the ticker is looked up in lower case. */
export const getBRC20TokenInfo: Handler<'getBRC20TokenInfo'> = async (input, context) => {
  const tick = input.ticker.toLowerCase();
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.brc20Token(tick);
  const tokens = await ordinalsIndexOf(context, 'getBRC20TokenInfo').brc20Tokens();
  const token = tokens.find((known) => known.tick.toLowerCase() === tick);
  if (!token) throw notFound(`BRC-20 token ${input.ticker}`);
  return { data: tokenJson(token) };
};

/**
 * Output: `{ data: Brc20Activity[] }`, newest first, 20 a page: DEPLOY and MINT (to the inscriber), INSCRIBE_TRANSFER
 * (to the inscriber, whose amount waits as transferable) and TRANSFER (sender to receiver, back to the sender when the
 * inscription went to a fee, to null when burned).
 */
export const getBRC20Activity: Handler<'getBRC20Activity'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressBrc20Activity(address, input.page);
  const events = await ordinalsIndexOf(context, 'getBRC20Activity').brc20ActivityOf(address);
  return {
    data: pageOf(events, input.page).map((event) => ({
      ticker: event.tick.toUpperCase(),
      type: event.type,
      from_address: event.from,
      to_address: event.to,
      amount: Number(event.amount),
      inscription_id: event.inscriptionId,
      timestamp: isoTime(event.time),
    })),
  };
};
