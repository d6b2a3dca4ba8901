import { encodeAbiParameters, keccak256, recoverAddress, recoverTypedDataAddress, stringToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { PREDICT_OUTPUTS } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import {
  clobHmac,
  clobL1Headers,
  orderBody,
  POLYGON_CTF_EXCHANGE_V2,
  signOrderV2,
  type OrderV2,
} from './clob-signing.js';
import apiKey from './fixtures/clob-api-key.json' with { type: 'json' };
import book from './fixtures/clob-book.json' with { type: 'json' };
import positions from './fixtures/data-positions.json' with { type: 'json' };
import event from './fixtures/gamma-event.json' with { type: 'json' };
import events from './fixtures/gamma-events.json' with { type: 'json' };
import search from './fixtures/gamma-search.json' with { type: 'json' };
import tags from './fixtures/gamma-tags.json' with { type: 'json' };
import { marketOrderAmounts } from './market-order.js';
import { PolymarketClient } from './polymarket.js';

const json = { headers: { 'content-type': 'application/json' } };
const USER = '0x56687bf447db6ffa42ffe2204a05edaa20f55839';
// anvil's first dev key: a public test key, as clob-client-v2's own order-builder tests use.
const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

describe('PolymarketClient against recorded Gamma, Data API and CLOB answers (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();
  const client = new PolymarketClient();

  it('Gamma events, tags, search and event by slug answer the bodies as recorded', async () => {
    const gamma = mockAgent().get('https://gamma-api.polymarket.com');
    gamma
      .intercept({
        path: '/events',
        query: {
          active: 'true',
          closed: 'false',
          limit: '2',
          offset: '0',
          order: 'volume24hr',
          ascending: 'false',
          tag_id: '2',
        },
      })
      .reply(200, events, json);
    gamma.intercept({ path: '/tags' }).reply(200, tags, json);
    gamma
      .intercept({
        path: '/public-search',
        query: { q: 'bitcoin', page: '0', events_status: 'active', limit_per_type: '10' },
      })
      .reply(200, search, json);
    gamma.intercept({ path: '/events/slug/democratic-presidential-nominee-2028' }).reply(200, event, json);
    gamma
      .intercept({ path: '/events/slug/no-such-event' })
      .reply(404, { type: 'not found error', error: 'not found' }, json);

    expect(await client.events({ limit: 2, offset: 0, order: 'volume24hr', ascending: false, tagId: 2 })).toEqual(
      events,
    );
    expect(await client.tags()).toEqual(tags);
    expect(await client.search('bitcoin', 0, 'active')).toEqual(search);
    expect(await client.eventBySlug('democratic-presidential-nominee-2028')).toEqual(event);
    expect(await client.eventBySlug('no-such-event')).toBeUndefined();
    // The recorded answers fit the tools' published answers (as the handlers wrap them).
    expect(PREDICT_OUTPUTS.getPredictEvents!.safeParse({ events }).success).toBe(true);
    expect(PREDICT_OUTPUTS.getPredictTags!.safeParse({ tags }).success).toBe(true);
    expect(PREDICT_OUTPUTS.searchPredictEvents!.safeParse(search).success).toBe(true);
    expect(PREDICT_OUTPUTS.getPredictEvent!.safeParse(event).success).toBe(true);
  });

  it('Data API positions of a user, sorted as asked', async () => {
    mockAgent()
      .get('https://data-api.polymarket.com')
      .intercept({
        path: '/positions',
        query: { user: USER, limit: '50', offset: '0', sortBy: 'CURRENT', sortDirection: 'DESC' },
      })
      .reply(200, positions, json);
    expect(await client.positions(USER, { limit: 50, offset: 0, sortBy: 'CURRENT', sortDirection: 'DESC' })).toEqual(
      positions,
    );
    expect(PREDICT_OUTPUTS.getPredictUserPositions!.safeParse({ user: USER, positions }).success).toBe(true);
  });

  it('CLOB book and API credentials; a Gamma body of another shape is a 502 naming Polymarket', async () => {
    const clob = mockAgent().get('https://clob.polymarket.com');
    clob.intercept({ path: '/book', query: { token_id: '12345678901234567890' } }).reply(200, book, json);
    clob.intercept({ path: '/auth/derive-api-key' }).reply(200, apiKey, json);
    mockAgent().get('https://gamma-api.polymarket.com').intercept({ path: '/tags' }).reply(200, { tags: [] }, json);
    expect(await client.book('12345678901234567890')).toEqual({ bids: book.bids, asks: book.asks });
    expect(await client.deriveApiKey(await clobL1Headers(signer, 1_700_000_000))).toEqual(apiKey);
    await expect(client.tags()).rejects.toMatchObject({ code: 'upstream_error', extra: { provider: 'Polymarket' } });
  });
});

