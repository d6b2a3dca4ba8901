import { Psbt, networks } from 'bitcoinjs-lib';
import { addressesOfPublicKey, encodeProtostones, encodeRunestone, p2wpkhSigner } from '@svc/chains';
import { Providers, sandboxProviders } from '@svc/providers';
import { SandboxBitcoin } from '@svc/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { getAlkaneAddressBalance, getAlkaneAddressUTXOs, getAlkaneInfo, listAlkanes } from './alkanes.js';
import { sandboxBitcoinIndex } from './sandbox-bitcoin-index.js';

/** The private key 0x15…15 (a key of the test's own, to sign alkane transfers: the vault's tools send none). */
const SENDER_WIF = 'Kwvh6tBEPU3EYsy5iWy5Rh9ADbNzDcPZEqrkf8nf1RG1a24ZQ7D3';
const SIGNER = p2wpkhSigner(SENDER_WIF);
const SENDER = addressesOfPublicKey(Buffer.from(SIGNER.publicKey).toString('hex')).segwit;
const RECIPIENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const DIESEL = '2:0';
const BAD_CHECKSUM = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';

const chains: SandboxBitcoin[] = [];
afterAll(() => Promise.all(chains.map((bitcoin) => bitcoin.stop())));

function sandboxContext() {
  const bitcoin = new SandboxBitcoin();
  chains.push(bitcoin);
  const context = {
    mode: 'sandbox',
    caller: undefined,
    providers: sandboxProviders(),
    bitcoinIndex: sandboxBitcoinIndex(bitcoin),
  } as HandlerContext;
  return { ledger: bitcoin.ledger, context };
}

/** The sender spends output `vout` of `txid` to `outputs` (an address, or a raw script such as a runestone). */
function spend(
  ledger: SandboxBitcoin['ledger'],
  [txid, vout]: [string, number],
  outputs: { to: string | Uint8Array; value: bigint }[],
) {
  const psbt = new Psbt({ network: networks.bitcoin });
  const spent = ledger.utxo(txid, vout)!;
  psbt.addInput({ hash: txid, index: vout, witnessUtxo: { script: spent.script, value: spent.value } });
  for (const { to, value } of outputs)
    psbt.addOutput(typeof to === 'string' ? { address: to, value } : { script: to, value });
  psbt.signAllInputs(SIGNER);
  psbt.finalizeAllInputs();
  return ledger.submit(psbt.extractTransaction(true).toHex()).txid;
}

const balanceOf = async (address: string, context: HandlerContext) =>
  (await getAlkaneAddressBalance({ bitcoinAddress: address }, context)).data;

describe('the alkane handlers', () => {
  it('answer 503 naming ORDISCAN_API_KEY in live mode without it, and 400 for a bad checksum', async () => {
    const live = { mode: 'live', caller: undefined, providers: new Providers('live', {}) } as HandlerContext;
    await expect(listAlkanes({ sort: 'newest', type: 'TOKEN' }, live)).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      message: expect.stringContaining('ORDISCAN_API_KEY'),
    });
    const { context } = sandboxContext();
    await expect(getAlkaneAddressUTXOs({ bitcoinAddress: BAD_CHECKSUM }, context)).rejects.toMatchObject({
      status: 400,
      issues: [{ field: 'bitcoinAddress', rule: 'format' }],
    });
  });

  it('follow balances through a protostone transfer and a plain spend, and count what is burned', async () => {
    const { ledger, context } = sandboxContext();
    const supply = async () =>
      (await getAlkaneInfo({ id: DIESEL }, context)).data as {
        current_supply: string;
        current_mint_count: number;
        holders: number;
      };
    const before = await supply();
    const granted = ledger.credit(SENDER, 10_000n, { alkane: DIESEL, amount: 1_000_000_000n });
    expect(await balanceOf(SENDER, context)).toEqual([
      { id: DIESEL, name: 'DIESEL', symbol: 'DIESEL', balance: '1000000000' },
    ]);

    // 3 DIESEL to the recipient (output 1), 1 burned on the OP_RETURN (output 0), the rest to the pointer (2).
    const protocol = encodeProtostones([
      {
        protocolTag: 1n,
        edicts: [
          { id: { block: 2n, tx: 0n }, amount: 300_000_000n, output: 1 },
          { id: { block: 2n, tx: 0n }, amount: 100_000_000n, output: 0 },
        ],
        pointer: 2,
      },
    ]);
    const transfer = spend(
      ledger,
      [granted, 0],
      [
        { to: encodeRunestone({ edicts: [], protocol }), value: 0n },
        { to: RECIPIENT, value: 546n },
        { to: SENDER, value: 9_000n },
      ],
    );
    expect(await balanceOf(RECIPIENT, context)).toEqual([
      { id: DIESEL, name: 'DIESEL', symbol: 'DIESEL', balance: '300000000' },
    ]);
    expect((await getAlkaneAddressUTXOs({ bitcoinAddress: SENDER }, context)).data).toEqual([
      {
        outpoint: `${transfer}:2`,
        value: 9_000,
        alkanes: [{ id: DIESEL, name: 'DIESEL', symbol: 'DIESEL', balance: '600000000' }],
      },
    ]);
    expect(await supply()).toMatchObject({
      current_supply: (BigInt(before.current_supply) + 1_000_000_000n).toString(),
      current_mint_count: before.current_mint_count + 1,
      burned: '100000000',
      holders: before.holders + 2,
    });

    // A spend without a runestone: the alkanes go to its first output (the runes default).
    spend(ledger, [transfer, 2], [{ to: RECIPIENT, value: 8_000n }]);
    expect(await balanceOf(SENDER, context)).toEqual([]);
    expect(await balanceOf(RECIPIENT, context)).toEqual([
      { id: DIESEL, name: 'DIESEL', symbol: 'DIESEL', balance: '900000000' },
    ]);
    expect(((await listAlkanes({ sort: 'oldest', type: 'TOKEN' }, context)).data as unknown[])[0]).toMatchObject({
      id: DIESEL,
      deploy_timestamp: expect.stringMatching(/^\d{4}-/),
    });
  });
});
