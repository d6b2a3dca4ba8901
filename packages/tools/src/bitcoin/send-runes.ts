import { invalidField } from '@svc/contracts';
import { accountVaultKeys, BITCOIN_MAINNET, bitcoinOutputScript, encodeRunestone, parseRuneId } from '@svc/chains';
import { formatUnits, scaleUp } from '@svc/payments';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { esploraOf, ordOf } from './bitcoin-chain.js';
import { alkaneOutpointsOf, withoutAlkanes } from './alkane-carriers.js';
import { cardinalOnly, INPUT_VBYTES, selectCoins } from './coin-selection.js';
import { feeRateFor } from './fee-rate.js';
import { sendVaultTransaction } from './vault-transaction.js';

/** What the recipient's and the rune change's outputs hold: 546 sats, above the dust limit of every output type. */
const RUNE_OUTPUT_SATS = 546n;

/**
 * Sends `amount` of one rune from the vault's taproot address (where runes live, as in Xverse-style wallets) to
 * `to`. Outputs: 0 the runestone (OP_RETURN OP_13) with one edict giving `amount` to output 1, 1 the recipient (546
 * sats), 2 the taproot address again with every rune left over in the spent outputs, and their alkanes (the
 * runestone's pointer; only when something is left), then the BTC change to the segwit address, which pays the fee. Output: `{ txid, network,
 * rune: {id, name, symbol}, amount, atomic, from, to, feePayer, feeSats, feeRate }`.
 */
export const sendRunes: Handler<'sendRunes'> = withCommitPoint(async (input, context) => {
  const { accountId } = callerOf(context);
  const recipient = bitcoinOutputScript(input.to);
  if (!recipient)
    throw invalidField(
      'to',
      'format',
      `${input.to} is not a valid Bitcoin mainnet address (checksum, network and witness program are checked)`,
    );
  const [esplora, ord] = await Promise.all([esploraOf(context), ordOf(context)]);
  const name = input.runeName.replace(/[•.]/g, '').toUpperCase();
  const rune = await ord.rune(name);
  if (!rune) throw invalidField('runeName', 'unknown_asset', `no rune named ${input.runeName} is etched`);
  const decimals = input.amount.split('.')[1]?.length ?? 0;
  if (decimals > rune.divisibility)
    throw invalidField(
      'amount',
      'too_many_decimals',
      `${rune.spacedName} has divisibility ${rune.divisibility}; ${input.amount} has ${decimals} decimals`,
    );
  const atomic = scaleUp(input.amount, rune.divisibility);

  const keys = (await accountVaultKeys(context.db, context.masterKey, accountId)).bitcoin;
  const taproot = { type: 'taproot' as const, ...keys.taproot };
  const segwit = { type: 'segwit' as const, ...keys.segwit };
  // Largest holdings of the rune first, until they cover the amount.
  const holding = (await ord.outputs(taproot.address))
    .filter((out) => out.runes.has(rune.spacedName))
    .sort((a, b) => (a.runes.get(rune.spacedName)! < b.runes.get(rune.spacedName)! ? 1 : -1));
  const spent: typeof holding = [];
  let gathered = 0n;
  for (const output of holding) {
    if (gathered >= atomic) break;
    spent.push(output);
    gathered += output.runes.get(rune.spacedName)!;
  }
  if (gathered < atomic) {
    const held = formatUnits(gathered, rune.divisibility);
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault's taproot address ${taproot.address} holds ${held} ${rune.spacedName}; ${input.amount} asked`,
      { available: held },
    );
  }
  // Alkanes on the spent outputs follow the runestone's pointer too: back to the taproot address, never to `to`.
  const alkaneCarriers = await alkaneOutpointsOf(context, taproot.address);
  const leftover =
    gathered > atomic || spent.some((out) => out.runes.size > 1 || alkaneCarriers.has(`${out.txid}:${out.vout}`));
  const runestone = encodeRunestone({
    edicts: [{ id: parseRuneId(rune.id), amount: atomic, output: 1 }],
    pointer: leftover ? 2 : undefined,
  });
  const outputs = [
    { script: runestone, value: 0n },
    { script: recipient, value: RUNE_OUTPUT_SATS },
    ...(leftover ? [{ script: bitcoinOutputScript(taproot.address)!, value: RUNE_OUTPUT_SATS }] : []),
  ];
  const [utxos, indexed, feeRate] = await Promise.all([
    esplora.utxos(segwit.address),
    ord.outputs(segwit.address),
    feeRateFor(input.feeRate, esplora),
  ]);
  const coins = await withoutAlkanes(context, segwit.address, cardinalOnly(utxos, indexed));
  const carried = {
    value: spent.reduce((sum, out) => sum + out.value, 0n),
    vbytes: spent.length * INPUT_VBYTES.taproot,
  };
  const selection = selectCoins({
    coins,
    carried,
    from: 'segwit',
    outputs,
    changeScript: bitcoinOutputScript(segwit.address)!,
    feeRate,
  });
  if (!selection.ok) {
    throw invalidField(
      'feeRate',
      'insufficient_funds',
      `the vault's segwit address ${segwit.address} cannot pay the fee at ${feeRate} sat/vB: fund it with BTC`,
      {
        available: formatUnits(selection.available, 8),
        needed: formatUnits(selection.needed, 8),
      },
    );
  }
  const txid = await sendVaultTransaction(context, esplora, {
    inputs: [
      ...spent.map((coin) => ({ coin, key: taproot })),
      ...selection.inputs.map((coin) => ({ coin, key: segwit })),
    ],
    outputs: [
      ...outputs,
      ...(selection.change > 0n ? [{ script: bitcoinOutputScript(segwit.address)!, value: selection.change }] : []),
    ],
  });
  return {
    txid,
    network: BITCOIN_MAINNET,
    rune: { id: rune.id, name: rune.spacedName, symbol: rune.symbol },
    amount: formatUnits(atomic, rune.divisibility),
    atomic: atomic.toString(),
    from: taproot.address,
    to: input.to,
    feePayer: segwit.address,
    feeSats: selection.fee.toString(),
    feeRate,
  };
});