describe('CLOB V2 signing', () => {
  it("computes the L2 HMAC of clob-client-v2's own test vector", () => {
    expect(
      clobHmac('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', 1000000, 'test-sign', '/orders', '{"hash": "0x123"}'),
    ).toBe('ZwAdJKvoYRlEKDkNMwd5BuwNNtg93kNaR_oU2HrfVvc=');
  });

  it('signs L1 ClobAuth so that it recovers to the signer', async () => {
    const headers = await clobL1Headers(signer, 1_700_000_000);
    expect(headers).toMatchObject({ POLY_ADDRESS: signer.address, POLY_TIMESTAMP: '1700000000', POLY_NONCE: '0' });
    const recovered = await recoverTypedDataAddress({
      domain: { name: 'ClobAuthDomain', version: '1', chainId: 137 },
      types: {
        ClobAuth: [
          { name: 'address', type: 'address' },
          { name: 'timestamp', type: 'string' },
          { name: 'nonce', type: 'uint256' },
          { name: 'message', type: 'string' },
        ],
      },
      primaryType: 'ClobAuth',
      message: {
        address: signer.address,
        timestamp: '1700000000',
        nonce: 0n,
        message: 'This message attests that I control the given wallet',
      },
      signature: headers.POLY_SIGNATURE as Hex,
    });
    expect(recovered).toBe(signer.address);
  });

  it("signs the V2 order over the published 11-field type string and the exchange's domain", async () => {
    const order: OrderV2 = {
      salt: 479249096354n,
      maker: signer.address,
      signer: signer.address,
      tokenId: 1234n,
      makerAmount: 100_000_000n,
      takerAmount: 50_000_000n,
      side: 'BUY',
      signatureType: 0,
      timestamp: 1780449126930n,
    };
    const signature = await signOrderV2(signer, order, POLYGON_CTF_EXCHANGE_V2);
    // The digest built by hand from clob-client-v2's ORDER_TYPE_STRING and EIP-712 domain hash.
    const typeHash = keccak256(
      stringToHex(
        'Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)',
      ),
    );
    const zero = `0x${'0'.repeat(64)}` as Hex;
    const structHash = keccak256(
      encodeAbiParameters(
        [
          { type: 'bytes32' },
          { type: 'uint256' },
          { type: 'address' },
          { type: 'address' },
          { type: 'uint256' },
          { type: 'uint256' },
          { type: 'uint256' },
          { type: 'uint8' },
          { type: 'uint8' },
          { type: 'uint256' },
          { type: 'bytes32' },
          { type: 'bytes32' },
        ],
        [
          typeHash,
          order.salt,
          order.maker,
          order.signer,
          order.tokenId,
          order.makerAmount,
          order.takerAmount,
          0,
          0,
          order.timestamp,
          zero,
          zero,
        ],
      ),
    );
    const domainSeparator = keccak256(
      encodeAbiParameters(
        [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
        [
          keccak256(stringToHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)')),
          keccak256(stringToHex('Polymarket CTF Exchange')),
          keccak256(stringToHex('2')),
          137n,
          POLYGON_CTF_EXCHANGE_V2,
        ],
      ),
    );
    const digest = keccak256(`0x1901${domainSeparator.slice(2)}${structHash.slice(2)}`);
    expect(await recoverAddress({ hash: digest, signature })).toBe(signer.address);

    const body = JSON.parse(orderBody(order, signature, 'key'));
    expect(body).toMatchObject({
      owner: 'key',
      orderType: 'FOK',
      order: { side: 'BUY', signatureType: 0, tokenId: '1234', makerAmount: '100000000', expiration: '0', signature },
    });
  });
});

describe('market order amounts', () => {
  const levels = { bids: book.bids, asks: book.asks };

  it('a BUY walks the asks from the cheapest; a SELL the bids from the dearest', () => {
    // 100 USD: 120 shares at 0.51 cover 61.2 USD, the next level (0.52) covers the rest.
    expect(marketOrderAmounts(levels, 'BUY', 100, 0.01)).toEqual({
      price: 0.52,
      makerAmount: 100_000_000n,
      takerAmount: 192_307_600n,
    });
    // 200 shares: 150 at 0.50, then 0.49.
    expect(marketOrderAmounts(levels, 'SELL', 200, 0.01)).toEqual({
      price: 0.49,
      makerAmount: 200_000_000n,
      takerAmount: 98_000_000n,
    });
    expect(marketOrderAmounts(levels, 'SELL', 10_000, 0.01)).toBeUndefined();
  });
});

describe('the Polymarket provider', () => {
  it('is unset in sandbox mode; live needs no setting, and each POLYMARKET_*_API_URL moves its host', async () => {
    expect(new Providers('sandbox', {}).polymarket).toBeUndefined();
    expect(new Providers('live', {}).polymarket).toBeInstanceOf(PolymarketClient);
  });
});
