import { ServiceError } from '@svc/contracts';
import { decodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import bestListings from './fixtures/best-listings.json' with { type: 'json' };
import fulfillmentData from './fixtures/fulfillment-data.json' with { type: 'json' };
import { OpenSeaClient } from './opensea.js';
import { encodeSeaportCall, SEAPORT_ABI } from '@svc/chains';

const KEY = 'opensea-test-key';
const ORIGIN = 'https://api.opensea.io';
const json = { headers: { 'content-type': 'application/json' } };
const FULFILLER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('OpenSeaClient against the SDK-recorded answers (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();

  it('GET /api/v2/listings/collection/{slug}/best sends x-api-key, limit and next, and answers the body whole', async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'GET',
        path: '/api/v2/listings/collection/test-collection/best',
        query: { limit: '20', next: 'cursor-1' },
        headers: { 'x-api-key': KEY },
      })
      .reply(200, bestListings, json);
    const page = await new OpenSeaClient(KEY).bestListings('test-collection', { limit: 20, next: 'cursor-1' });
    expect(page).toEqual(bestListings);
    expect(page.listings[0]!.price.current).toEqual({ currency: 'ETH', decimals: 18, value: '1000000000000000000' });
  });

  it('POST /api/v2/listings/fulfillment_data: the request as opensea-js sends it; the answer encodes to Seaport calldata', async () => {
    const target = {
      hash: `0x${'ab'.repeat(32)}`,
      chain: 'base',
      protocol_address: '0x0000000000000068F116a894984e2DB1123eB395',
    } as const;
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'POST',
        path: '/api/v2/listings/fulfillment_data',
        headers: { 'x-api-key': KEY },
        body: JSON.stringify({ listing: target, fulfiller: { address: FULFILLER } }),
      })
      .reply(200, fulfillmentData, json);
    const answer = await new OpenSeaClient(KEY).fulfillmentData('listings', target, FULFILLER);
    const { transaction } = answer.fulfillment_data;
    const calldata = encodeSeaportCall(transaction.function, transaction.input_data);
    const decoded = decodeFunctionData({ abi: SEAPORT_ABI, data: calldata });
    expect(decoded.functionName).toBe('fulfillAdvancedOrder');
    const [advancedOrder, resolvers, conduitKey] = decoded.args as unknown as [
      { parameters: { offerer: string; offer: { startAmount: bigint }[] }; numerator: bigint },
      unknown[],
      string,
    ];
    expect(advancedOrder.parameters.offerer.toLowerCase()).toBe('0xfba662e1a8e91a350702cf3b87d0c2d2fb4ba57f');
    expect(advancedOrder.parameters.offer[0]!.startAmount).toBe(10_000n);
    expect(advancedOrder.numerator).toBe(1n);
    expect(resolvers).toEqual([]);
    expect(conduitKey).toBe(`0x${'0'.repeat(64)}`);
  });

  it('a basic-order fulfilment names its struct basicOrderParameters, as opensea-js reads it', () => {
    const parameters = {
      considerationToken: '0x0000000000000000000000000000000000000000',
      considerationIdentifier: '0',
      considerationAmount: '1',
      offerer: FULFILLER,
      zone: '0x0000000000000000000000000000000000000000',
      offerToken: FULFILLER,
      offerIdentifier: '1',
      offerAmount: '1',
      basicOrderType: 0,
      startTime: '0',
      endTime: '1',
      zoneHash: `0x${'0'.repeat(64)}`,
      salt: '0',
      offererConduitKey: `0x${'0'.repeat(64)}`,
      fulfillerConduitKey: `0x${'0'.repeat(64)}`,
      totalOriginalAdditionalRecipients: '0',
      additionalRecipients: [],
      signature: '0x',
    };
    const calldata = encodeSeaportCall('fulfillBasicOrder_efficient_6GL6yc((address,uint256))', {
      basicOrderParameters: parameters,
    });
    expect(decodeFunctionData({ abi: SEAPORT_ABI, data: calldata }).functionName).toBe(
      'fulfillBasicOrder_efficient_6GL6yc',
    );
  });

  it("POST .../{order_hash}/cancel sends the offerer's signature as offerer_signature", async () => {
    const protocol = '0x0000000000000068F116a894984e2DB1123eB395';
    const hash = `0x${'cd'.repeat(32)}` as const;
    const signature = `0x${'12'.repeat(65)}` as const;
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'POST',
        path: `/api/v2/orders/chain/base/protocol/${protocol}/${hash}/cancel`,
        headers: { 'x-api-key': KEY },
        body: JSON.stringify({ offerer_signature: signature }),
      })
      .reply(200, { last_signature_issued_valid_until: null }, json);
    expect(await new OpenSeaClient(KEY).cancelOrder('base', protocol, hash, signature)).toEqual({
      last_signature_issued_valid_until: null,
    });
  });

  it('OpenSea 404 is the tool 404', async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path: '/api/v2/collections/nope/stats' })
      .reply(404, { errors: ['not found'] }, json);
    await expect(new OpenSeaClient(KEY).collectionStats('nope')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('live mode without OPENSEA_API_KEY answers 503 naming it', () => {
    const error = (() => {
      try {
        return new Providers('live', {}).opensea;
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'not_configured', message: expect.stringContaining('OPENSEA_API_KEY') });
    expect(new Providers('sandbox', {}).opensea).toBeUndefined();
  });
});
