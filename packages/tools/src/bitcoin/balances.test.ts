import { EsploraClient, liveBitcoinChain } from '@svc/providers';
import { useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { addressesToRead, bitcoinBalanceReader } from './balances.js';
import { counterpartyOf, esploraOf, ordOf } from './bitcoin-chain.js';
import { feeRateFor } from './fee-rate.js';

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
// Recorded Esplora (mempool.space) shapes, as the client tests in @svc/providers use them.
const addressUtxo = [
  {
    txid: 'c0e3a1e4b6b2c6d1a54a3e5f0f1f3b9b2f5d4c7e8a9b0c1d2e3f4a5b6c7d8e9f',
    vout: 1,
    status: { confirmed: true },
    value: 250_000,
  },
  {
    txid: '7d2f5b8e1c4a9f0b3e6d2c5a8f1b4e7d0c3a6f9b2e5d8c1a4f7b0e3d6c9a2f5b',
    vout: 0,
    status: { confirmed: false },
    value: 1200,
  },
];
const feeEstimates = { '1': 14.031, '6': 9.5 };

const contextWith = (bitcoin: HandlerContext['bitcoin']) => ({ bitcoin }) as HandlerContext;

describe('the Bitcoin balance reader and fee rate over the Esplora port', () => {
  const mockAgent = useMockAgent();

  const expectUtxos = (address: string) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path: `/api/address/${address}/utxo`, headers: { accept: 'application/json' } });

  it('recommends the next-block rate unless the caller names one', async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path: '/api/fee-estimates' })
      .reply(200, feeEstimates, { headers: JSON_HEADERS });
    const client = new EsploraClient(BASE);
    expect(await feeRateFor(undefined, client)).toBe(14.031);
    expect(await feeRateFor(3, client)).toBe(3);
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
    for (const bad of [
      '04' + 'ab'.repeat(32),
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    ]) {
      await expect(bitcoinBalanceReader(context, bad)).rejects.toMatchObject({
        code: 'invalid_input',
        issues: [{ field: 'address', rule: 'format' }],
      });
    }
  });

  it('without BITCOIN_ESPLORA_URL (or BITCOIN_ORD_URL for runes) the Bitcoin tools answer 503 naming the setting', async () => {
    const unconfigured = contextWith(liveBitcoinChain({}));
    await expect(esploraOf(unconfigured)).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'BITCOIN_ESPLORA_URL' },
    });
    await expect(ordOf(unconfigured)).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'BITCOIN_ORD_URL' },
    });
    await expect(esploraOf(contextWith(undefined))).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'BITCOIN_ESPLORA_URL' },
    });
    await expect(counterpartyOf(contextWith(undefined))).rejects.toMatchObject({
      code: 'not_configured',
      extra: { setting: 'COUNTERPARTY_API_URL' },
    });
    await expect(bitcoinBalanceReader(contextWith(undefined), ADDRESS)).rejects.toMatchObject({
      code: 'not_configured',
    });
  });
});
