import { accountVaultKeys, BITCOIN_MAINNET, bitcoinOutputScript } from '@svc/chains';
import { invalidField, ServiceError } from '@svc/contracts';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { esploraOf, ordOf } from './bitcoin-chain.js';
import { withoutAlkanes } from './alkane-carriers.js';
import { cardinalOnly, INPUT_VBYTES, selectCoins } from './coin-selection.js';
import { feeRateFor } from './fee-rate.js';
import { sendVaultTransaction } from './vault-transaction.js';

/**
 * Sends one inscription held by the vault (on its taproot or segwit address) to `to`: input 0 is the output carrying
 * the inscription, output 0 pays the recipient that output's full value, so its postage is kept and the inscribed
 * sat lands at the same offset of the recipient's output (sats flow first in, first out). The segwit address pays
 * the fee from outputs carrying no rune or inscription, and takes the change. Output: `{ txid, network,
 * inscriptionId, from, to, postageSats, feePayer, feeSats, feeRate }`.
 */
export const sendInscription: Handler<'sendInscription'> = withCommitPoint(async (input, context) => {
  const { accountId } = callerOf(context);
  const recipient = bitcoinOutputScript(input.to);
  if (!recipient)
    throw invalidField(
      'to',
      'format',
      `${input.to} is not a valid Bitcoin mainnet address (checksum, network and witness program are checked)`,
    );
  const [esplora, ord] = await Promise.all([esploraOf(context), ordOf(context)]);
  const inscriptionId = input.inscriptionId.toLowerCase();
  const location = await ord.inscription(inscriptionId);
  if (!location) throw invalidField('inscriptionId', 'unknown_asset', `no inscription ${input.inscriptionId} exists`);
  const keys = (await accountVaultKeys(context.db, context.masterKey, accountId)).bitcoin;
  const owner = [
    { type: 'taproot' as const, ...keys.taproot },
    { type: 'segwit' as const, ...keys.segwit },
  ].find((key) => key.address === location.address);
  if (!owner)
    throw new ServiceError(
      'not_holder',
      `Inscription ${input.inscriptionId} is not held by your vault (it is on ${location.address ?? 'an output without an address'}).`,
      { extra: { inscriptionId } },
    );
  const segwit = { type: 'segwit' as const, ...keys.segwit };
  const carrier = { txid: location.txid, vout: location.vout, value: location.value };

  const [utxos, indexed, feeRate] = await Promise.all([
    esplora.utxos(segwit.address),
    ord.outputs(segwit.address),
    feeRateFor(input.feeRate, esplora),
  ]);
  const outputs = [{ script: recipient, value: carrier.value }];
  const selection = selectCoins({
    coins: await withoutAlkanes(context, segwit.address, cardinalOnly(utxos, indexed)),
    carried: { value: carrier.value, vbytes: INPUT_VBYTES[owner.type] },
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
    );
  }
  const txid = await sendVaultTransaction(context, esplora, {
    inputs: [{ coin: carrier, key: owner }, ...selection.inputs.map((coin) => ({ coin, key: segwit }))],
    outputs: [
      ...outputs,
      ...(selection.change > 0n ? [{ script: bitcoinOutputScript(segwit.address)!, value: selection.change }] : []),
    ],
  });
  return {
    txid,
    network: BITCOIN_MAINNET,
    inscriptionId,
    from: owner.address,
    to: input.to,
    postageSats: carrier.value.toString(),
    feePayer: segwit.address,
    feeSats: selection.fee.toString(),
    feeRate,
  };
});
