import type { Handler } from '../handler.js';
import type { BitcoinIndex, OrdinalsOutput, RareSat } from '../ports/bitcoin-index.js';
import { mainnetAddress, notFound, ordinalsIndexOf, ordiscanOf, rangesJson } from './ordinals-index.js';

/** Rare sats grouped by satribute as Ordiscan answers them: `[{ satributes: [...], ranges: [[sat, sat + 1]] }]`. */
function bySatribute(sats: readonly RareSat[]) {
  const groups = new Map<string, [bigint, bigint][]>();
  for (const sat of sats) groups.set(sat.rarity, [...(groups.get(sat.rarity) ?? []), [sat.sat, sat.sat + 1n]]);
  return [...groups].map(([rarity, ranges]) => ({ satributes: [rarity], ranges: rangesJson(ranges) }));
}

async function unspent(index: BitcoinIndex, utxoId: string): Promise<OrdinalsOutput> {
  const [txid, vout] = utxoId.toLowerCase().split(':') as [string, string];
  const output = await index.output(txid, Number(vout));
  if (!output) throw notFound(`Unspent output ${utxoId}`);
  return output;
}

/** Output: `{ data: [{ satributes, ranges }] }`, the rare sats across the address's unspent outputs. */
export const getRareSats: Handler<'getRareSats'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressRareSats(address);
  const index = ordinalsIndexOf(context, 'getRareSats');
  const outputs = await index.outputsOf(address);
  return { data: bySatribute(await index.rareSats(outputs.flatMap((output) => output.satRanges))) };
};

/** Output: `{ data: [{ satributes, ranges }] }`, the rare sats of one unspent output; 404 when spent or unknown. */
export const rareSatsForUTXO: Handler<'rareSatsForUTXO'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.utxoRareSats(input.utxoId.toLowerCase());
  const index = ordinalsIndexOf(context, 'rareSatsForUTXO');
  return { data: bySatribute(await index.rareSats((await unspent(index, input.utxoId)).satRanges)) };
};

/** Output: `{ data: [[start, end]] }`, the output's sat ranges in order (end exclusive); 404 when spent or unknown. */
export const getSatRangesForUTXO: Handler<'getSatRangesForUTXO'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.utxoSatRanges(input.utxoId.toLowerCase());
  const output = await unspent(ordinalsIndexOf(context, 'getSatRangesForUTXO'), input.utxoId);
  return { data: rangesJson(output.satRanges) };
};
