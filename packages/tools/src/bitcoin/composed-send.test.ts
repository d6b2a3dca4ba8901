import { encodeCounterpartySend } from '@svc/chains';
import { RECORDED_COUNTERPARTY_COMPOSE_SEND as composed } from '@svc/providers/testing';
import { address as addressCodec, Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { checkComposedSend } from './composed-send.js';

const SOURCE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const DESTINATION = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
const COIN = { txid: 'e5b1f3b7a3c4d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7', vout: 1, value: 100_000n };
const SEND = { asset: 'PEPECASH', quantity: 250_000_000n, destination: DESTINATION };

describe('checkComposedSend: what the vault signs', () => {
  const changeScript = addressCodec.toOutputScript(SOURCE);
  const expected = { send: SEND, coins: [COIN], changeScript, maxFeeSats: 1570n };
  /** The fixture's transaction with its outputs replaced. */
  const withOutputs = (outputs: [Uint8Array, bigint][], coin = COIN) => {
    const tx = new Transaction();
    tx.version = 2;
    tx.addInput(Buffer.from(coin.txid, 'hex').reverse(), coin.vout);
    for (const [script, value] of outputs) tx.addOutput(script, value);
    return tx.toHex();
  };

  it('accepts the recorded compose answer: the asked send, the offered coin, change to the vault', () => {
    const checked = checkComposedSend(composed.result.rawtransaction, expected);
    expect(checked.inputs).toEqual([COIN]);
    expect(checked.feeSats).toBe(1570n);
    expect(checked.outputs.map((out) => out.value)).toEqual([0n, 98_430n]);
  });

  it('refuses another send, a foreign input, a foreign output and an excessive fee, before anything is signed', () => {
    const message = (send = SEND, key = COIN.txid) => encodeCounterpartySend(send, key);
    const refusal = (hex: string) => expect(() => checkComposedSend(hex, expected)).toThrow(/will not sign/);
    refusal(
      withOutputs([
        [message({ ...SEND, quantity: SEND.quantity + 1n }), 0n],
        [changeScript, 98_430n],
      ]),
    );
    refusal(
      withOutputs([
        [message({ ...SEND, destination: SOURCE }), 0n],
        [changeScript, 98_430n],
      ]),
    );
    refusal(
      withOutputs([
        [message(SEND, 'ab'.repeat(32)), 0n],
        [changeScript, 98_430n],
      ]),
    );
    refusal(
      withOutputs([
        [message(), 0n],
        [addressCodec.toOutputScript(DESTINATION), 98_430n],
      ]),
    );
    refusal(
      withOutputs([
        [message(), 0n],
        [changeScript, 90_000n],
      ]),
    );
    refusal(
      withOutputs(
        [
          [message(SEND, 'cd'.repeat(32)), 0n],
          [changeScript, 98_430n],
        ],
        { txid: 'cd'.repeat(32), vout: 0, value: 100_000n },
      ),
    );
    refusal('00');
  });
});
