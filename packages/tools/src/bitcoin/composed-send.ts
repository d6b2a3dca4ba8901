/**
 * Checks an unsigned transaction a Counterparty compose API built before the vault signs it: a compose server is a
 * third party, and the vault's signature would make whatever it built final. The transaction must spend only the
 * coins the vault offered, carry exactly the asked send in its OP_RETURN (decrypted with its first input's txid, as
 * Counterparty parses it), pay every other output back to the vault, and leave a fee near the vault's own estimate.
 */
import { type CounterpartySend, decodeCounterpartyMessage, dustThreshold } from '@svc/chains';
import { upstreamError } from '@svc/providers';
import { Transaction } from 'bitcoinjs-lib';
import type { Coin } from './coin-selection.js';

const PROVIDER = 'Counterparty API';

export interface ComposedSendExpectation {
  readonly send: CounterpartySend;
  /** The only outputs the transaction may spend. */
  readonly coins: readonly Coin[];
  /** The vault's script: every output but the OP_RETURN must pay it (change). */
  readonly changeScript: Uint8Array;
  /** The vault's fee estimate (sats); the composed fee may exceed it by a quarter and a dropped dust change. */
  readonly maxFeeSats: bigint;
}

export interface CheckedSend {
  /** The spent coins in the transaction's input order (the first one's txid keys the message). */
  readonly inputs: readonly Coin[];
  readonly outputs: readonly { readonly script: Uint8Array; readonly value: bigint }[];
  readonly feeSats: bigint;
}

const refuse = (detail: string) => upstreamError(PROVIDER, `composed a transaction the vault will not sign: ${detail}`);
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

export function checkComposedSend(rawHex: string, expected: ComposedSendExpectation): CheckedSend {
  let tx: Transaction;
  try {
    tx = Transaction.fromHex(rawHex);
  } catch {
    throw refuse('it does not decode');
  }
  const inputs = tx.ins.map((input) => {
    const txid = Buffer.from(input.hash).reverse().toString('hex');
    const coin = expected.coins.find((offered) => offered.txid === txid && offered.vout === input.index);
    if (!coin) throw refuse(`it spends ${txid}:${input.index}, which the vault did not offer`);
    return coin;
  });
  if (inputs.length === 0 || new Set(inputs.map((coin) => `${coin.txid}:${coin.vout}`)).size !== inputs.length)
    throw refuse('its inputs are empty or repeated');
  const message = decodeCounterpartyMessage(
    tx.outs.map((out) => out.script),
    inputs[0]!.txid,
  );
  const { send } = expected;
  if (
    message.kind !== 'send' ||
    message.send.asset !== send.asset ||
    message.send.quantity !== send.quantity ||
    message.send.destination !== send.destination
  ) {
    throw refuse(`its Counterparty message is not the send of ${send.quantity} ${send.asset} to ${send.destination}`);
  }
  const outputs = tx.outs.map((out) => ({ script: out.script, value: out.value }));
  if (outputs.some((out) => out.script[0] !== 0x6a && !same(out.script, expected.changeScript)))
    throw refuse("it pays an output that is not the vault's change");
  if (outputs.filter((out) => out.script[0] === 0x6a).length !== 1) throw refuse('it has more than one OP_RETURN');
  const feeSats =
    inputs.reduce((sum, coin) => sum + coin.value, 0n) - outputs.reduce((sum, out) => sum + out.value, 0n);
  const ceiling = (expected.maxFeeSats * 5n) / 4n + dustThreshold(expected.changeScript);
  if (feeSats < 0n || feeSats > ceiling) throw refuse(`its fee of ${feeSats} sats is outside 0..${ceiling} sats`);
  return { inputs, outputs, feeSats };
}
