import { invalidField } from '@svc/contracts';
import { accountVaultKeys, BITCOIN_MAINNET, bitcoinOutputScript, dustThreshold } from '@svc/chains';
import { formatUnits, scaleUp } from '@svc/payments';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { SATS_PER_BTC_DECIMALS } from './balances.js';
import { esploraOf, ordOf } from './bitcoin-chain.js';
import { withoutAlkanes } from './alkane-carriers.js';
import { cardinalOnly, selectCoins } from './coin-selection.js';
import { feeRateFor } from './fee-rate.js';
import { sendVaultTransaction } from './vault-transaction.js';

const btc = (sats: bigint) => formatUnits(sats, SATS_PER_BTC_DECIMALS);

/**
 * Sends BTC from the vault address `addressType` names (segwit by default) to `to`: the recipient is output 0 with
 * exactly `amount`, the change returns to the same vault address as output 1 (dropped into the fee when it would
 * be dust), and the fee comes from the sender. Outputs that carry runes or inscriptions (per the ord index), or alkanes
 * (per the sandbox ordinals index: alkane-carriers.ts), are left alone. Bad address, dust amount and insufficient funds
 * are 400s raised before anything is signed. Output: `{ txid, network, from, to, amount, amountSats, fee, feeSats,
 * feeRate, change: {address, amount, sats} | null }`.
 */
export const transferBTC: Handler<'transferBTC'> = withCommitPoint(async (input, context) => {
  const { accountId } = callerOf(context);
  const recipient = bitcoinOutputScript(input.to);
  if (!recipient)
    throw invalidField(
      'to',
      'format',
      `${input.to} is not a valid Bitcoin mainnet address (checksum, network and witness program are checked)`,
    );
  const sats = scaleUp(input.amount, SATS_PER_BTC_DECIMALS);
  const dust = dustThreshold(recipient);
  if (sats < dust)
    throw invalidField('amount', 'dust', `${sats} sats is below the dust limit of ${dust} sats for ${input.to}`, {
      limit: dust.toString(),
    });

  const [esplora, ord] = await Promise.all([esploraOf(context), ordOf(context)]);
  const key = {
    type: input.addressType,
    ...(await accountVaultKeys(context.db, context.masterKey, accountId)).bitcoin[input.addressType],
  };
  const [utxos, indexed, feeRate] = await Promise.all([
    esplora.utxos(key.address),
    ord.outputs(key.address),
    feeRateFor(input.feeRate, esplora),
  ]);
  const coins = await withoutAlkanes(context, key.address, cardinalOnly(utxos, indexed));
  const change = bitcoinOutputScript(key.address)!;
  const selection = selectCoins({
    coins,
    from: key.type,
    outputs: [{ script: recipient, value: sats }],
    changeScript: change,
    feeRate,
  });
  if (!selection.ok) {
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault's ${key.type} address ${key.address} holds ${btc(selection.available)} BTC; sending ${input.amount} BTC at ${feeRate} sat/vB needs ${btc(selection.needed)} BTC with the fee`,
      { available: btc(selection.available), needed: btc(selection.needed) },
    );
  }
  const outputs = [
    { script: recipient, value: sats },
    ...(selection.change > 0n ? [{ script: change, value: selection.change }] : []),
  ];
  const txid = await sendVaultTransaction(context, esplora, {
    inputs: selection.inputs.map((coin) => ({ coin, key })),
    outputs,
  });
  return {
    txid,
    network: BITCOIN_MAINNET,
    from: key.address,
    to: input.to,
    amount: btc(sats),
    amountSats: sats.toString(),
    fee: btc(selection.fee),
    feeSats: selection.fee.toString(),
    feeRate,
    change:
      selection.change > 0n
        ? { address: key.address, amount: btc(selection.change), sats: selection.change.toString() }
        : null,
  };
});
