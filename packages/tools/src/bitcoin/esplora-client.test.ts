import { ServiceError } from '@svc/contracts';
import { useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { addressesToRead, bitcoinBalanceReader } from './balances.js';
import { esploraOf, liveBitcoinChain } from './bitcoin-chain.js';
import { EsploraClient } from './esplora-client.js';
import { feeRateFor } from './fee-rate.js';
import feeEstimates from './fixtures/fee-estimates.json' with { type: 'json' };
import addressUtxo from './fixtures/address-utxo.json' with { type: 'json' };

const ORIGIN = 'https://mempool.space';
const BASE = `${ORIGIN}/api`;
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const JSON_HEADERS = { 'content-type': 'application/json' };
/** BIP-84 test vector: account 0, first receive key and its P2WPKH address. */
const BIP84_KEY = '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c';
const BIP84_ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
/** BIP-86 test vector: account 0, first receive internal key and its P2TR address. */
const BIP86_KEY = '02cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115';
const BIP86_ADDRESS = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';

const contextWith = (bitcoin: HandlerContext['bitcoin']) => ({ bitcoin }) as HandlerContext;

describe('EsploraClient against recorded Esplora (mempool.space) responses', () => {
  const mockAgent = useMockAgent();

  const expectUtxos = (address: string) =>
    mockAgent().get(ORIGIN).intercept({ method: 'GET', path: `/api/address/${address}/utxo`, headers: { accept: 'application/json' } });

  it('maps GET /address/:a/utxo to outpoints with sat values, confirmed or not', async () => {
    expectUtxos(ADDRESS).reply(200, addressUtxo, { headers: JSON_HEADERS });
    // A trailing slash on the setting must not double the separator.
    expect(await new EsploraClient(`${BASE}/`).utxos(ADDRESS)).toEqual([
      { txid: addressUtxo[0]!.txid, vout: 1, value: 250_000n, confirmed: true },
      { txid: addressUtxo[1]!.txid, vout: 0, value: 1200n, confirmed: false },
    ]);
  });

  it('reads GET /fee-estimates and recommends the next-block rate unless the caller names one', async () => {
    mockAgent().get(ORIGIN).intercept({ method: 'GET', path: '/api/fee-estimates' }).reply(200, feeEstimates, { headers: JSON_HEADERS });
    const client = new EsploraClient(BASE);
    expect(await feeRateFor(undefined, client)).toBe(14.031);
    expect(await feeRateFor(3, client)).toBe(3);
  });

  it('POSTs the raw hex to /tx and returns the txid; a node refusal is a 400, other failures a 502', async () => {
    const txid = 'ab'.repeat(32);
    mockAgent().get(ORIGIN).intercept({ method: 'POST', path: '/api/tx', body: '0200beef' }).reply(200, txid);
    expect(await new EsploraClient(BASE).broadcast('0200beef')).toBe(txid);

    const refusal = 'sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met, 100 < 141"}';
    mockAgent().get(ORIGIN).intercept({ method: 'POST', path: '/api/tx' }).reply(400, refusal);
    const refused = await new EsploraClient(BASE).broadcast('0200beef').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ code: 'invalid_input', status: 400, extra: { reason: refusal } });

    mockAgent().get(ORIGIN).intercept({ method: 'POST', path: '/api/tx' }).reply(503, 'busy');
    expect(await new EsploraClient(BASE).broadcast('0200beef').catch((error: unknown) => error)).toMatchObject({ code: 'upstream_error', status: 502 });
  });

  it('the BalanceReader reads an address, or both addresses of a compressed public key, in BTC', async () => {
    expectUtxos(ADDRESS).reply(200, addressUtxo, { headers: JSON_HEADERS });
    const context = contextWith(liveBitcoinChain({ esploraUrl: BASE }));
    expect(await bitcoinBalanceReader(context, ADDRESS)).toEqual({
      network: 'bip122:000000000019d6689c085ae165831e93',
      address: ADDRESS,
      assets: [{ symbol: 'BTC', address: null, decimals: 8, balance: '0.002512', humanReadableBalance: '0.002512' }],
    });

    const [segwit, taproot] = addressesToRead(BIP84_KEY);
    expect(segwit).toBe(BIP84_ADDRESS);
    expectUtxos(segwit!).reply(200, addressUtxo, { headers: JSON_HEADERS });
    expectUtxos(taproot!).reply(200, [{ ...addressUtxo[0], value: 100_000_000 }], { headers: JSON_HEADERS });
    expect((await bitcoinBalanceReader(context, BIP84_KEY)).assets[0]).toMatchObject({ balance: '1.002512' });
    expect(addressesToRead(BIP86_KEY)[1]).toBe(BIP86_ADDRESS);
  });

  it('refuses what is neither an address nor a compressed key before any request', async () => {
    const context = contextWith(liveBitcoinChain({ esploraUrl: BASE }));
    for (const bad of ['04' + 'ab'.repeat(32), 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx']) {
      await expect(bitcoinBalanceReader(context, bad)).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'address', rule: 'format' }] });
    }
  });

  it('without BITCOIN_ESPLORA_URL (or BITCOIN_ORD_URL for runes) the Bitcoin tools answer 503 naming the setting', async () => {
    const unconfigured = contextWith(liveBitcoinChain({}));
    await expect(esploraOf(unconfigured)).rejects.toMatchObject({ code: 'not_configured', status: 503, extra: { setting: 'BITCOIN_ESPLORA_URL' } });
    await expect(unconfigured.bitcoin!.ordUrl()).rejects.toMatchObject({ code: 'not_configured', status: 503, extra: { setting: 'BITCOIN_ORD_URL' } });
    await expect(esploraOf(contextWith(undefined))).rejects.toMatchObject({ code: 'not_configured', status: 503, extra: { setting: 'BITCOIN_ESPLORA_URL' } });
    await expect(bitcoinBalanceReader(contextWith(undefined), ADDRESS)).rejects.toMatchObject({ code: 'not_configured' });
  });
});
