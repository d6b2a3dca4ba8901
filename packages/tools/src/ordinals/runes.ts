import { invalidField } from '@svc/contracts';
import type { Handler } from '../handler.js';
import type { BitcoinIndex, OrdinalsOutput, OrdinalsRune, RuneMove } from '../ports/bitcoin-index.js';
import {
  isoTime,
  mainnetAddress,
  notFound,
  ordinalsIndexOf,
  ordiscanOf,
  pageOf,
  PAGE_SIZE,
  runeKey,
} from './ordinals-index.js';

/**
 * A rune in Ordiscan's shape (its `RuneWithSupply`). Sandbox runes are issued by the faucet rather than etched on the
 * sandbox chain: each grant counts as a mint (`current_mint_count`, `current_supply` = what was granted, in atomic
 * units), there are no mint terms or premine (`"0"`, null blocks), no etching transaction, and `timestamp_unix` is the
 * first grant's block time (null before any). `burned` (atomic) is added.
 */
const runeJson = (rune: OrdinalsRune) => ({
  id: rune.id,
  name: rune.name,
  formatted_name: rune.spacedName,
  spacers: rune.spacers,
  number: rune.number,
  inscription_id: null,
  decimals: rune.divisibility,
  mint_count_cap: '0',
  symbol: rune.symbol,
  etching_txid: null,
  amount_per_mint: '0',
  timestamp_unix: rune.firstMint ? String(rune.firstMint.time) : null,
  premined_supply: '0',
  mint_start_block: null,
  mint_end_block: null,
  current_supply: rune.granted.toString(),
  current_mint_count: rune.mints,
  burned: rune.burned.toString(),
});

/** Rune id → name (upper case, no spacers), as Ordiscan names runes in balances and transactions. */
async function namesOf(index: BitcoinIndex): Promise<(id: string) => string> {
  const runes = await index.runes();
  return (id) => runes.find((rune) => rune.id === id)?.name ?? id;
}

/** Balances (atomic, as strings) per rune name. */
function balancesJson(held: ReadonlyMap<string, bigint>, nameOf: (id: string) => string) {
  return [...held].map(([id, amount]) => ({ name: nameOf(id), balance: amount.toString() }));
}

/** Output: `{ data: Rune[] }`, 20 runes by rune number (newest: highest first), strictly after / before a number. */
export const getLatestRunes: Handler<'getLatestRunes'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.latestRunes({ sort: input.sort, after: input.after, before: input.before });
  const runes = (await ordinalsIndexOf(context, 'getLatestRunes').runes()).filter(
    (rune) =>
      (input.after === undefined || rune.number > input.after) &&
      (input.before === undefined || rune.number < input.before),
  );
  const ordered = input.sort === 'newest' ? runes.reverse() : runes;
  return { data: ordered.slice(0, PAGE_SIZE).map(runeJson) };
};

/** Output: `{ data: RuneWithSupply }`; 404 for a rune the sandbox does not have. */
export const getRuneInfo: Handler<'getRuneInfo'> = async (input, context) => {
  const name = runeKey(input.name);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.rune(name);
  const rune = (await ordinalsIndexOf(context, 'getRuneInfo').runes()).find((known) => known.name === name);
  if (!rune) throw notFound(`Rune ${name}`);
  return { data: runeJson(rune) };
};

/**
 * Output: `{ data: { name, status, unlock_block_height, unlock_block_timestamp } }`: ETCHED, RESERVED, AVAILABLE for
 * the next block, or LOCKED until its unlock height (the Runes name schedule at the sandbox scale: see the docs).
 */
export const checkRuneUnlock: Handler<'checkRuneUnlock'> = async (input, context) => {
  const name = runeKey(input.name);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.runeName(name);
  const state = await ordinalsIndexOf(context, 'checkRuneUnlock').runeName(name);
  if (!state) throw invalidField('name', 'too_long', `${name} is beyond the largest rune name (28 letters, u128)`);
  return {
    data: {
      name: state.name,
      status: state.status,
      unlock_block_height: state.unlockHeight,
      unlock_block_timestamp: isoTime(state.unlockTime),
    },
  };
};

/** Output: `{ data: [{ name, balance }] }`, atomic balances summed over the address's unspent outputs. */
export const getRuneBalances: Handler<'getRuneBalances'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressRunes(address);
  const index = ordinalsIndexOf(context, 'getRuneBalances');
  const total = new Map<string, bigint>();
  for (const output of await index.outputsOf(address))
    for (const [rune, amount] of output.runes) total.set(rune, (total.get(rune) ?? 0n) + amount);
  return { data: balancesJson(total, await namesOf(index)) };
};

/** Output: `{ data: [{ outpoint, value, runes: [{ name, balance }], inscriptions }] }`, every unspent output. */
export const getUtxoRunes: Handler<'getUtxoRunes'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressUtxos(address);
  const index = ordinalsIndexOf(context, 'getUtxoRunes');
  const nameOf = await namesOf(index);
  const outputs = await index.outputsOf(address);
  return {
    data: outputs.map((output: OrdinalsOutput) => ({
      outpoint: `${output.txid}:${output.vout}`,
      value: Number(output.value),
      runes: balancesJson(output.runes, nameOf),
      inscriptions: output.inscriptions,
    })),
  };
};

/** Output: `{ data: RunicTx[] }`, the address's runic transactions newest first, 20 a page. */
export const getRunesActivity: Handler<'getRunesActivity'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressRunesActivity(address, input.page);
  const index = ordinalsIndexOf(context, 'getRunesActivity');
  const nameOf = await namesOf(index);
  const move = (runic: RuneMove) => ({
    address: runic.address,
    rune: nameOf(runic.rune),
    rune_amount: runic.amount.toString(),
  });
  const transactions = await index.runeActivityOf(address);
  return {
    data: pageOf(transactions, input.page).map((tx) => ({
      txid: tx.txid,
      runestone_messages: tx.messages.map((message) => ({ rune: nameOf(message.rune), type: message.type })),
      inputs: tx.inputs.map((input) => ({ ...move(input), output: input.output })),
      outputs: tx.outputs.map((output) => ({ ...move(output), vout: Number(output.output.split(':')[1]) })),
      timestamp: isoTime(tx.time),
    })),
  };
};
