import { invalidField } from '@svc/contracts';
import { accountVaultKeys, BITCOIN_MAINNET, bitcoinOutputScript, encodeCounterpartySend } from '@svc/chains';
import { formatUnits, scaleUp } from '@svc/payments';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { SATS_PER_BTC_DECIMALS } from './balances.js';
import { counterpartyOf, esploraOf, ordOf } from './bitcoin-chain.js';
import { withoutAlkanes } from './alkane-carriers.js';
import { cardinalOnly, selectCoins } from './coin-selection.js';
import { checkComposedSend } from './composed-send.js';
import { decimalsOf } from '@svc/providers';
import { feeRateFor } from './fee-rate.js';
import { sendVaultTransaction } from './vault-transaction.js';

const btc = (sats: bigint) => formatUnits(sats, SATS_PER_BTC_DECIMALS);

/**
 * Sends `quantity` (display units) of a Counterparty asset from the vault's segwit address to `destination`, as an
 * enhanced send: the vault picks the BTC outputs that pay the fee (never one carrying runes, inscriptions or attached
 * Counterparty balances), Counterparty's compose API builds the unsigned transaction from exactly those (OP_RETURN
 * message, change back to the segwit address), the vault checks it says what was asked, signs and broadcasts it.
 * Quantities with trailing zeros ("3.0" of an indivisible asset) are accepted. Unknown asset, too many
 * decimals, insufficient asset and insufficient BTC are 400s raised before anything is composed or signed.
 * Output: `{ txid, network, asset, longname, divisible, quantity, atomic, source, destination, feeSats, fee, feeRate }`.
 */
export const sendXCP: Handler<'sendXCP'> = withCommitPoint(async (input, context) => {
  const { accountId } = callerOf(context);
  if (!bitcoinOutputScript(input.destination))
    throw invalidField(
      'destination',
      'format',
      `${input.destination} is not a valid Bitcoin mainnet address (checksum, network and witness program are checked)`,
    );
  const [counterparty, esplora, ord] = await Promise.all([counterpartyOf(context), esploraOf(context), ordOf(context)]);
  const asset = await counterparty.asset(input.asset);
  if (!asset) throw invalidField('asset', 'unknown_asset', `no Counterparty asset named ${input.asset} exists`);
  const decimals = decimalsOf(asset.divisible);
  const given = input.quantity.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  if (given > decimals)
    throw invalidField(
      'quantity',
      'too_many_decimals',
      `${input.asset} is ${asset.divisible ? 'divisible (8 decimals)' : 'indivisible (whole units)'}; ${input.quantity} has ${given} decimals`,
    );
  const quantity = scaleUp(input.quantity, decimals);

  const keys = (await accountVaultKeys(context.db, context.masterKey, accountId)).bitcoin;
  const source = { type: 'segwit' as const, ...keys.segwit };
  const balances = await counterparty.balances(source.address);
  const held = balances
    .filter((row) => row.asset === asset.asset && row.utxo === null)
    .reduce((sum, row) => sum + row.quantity, 0n);
  if (held < quantity) {
    throw invalidField(
      'quantity',
      'insufficient_funds',
      `the vault's segwit address ${source.address} holds ${formatUnits(held, decimals)} ${input.asset}; ${input.quantity} asked`,
      { available: formatUnits(held, decimals) },
    );
  }

  // The message's size does not depend on its key, so any txid sizes the OP_RETURN for the fee estimate.
  const send = { asset: asset.asset, quantity, destination: input.destination };
  const message = encodeCounterpartySend(send, '00'.repeat(32));
  const sourceScript = bitcoinOutputScript(source.address)!;
  const [utxos, indexed, feeRate] = await Promise.all([
    esplora.utxos(source.address),
    ord.outputs(source.address),
    feeRateFor(input.feeRate, esplora),
  ]);
  // Outputs carrying Counterparty balances (attached to a UTXO) are left alone too, like those carrying runes or inscriptions.
  const attached = new Set(balances.flatMap((row) => (row.utxo ? [row.utxo] : [])));
  const coins = (await withoutAlkanes(context, source.address, cardinalOnly(utxos, indexed))).filter(
    (coin) => !attached.has(`${coin.txid}:${coin.vout}`),
  );
  const selection = selectCoins({
    coins,
    from: 'segwit',
    outputs: [{ script: message, value: 0n }],
    changeScript: sourceScript,
    feeRate,
  });
  if (!selection.ok) {
    throw invalidField(
      'feeRate',
      'insufficient_funds',
      `the vault's segwit address ${source.address} cannot pay the fee at ${feeRate} sat/vB: fund it with BTC`,
      {
        available: btc(selection.available),
        needed: btc(selection.needed),
      },
    );
  }

  const composed = await counterparty.composeSend({
    source: source.address,
    asset: asset.asset,
    quantity,
    destination: input.destination,
    satPerVbyte: feeRate,
    inputs: selection.inputs,
  });
  const plan = checkComposedSend(composed.rawTransaction, {
    send,
    coins: selection.inputs,
    changeScript: sourceScript,
    maxFeeSats: selection.fee,
  });
  const txid = await sendVaultTransaction(context, esplora, {
    inputs: plan.inputs.map((coin) => ({ coin, key: source })),
    outputs: plan.outputs,
  });
  return {
    txid,
    network: BITCOIN_MAINNET,
    asset: asset.asset,
    longname: asset.longname,
    divisible: asset.divisible,
    quantity: formatUnits(quantity, decimals),
    atomic: quantity.toString(),
    source: source.address,
    destination: input.destination,
    feeSats: plan.feeSats.toString(),
    fee: btc(plan.feeSats),
    feeRate,
  };
});
