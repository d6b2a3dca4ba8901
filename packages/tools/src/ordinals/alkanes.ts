import type { Handler } from '../handler.js';
import type { AlkaneOutput, BitcoinIndex, OrdinalsAlkane } from '../ports/bitcoin-index.js';
import { isoTime, mainnetAddress, notFound, ordinalsIndexOf, ordiscanOf, pageOf } from './ordinals-index.js';

/**
 * An alkane in Ordiscan's shape (its `Alkane`). Sandbox alkanes are granted by the faucet rather than deployed and
 * minted by contract call (the sandbox has no alkanes VM): there is no deploy transaction or premine or logo,
 * `deploy_timestamp` is the first grant's block time (null before any), and the mint terms are the mainnet
 * contract's as the sandbox seeds them.
 */
const alkaneJson = (alkane: OrdinalsAlkane) => ({
  id: alkane.id,
  name: alkane.name,
  symbol: alkane.symbol,
  type: alkane.type,
  logo_url: null,
  premined_supply: '0',
  amount_per_mint: alkane.amountPerMint?.toString() ?? null,
  mint_count_cap: alkane.mintCountCap?.toString() ?? null,
  deploy_txid: null,
  deploy_timestamp: alkane.firstMint ? isoTime(alkane.firstMint.time) : null,
});

/** Balances (atomic, as strings) per alkane, named as Ordiscan names them. */
function balancesJson(held: ReadonlyMap<string, bigint>, alkanes: readonly OrdinalsAlkane[]) {
  return [...held].map(([id, amount]) => {
    const alkane = alkanes.find((known) => known.id === id);
    return { id, name: alkane?.name ?? null, symbol: alkane?.symbol ?? null, balance: amount.toString() };
  });
}

async function alkaneOutputs(
  index: BitcoinIndex,
  address: string,
): Promise<[readonly AlkaneOutput[], readonly OrdinalsAlkane[]]> {
  return Promise.all([index.alkaneOutputsOf(address), index.alkanes()]);
}

/** Output: `{ data: Alkane[] }`, 20 alkanes of `type` a page, by id (mainnet's deploy order): newest first or oldest. */
export const listAlkanes: Handler<'listAlkanes'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.alkanes({ sort: input.sort, type: input.type, page: input.page });
  const alkanes = (await ordinalsIndexOf(context, 'listAlkanes').alkanes()).filter(
    (alkane) => alkane.type === input.type,
  );
  const ordered = input.sort === 'newest' ? [...alkanes].reverse() : alkanes;
  return { data: pageOf(ordered, input.page).map(alkaneJson) };
};

/**
 * Output: `{ data: AlkaneWithSupply }`: `current_supply` (atomic) and `current_mint_count` are what the faucet has
 * granted and in how many grants; the sandbox adds `burned` (atomic) and `holders` (addresses holding some now).
 * 404 for an alkane the sandbox does not have.
 */
export const getAlkaneInfo: Handler<'getAlkaneInfo'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.alkane(input.id);
  const alkane = (await ordinalsIndexOf(context, 'getAlkaneInfo').alkanes()).find((known) => known.id === input.id);
  if (!alkane) throw notFound(`Alkane ${input.id}`);
  return {
    data: {
      ...alkaneJson(alkane),
      current_supply: alkane.minted.toString(),
      current_mint_count: alkane.mints,
      burned: alkane.burned.toString(),
      holders: alkane.holders,
    },
  };
};

/** Output: `{ data: [{ id, name, symbol, balance }] }`, atomic balances summed over the address's unspent outputs. */
export const getAlkaneAddressBalance: Handler<'getAlkaneAddressBalance'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressAlkanes(address);
  const [outputs, alkanes] = await alkaneOutputs(ordinalsIndexOf(context, 'getAlkaneAddressBalance'), address);
  const total = new Map<string, bigint>();
  for (const output of outputs)
    for (const [id, amount] of output.alkanes) total.set(id, (total.get(id) ?? 0n) + amount);
  return { data: balancesJson(total, alkanes) };
};

/** Output: `{ data: [{ outpoint, value, alkanes: [{ id, name, symbol, balance }] }] }`, the outputs carrying alkanes. */
export const getAlkaneAddressUTXOs: Handler<'getAlkaneAddressUTXOs'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressAlkaneUtxos(address);
  const [outputs, alkanes] = await alkaneOutputs(ordinalsIndexOf(context, 'getAlkaneAddressUTXOs'), address);
  return {
    data: outputs.map((output) => ({
      outpoint: `${output.txid}:${output.vout}`,
      value: Number(output.value),
      alkanes: balancesJson(output.alkanes, alkanes),
    })),
  };
};
