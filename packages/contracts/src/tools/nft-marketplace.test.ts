import { describe, expect, it } from 'vitest';
import { inputJsonSchema } from '../json-schema.js';
import { familyHelpers } from './family.testutil.js';
import { NFTMKT_CHAIN, SEAPORT_1_6, nftMarketplaceTools } from './nft-marketplace.js';

const { tool, ok, parsed, issuePaths, agree } = familyHelpers(nftMarketplaceTools);

const CONTRACT = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';
const OTHER = '0x2222222222222222222222222222222222222222';
const HASH = `0x${'1f'.repeat(32)}`;
const NFT = { chain: 'ethereum', contractAddress: CONTRACT, tokenId: '1234' };

const WRITES = [
  'nftmktListNFT',
  'nftmktCreateNFTOffer',
  'nftmktFulfillNFTOrder',
  'nftmktCancelNFTOrder',
  'nftmktTransferNFT',
];
const PUBLIC_READS = [
  'nftmktGetNFTListings',
  'nftmktGetNFTOffers',
  'nftmktGetTrendingCollections',
  'nftmktGetCollectionStats',
  'nftmktGetCollectionActivity',
  'nftmktGetBestListings',
];

describe('nftMarketplaceTools', () => {
  it('defines the twelve tools: writes and own-NFT reads identity-gated, public reads open', () => {
    expect(nftMarketplaceTools).toHaveLength(12);
    expect(new Set(nftMarketplaceTools.map((t) => t.name))).toEqual(
      new Set([...WRITES, ...PUBLIC_READS, 'nftmktGetMyNFTs']),
    );
    for (const t of nftMarketplaceTools) {
      expect(t.group, t.name).toBe('NFT Marketplace');
      expect(t.price, t.name).toBe('nft-marketplace');
      expect(t.description, t.name).toMatch(/OpenSea/);
    }
    for (const name of WRITES) expect([tool(name).effect, tool(name).identity], name).toEqual(['write', true]);
    for (const name of PUBLIC_READS) expect([tool(name).effect, tool(name).identity], name).toEqual(['read', false]);
    expect([tool('nftmktGetMyNFTs').effect, tool('nftmktGetMyNFTs').identity]).toEqual(['read', true]);
  });

  it('chain enum: ethereum, base, polygon only (no bsc, no altchain, no matic)', () => {
    expect(NFTMKT_CHAIN.options).toEqual(['ethereum', 'base', 'polygon']);
    for (const chain of ['ethereum', 'base', 'polygon'])
      expect(ok('nftmktGetNFTListings', { ...NFT, chain }), chain).toBe(true);
    for (const chain of ['bsc', 'altchain', 'matic', 'solana'])
      expect(ok('nftmktGetNFTListings', { ...NFT, chain }), chain).toBe(false);
  });

  it('formats: contract address, decimal token id, order hash, slug', () => {
    expect(ok('nftmktGetNFTOffers', { ...NFT, contractAddress: '0x123' })).toBe(false);
    expect(ok('nftmktGetNFTOffers', { ...NFT, tokenId: '0x1f' })).toBe(false);
    expect(ok('nftmktGetNFTOffers', { ...NFT, tokenId: '-1' })).toBe(false);
    expect(ok('nftmktGetNFTOffers', { ...NFT, tokenId: '' })).toBe(false);
    expect(ok('nftmktGetNFTOffers', { ...NFT, tokenId: 1234 })).toBe(false);
    expect(ok('nftmktGetNFTOffers', { ...NFT, tokenId: '9'.repeat(78) })).toBe(true);
    expect(ok('nftmktGetNFTOffers', { ...NFT, tokenId: '9'.repeat(79) })).toBe(false);
    expect(ok('nftmktCancelNFTOrder', { chain: 'base', orderHash: HASH })).toBe(true);
    expect(ok('nftmktCancelNFTOrder', { chain: 'base', orderHash: HASH.slice(0, 65) })).toBe(false);
    expect(ok('nftmktGetCollectionStats', { collectionSlug: 'boredapeyachtclub' })).toBe(true);
    expect(ok('nftmktGetCollectionStats', { collectionSlug: '' })).toBe(false);
    expect(ok('nftmktGetCollectionStats', {})).toBe(false);
  });

  it('nftmktListNFT and nftmktCreateNFTOffer: POSDEC price, quantity >= 1 default 1, expirationDays 1-180 default 30', () => {
    for (const name of ['nftmktListNFT', 'nftmktCreateNFTOffer']) {
      const data = parsed(name, { ...NFT, price: '0.25' });
      expect(data.quantity, name).toBe(1);
      expect(data.expirationDays, name).toBe(30);
      expect(data.paymentTokenAddress, name).toBeUndefined();
      expect(ok(name, NFT), name).toBe(false);
      expect(ok(name, { ...NFT, price: '0' }), name).toBe(false);
      expect(ok(name, { ...NFT, price: 0.25 }), name).toBe(false);
      expect(ok(name, { ...NFT, price: '-1' }), name).toBe(false);
      expect(ok(name, { ...NFT, price: '1', quantity: 0 }), name).toBe(false);
      expect(ok(name, { ...NFT, price: '1', quantity: 1.5 }), name).toBe(false);
      expect(ok(name, { ...NFT, price: '1', quantity: 5 }), name).toBe(true);
      expect(ok(name, { ...NFT, price: '1', expirationDays: 1 }), name).toBe(true);
      expect(ok(name, { ...NFT, price: '1', expirationDays: 180 }), name).toBe(true);
      expect(ok(name, { ...NFT, price: '1', expirationDays: 0 }), name).toBe(false);
      expect(ok(name, { ...NFT, price: '1', expirationDays: 181 }), name).toBe(false);
      expect(ok(name, { ...NFT, price: '1', paymentTokenAddress: OTHER }), name).toBe(true);
      expect(ok(name, { ...NFT, price: '1', paymentTokenAddress: 'WETH' }), name).toBe(false);
      expect(ok(name, { ...NFT, price: '1', chain: 'bsc' }), name).toBe(false);
    }
  });

  it('nftmktFulfillNFTOrder: defaults protocolAddress to Seaport 1.6; side enum', () => {
    const data = parsed('nftmktFulfillNFTOrder', { chain: 'ethereum', orderHash: HASH, side: 'listing' });
    expect(data.protocolAddress).toBe(SEAPORT_1_6);
    expect(data.quantity).toBeUndefined();
    expect(ok('nftmktFulfillNFTOrder', { chain: 'ethereum', orderHash: HASH })).toBe(false);
    expect(ok('nftmktFulfillNFTOrder', { chain: 'ethereum', orderHash: HASH, side: 'bid' })).toBe(false);
    expect(ok('nftmktFulfillNFTOrder', { chain: 'ethereum', orderHash: HASH, side: 'listing', quantity: 0 })).toBe(
      false,
    );
    expect(
      ok('nftmktFulfillNFTOrder', {
        chain: 'ethereum',
        orderHash: HASH,
        side: 'listing',
        quantity: 2,
        recipient: OTHER,
      }),
    ).toBe(true);
    expect(ok('nftmktFulfillNFTOrder', { chain: 'ethereum', orderHash: HASH, side: 'listing', recipient: 'me' })).toBe(
      false,
    );
  });

  it('nftmktFulfillNFTOrder rule: contractAddress and tokenId together, and only with side offer (zod and JSON Schema)', () => {
    const offer = { chain: 'base', orderHash: HASH, side: 'offer' };
    const listing = { ...offer, side: 'listing' };
    const cases: Array<[unknown, boolean]> = [
      [offer, true],
      [{ ...offer, contractAddress: CONTRACT, tokenId: '7' }, true],
      [{ ...offer, contractAddress: CONTRACT }, false],
      [{ ...offer, tokenId: '7' }, false],
      [listing, true],
      [{ ...listing, contractAddress: CONTRACT, tokenId: '7' }, false],
      [{ ...listing, tokenId: '7' }, false],
    ];
    for (const [input, expected] of cases) agree('nftmktFulfillNFTOrder', input, expected);
    expect(issuePaths('nftmktFulfillNFTOrder', { ...offer, contractAddress: CONTRACT })).toEqual(['tokenId']);
    expect(issuePaths('nftmktFulfillNFTOrder', { ...offer, tokenId: '7' })).toEqual(['contractAddress']);
    expect(issuePaths('nftmktFulfillNFTOrder', { ...listing, contractAddress: CONTRACT, tokenId: '7' })).toEqual([
      'contractAddress',
      'tokenId',
    ]);
  });

  it('nftmktCancelNFTOrder: method onchain by default, offchain allowed', () => {
    const data = parsed('nftmktCancelNFTOrder', { chain: 'polygon', orderHash: HASH });
    expect(data.method).toBe('onchain');
    expect(data.protocolAddress).toBe(SEAPORT_1_6);
    expect(ok('nftmktCancelNFTOrder', { chain: 'polygon', orderHash: HASH, method: 'offchain' })).toBe(true);
    expect(ok('nftmktCancelNFTOrder', { chain: 'polygon', orderHash: HASH, method: 'api' })).toBe(false);
    expect(ok('nftmktCancelNFTOrder', { chain: 'polygon' })).toBe(false);
  });

  it('nftmktTransferNFT: to required; rule quantity 1 for ERC721 (zod and JSON Schema)', () => {
    const transfer = { ...NFT, to: OTHER };
    expect(parsed('nftmktTransferNFT', transfer).quantity).toBe(1);
    expect(ok('nftmktTransferNFT', NFT)).toBe(false);
    expect(ok('nftmktTransferNFT', { ...transfer, tokenStandard: 'ERC20' })).toBe(false);
    const cases: Array<[unknown, boolean]> = [
      [transfer, true],
      [{ ...transfer, tokenStandard: 'ERC721' }, true],
      [{ ...transfer, tokenStandard: 'ERC721', quantity: 1 }, true],
      [{ ...transfer, tokenStandard: 'ERC721', quantity: 2 }, false],
      [{ ...transfer, tokenStandard: 'ERC1155', quantity: 2 }, true],
      [{ ...transfer, quantity: 2 }, true],
      [{ ...transfer, quantity: 0 }, false],
    ];
    for (const [input, expected] of cases) agree('nftmktTransferNFT', input, expected);
    expect(issuePaths('nftmktTransferNFT', { ...transfer, tokenStandard: 'ERC721', quantity: 3 })).toEqual([
      'quantity',
    ]);
  });

  it('nftmktGetNFTListings / nftmktGetNFTOffers: limit integer 1-50 default 20, next cursor', () => {
    for (const name of ['nftmktGetNFTListings', 'nftmktGetNFTOffers']) {
      expect(parsed(name, NFT).limit, name).toBe(20);
      expect(ok(name, { ...NFT, limit: 1 }), name).toBe(true);
      expect(ok(name, { ...NFT, limit: 50 }), name).toBe(true);
      expect(ok(name, { ...NFT, limit: 0 }), name).toBe(false);
      expect(ok(name, { ...NFT, limit: 51 }), name).toBe(false);
      expect(ok(name, { ...NFT, next: 'cursor123' }), name).toBe(true);
      expect(ok(name, { ...NFT, next: '' }), name).toBe(false);
      expect(ok(name, { chain: 'ethereum', contractAddress: CONTRACT }), name).toBe(false);
    }
  });

  it('nftmktGetMyNFTs: everything optional, limit 1-200 default 50, rule next requires chain (zod and JSON Schema)', () => {
    expect(parsed('nftmktGetMyNFTs', {})).toEqual({ limit: 50 });
    expect(ok('nftmktGetMyNFTs', { limit: 200 })).toBe(true);
    expect(ok('nftmktGetMyNFTs', { limit: 201 })).toBe(false);
    expect(ok('nftmktGetMyNFTs', { limit: 0 })).toBe(false);
    expect(ok('nftmktGetMyNFTs', { collection: 'azuki' })).toBe(true);
    expect(ok('nftmktGetMyNFTs', { address: CONTRACT })).toBe(false);
    const cases: Array<[unknown, boolean]> = [
      [{ next: 'abc' }, false],
      [{ next: 'abc', chain: 'base' }, true],
      [{ chain: 'base' }, true],
    ];
    for (const [input, expected] of cases) agree('nftmktGetMyNFTs', input, expected);
    expect(issuePaths('nftmktGetMyNFTs', { next: 'abc' })).toEqual(['chain']);
  });

  it('nftmktGetTrendingCollections: timeframe default one_day, limit 1-100 default 20', () => {
    expect(parsed('nftmktGetTrendingCollections', {})).toEqual({ timeframe: 'one_day', limit: 20 });
    expect(ok('nftmktGetTrendingCollections', { timeframe: 'seven_days', chain: 'base', category: 'art' })).toBe(true);
    expect(ok('nftmktGetTrendingCollections', { timeframe: '24h' })).toBe(false);
    expect(ok('nftmktGetTrendingCollections', { limit: 100 })).toBe(true);
    expect(ok('nftmktGetTrendingCollections', { limit: 101 })).toBe(false);
    expect(ok('nftmktGetTrendingCollections', { limit: 0 })).toBe(false);
    expect(ok('nftmktGetTrendingCollections', { chain: 'bsc' })).toBe(false);
  });

  it('nftmktGetCollectionActivity: eventType enum, limit 1-50 default 20, rule after < before', () => {
    const slug = { collectionSlug: 'azuki' };
    expect(parsed('nftmktGetCollectionActivity', slug).limit).toBe(20);
    expect(ok('nftmktGetCollectionActivity', { ...slug, eventType: 'sale' })).toBe(true);
    expect(ok('nftmktGetCollectionActivity', { ...slug, eventType: 'bid' })).toBe(false);
    expect(ok('nftmktGetCollectionActivity', { ...slug, limit: 50 })).toBe(true);
    expect(ok('nftmktGetCollectionActivity', { ...slug, limit: 51 })).toBe(false);
    expect(ok('nftmktGetCollectionActivity', { ...slug, limit: 0 })).toBe(false);
    expect(ok('nftmktGetCollectionActivity', { ...slug, after: -1 })).toBe(false);
    expect(ok('nftmktGetCollectionActivity', { ...slug, after: 1.5 })).toBe(false);
    expect(ok('nftmktGetCollectionActivity', { ...slug, after: 100, before: 200 })).toBe(true);
    expect(ok('nftmktGetCollectionActivity', { ...slug, after: 200 })).toBe(true);
    expect(ok('nftmktGetCollectionActivity', { ...slug, after: 200, before: 200 })).toBe(false);
    expect(issuePaths('nftmktGetCollectionActivity', { ...slug, after: 300, before: 200 })).toEqual(['before']);
    expect(inputJsonSchema(tool('nftmktGetCollectionActivity')).description).toMatch(/after < before/);
  });

  it('nftmktGetBestListings: slug required, limit 1-100 default 20', () => {
    expect(parsed('nftmktGetBestListings', { collectionSlug: 'azuki' }).limit).toBe(20);
    expect(ok('nftmktGetBestListings', { collectionSlug: 'azuki', limit: 100 })).toBe(true);
    expect(ok('nftmktGetBestListings', { collectionSlug: 'azuki', limit: 101 })).toBe(false);
    expect(ok('nftmktGetBestListings', { collectionSlug: 'azuki', limit: 0 })).toBe(false);
    expect(ok('nftmktGetBestListings', {})).toBe(false);
  });
});
