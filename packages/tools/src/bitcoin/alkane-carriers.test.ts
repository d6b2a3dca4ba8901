import { Providers } from '@svc/providers';
import { ORDISCAN_EXAMPLE_ANSWERS, useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { alkaneOutpointsOf, withoutAlkanes } from './alkane-carriers.js';

const ADDRESS = 'bc1pd2uqctumxjwhtd5xfpar9cre4lec65slg2ed5wrkrhgfmk8uetjs8ee9xc';
const [CARRIER] = ORDISCAN_EXAMPLE_ANSWERS.alkaneUtxos.data.map((output) => output.outpoint);
const [carrierTxid, carrierVout] = CARRIER!.split(':') as [string, string];
const PLAIN = { txid: 'ab'.repeat(32), vout: 0, value: 50_000n };

const live = (env: Record<string, string>) =>
  ({ mode: 'live', caller: undefined, providers: new Providers('live', env) }) as HandlerContext;

describe('the outputs a BTC send leaves alone for their alkanes, in live mode', () => {
  const mockAgent = useMockAgent();

  it('are the ones Ordiscan lists as carrying alkanes: they are not spent as plain BTC', async () => {
    mockAgent()
      .get('https://api.ordiscan.com')
      .intercept({ path: `/v1/address/${ADDRESS}/utxos/alkanes` })
      .reply(200, ORDISCAN_EXAMPLE_ANSWERS.alkaneUtxos, { headers: { 'content-type': 'application/json' } });
    const coins = [PLAIN, { txid: carrierTxid, vout: Number(carrierVout), value: 546n }];
    expect(await withoutAlkanes(live({ ORDISCAN_API_KEY: 'key' }), ADDRESS, coins)).toEqual([PLAIN]);
  });

  it('cannot be told apart without Ordiscan: the send is refused with a 503 naming ORDISCAN_API_KEY', async () => {
    await expect(alkaneOutpointsOf(live({}), ADDRESS)).rejects.toMatchObject({
      status: 503,
      code: 'not_configured',
      message: expect.stringContaining('ORDISCAN_API_KEY'),
    });
  });
});
