import { ServiceError } from '@svc/contracts';
import { useMockAgent } from '../testing.js';
import { describe, expect, it } from 'vitest';
import { collectProvenance } from '../upstream/provenance.js';
import { liveBitcoinChain, sandboxBitcoinChain } from './bitcoin-chain.js';
import { EsploraClient } from './esplora-client.js';
import feeEstimates from './fixtures/fee-estimates.json' with { type: 'json' };
import addressUtxo from './fixtures/address-utxo.json' with { type: 'json' };

const ORIGIN = 'https://mempool.space';
const BASE = `${ORIGIN}/api`;
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('EsploraClient against recorded Esplora (mempool.space) responses', () => {
  const mockAgent = useMockAgent();

  const expectUtxos = (address: string) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path: `/api/address/${address}/utxo`, headers: { accept: 'application/json' } });

  it('maps GET /address/:a/utxo to outpoints with sat values, confirmed or not', async () => {
    expectUtxos(ADDRESS).reply(200, addressUtxo, { headers: JSON_HEADERS });
    // A trailing slash on the setting must not double the separator.
    expect(await new EsploraClient(`${BASE}/`).utxos(ADDRESS)).toEqual([
      { txid: addressUtxo[0]!.txid, vout: 1, value: 250_000n, confirmed: true },
      { txid: addressUtxo[1]!.txid, vout: 0, value: 1200n, confirmed: false },
    ]);
  });

  it('reads GET /fee-estimates once for both reads within its cache TTL', async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path: '/api/fee-estimates' })
      .reply(200, feeEstimates, { headers: JSON_HEADERS });
    const client = new EsploraClient(BASE);
    expect((await client.feeEstimates())['1']).toBe(14.031);
    expect(await client.feeEstimates()).toEqual(feeEstimates);
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
    expect(await new EsploraClient(BASE).broadcast('0200beef').catch((error: unknown) => error)).toMatchObject({
      code: 'upstream_error',
      status: 502,
    });
  });

  it('without BITCOIN_ESPLORA_URL, BITCOIN_ORD_URL or COUNTERPARTY_API_URL the live port answers 503 naming the setting', async () => {
    const unconfigured = liveBitcoinChain({});
    await expect(unconfigured.esplora()).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'BITCOIN_ESPLORA_URL' },
    });
    await expect(unconfigured.ord()).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'BITCOIN_ORD_URL' },
    });
    await expect(liveBitcoinChain({ esploraUrl: BASE }).counterparty()).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'COUNTERPARTY_API_URL' },
    });
  });

  it('answers from the sandbox facade say so in their source, with no rate cap', async () => {
    mockAgent()
      .get('http://127.0.0.1:18443')
      .intercept({ method: 'GET', path: '/fee-estimates' })
      .reply(200, feeEstimates, { headers: JSON_HEADERS });
    const esplora = await sandboxBitcoinChain(async () => 'http://127.0.0.1:18443').esplora();
    const { provenance } = await collectProvenance(() => esplora.feeEstimates());
    expect(provenance?.source).toBe('Sandbox Bitcoin ledger (Esplora API)');
  });
});
