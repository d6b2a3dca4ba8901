import { findTool, outputOf, parseInput, type ToolName } from '@svc/contracts';
import { Providers } from '@svc/providers';
import { ORDISCAN_EXAMPLE_ANSWERS, useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import type { Handler, HandlerContext } from '../handler.js';
import { ordinalsFamily } from './index.js';

const KEY = 'ordiscan-test-key';
const ADDRESS = 'bc1pd2uqctumxjwhtd5xfpar9cre4lec65slg2ed5wrkrhgfmk8uetjs8ee9xc';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A live-mode context with Ordiscan configured and no sandbox index: every answer must come from Ordiscan. */
const live = () =>
  ({ mode: 'live', caller: undefined, providers: new Providers('live', { ORDISCAN_API_KEY: KEY }) }) as HandlerContext;

/** Validate a raw body with the catalog's schema, as invoke does before any payment, and run the tool. */
async function call(name: ToolName, raw: Record<string, unknown>) {
  const handler = (ordinalsFamily.handlers as Record<string, Handler<ToolName>>)[name]!;
  return handler(parseInput(findTool(name)!.input, raw, name) as never, live());
}

describe('the ordinals tools in live mode', () => {
  const mockAgent = useMockAgent();

  it("answer Ordiscan's body, asking for the rune without spacers and the page asked", async () => {
    const ordiscan = mockAgent().get('https://api.ordiscan.com');
    ordiscan
      .intercept({ path: '/v1/rune/UNCOMMONGOODS', headers: { authorization: `Bearer ${KEY}` } })
      .reply(200, ORDISCAN_EXAMPLE_ANSWERS.rune, { headers: JSON_HEADERS });
    ordiscan
      .intercept({ path: `/v1/address/${ADDRESS}/inscriptions`, query: { page: '2' } })
      .reply(200, ORDISCAN_EXAMPLE_ANSWERS.inscriptionList, { headers: JSON_HEADERS });

    const rune = await call('getRuneInfo', { name: 'uncommon•goods' });
    expect(rune).toEqual(ORDISCAN_EXAMPLE_ANSWERS.rune);
    expect(outputOf(findTool('getRuneInfo')!)!.safeParse(rune).success).toBe(true);
    const held = await call('getInscriptionsByAddress', { bitcoinAddress: ADDRESS, page: 2 });
    expect(held).toEqual(ORDISCAN_EXAMPLE_ANSWERS.inscriptionList);
  });

  it("answer Ordiscan's collection and BRC-20 bodies, asking for the slug and ticker in lower case", async () => {
    const ordiscan = mockAgent().get('https://api.ordiscan.com');
    ordiscan
      .intercept({ path: '/v1/collection/taproot-wizards', headers: { authorization: `Bearer ${KEY}` } })
      .reply(200, ORDISCAN_EXAMPLE_ANSWERS.collection, { headers: JSON_HEADERS });
    ordiscan
      .intercept({ path: `/v1/address/${ADDRESS}/activity/brc20`, query: { page: '3' } })
      .reply(200, ORDISCAN_EXAMPLE_ANSWERS.brc20Activity, { headers: JSON_HEADERS });

    const collection = await call('getCollectionInfo', { slug: 'Taproot-Wizards' });
    expect(collection).toEqual(ORDISCAN_EXAMPLE_ANSWERS.collection);
    expect(outputOf(findTool('getCollectionInfo')!)!.safeParse(collection).success).toBe(true);
    const activity = await call('getBRC20Activity', { bitcoinAddress: ADDRESS, page: 3 });
    expect(activity).toEqual(ORDISCAN_EXAMPLE_ANSWERS.brc20Activity);
  });

  it('refuse a bad checksum with a 400 naming the field before calling Ordiscan', async () => {
    // No interceptor: a request to Ordiscan would fail the test with a refused connection, not a 400.
    await expect(
      call('getRuneBalances', { bitcoinAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' }),
    ).rejects.toMatchObject({ status: 400, issues: [{ field: 'bitcoinAddress', rule: 'format' }] });
  });
});
