import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { erc20Abi, getAddress, parseAbi, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, usdcOf, useSandboxGateway } from './harness.js';

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
const NFT_ABI = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function balanceOf(address, uint256) view returns (uint256)',
]);
const PUNKS = 'sandbox-punks-base';
const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describe.each(backendsFor(import.meta.url))('NFT marketplace tools on the sandbox Seaport ($name)', (backend) => {
  const gateway = useSandboxGateway(backend, {}, { masterKey });
  /** A signed-in paying wallet, its vault funded with gas on Base. */
  const caller = async () => {
    const wallet = await fundedWallet(gateway, UNCAPPED);
    expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
      200,
    );
    const info = await json(await wallet.call('wallet', {}));
    const vault = getAddress(info.vault.networks.base.address);
    await fund(vault, 'ETH', '0.05');
    return { ...wallet, vault };
  };
  const fund = async (address: string, token: string, amount: string) => {
    const res = await gateway.faucet({ address, chain: 'base', token, amount });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json() as Promise<{ tokenIds?: string[] }>;
  };
  const market = () => gateway.sandbox.evm(8453);
  const usdcBalance = async (owner: Address) => {
    const base = await market();
    return base.chain.publicClient.readContract({
      address: base.chain.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
  };
  const ownerOf = async (tokenId: string) => {
    const base = await market();
    const punks = base.nfts.find((nft) => nft.standard === 'ERC721')!.address;
    return base.chain.publicClient.readContract({
      address: punks,
      abi: NFT_ABI,
      functionName: 'ownerOf',
      args: [BigInt(tokenId)],
    });
  };
  const punksAddress = async () => (await market()).nfts.find((nft) => nft.standard === 'ERC721')!.address;
  const seaportAddress = async () => (await market()).seaport!.seaport;
  const mintPunk = async (to: Address) => (await fund(to, 'SBXNFT', '1')).tokenIds![0]!;

  it('vault A lists an ERC-721 for USDC; vault B finds it in the best listings and buys it; chain, activity and stats agree', async () => {
    const alice = await caller();
    const bob = await caller();
    const tokenId = await mintPunk(alice.vault);
    await fund(bob.vault, 'USDC', '100');
    const contractAddress = await punksAddress();
    const usdc = (await market()).chain.usdc;
    const statsBefore = await json(await bob.call('nftmktGetCollectionStats', { collectionSlug: PUNKS }));

    const listed = await json(
      await alice.call('nftmktListNFT', {
        chain: 'base',
        contractAddress,
        tokenId,
        price: '25',
        paymentTokenAddress: usdc,
      }),
    );
    expect(listed).toMatchObject({
      side: 'listing',
      maker: alice.vault,
      protocolAddress: await seaportAddress(),
      priceAtomic: '25000000',
      feesAtomic: '250000',
      approvalTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      orderHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    const { orderHash } = listed;
    // The conduit is approved once: the second listing sends no approval.
    const second = await mintPunk(alice.vault);
    expect(
      await json(
        await alice.call('nftmktListNFT', {
          chain: 'base',
          contractAddress,
          tokenId: second,
          price: '1000',
          paymentTokenAddress: usdc,
        }),
      ),
    ).toMatchObject({ approvalTxHash: null });

    const best = await json(await bob.call('nftmktGetBestListings', { collectionSlug: PUNKS, limit: 100 }));
    const offered = best.listings.find((listing: { order_hash: string }) => listing.order_hash === orderHash);
    expect(offered).toMatchObject({ price: { current: { currency: 'USDC', decimals: 6, value: '25000000' } } });
    const listings = await json(await bob.call('nftmktGetNFTListings', { chain: 'base', contractAddress, tokenId }));
    expect(listings.orders.map((order: { order_hash: string }) => order.order_hash)).toEqual([orderHash]);

    // The order's second consideration item pays the marketplace fee (the first pays the seller).
    const feeRecipient = listings.orders[0].protocol_data.parameters.consideration[1].recipient as Address;
    const [aliceBefore, bobBefore, feeBefore] = await Promise.all([
      usdcBalance(alice.vault),
      usdcBalance(bob.vault),
      usdcBalance(feeRecipient),
    ]);
    const filled = await json(
      await bob.call('nftmktFulfillNFTOrder', {
        chain: 'base',
        orderHash,
        side: 'listing',
        protocolAddress: await seaportAddress(),
      }),
    );
    expect(filled).toMatchObject({ fulfiller: bob.vault, recipient: bob.vault, nft: { tokenId, quantity: 1 } });
    expect(await ownerOf(tokenId)).toBe(bob.vault);
    expect((await usdcBalance(alice.vault)) - aliceBefore).toBe(parseUnits('24.75', 6));
    expect(bobBefore - (await usdcBalance(bob.vault))).toBe(parseUnits('25', 6));
    expect((await usdcBalance(feeRecipient)) - feeBefore).toBe(parseUnits('0.25', 6));

    const activity = await json(
      await bob.call('nftmktGetCollectionActivity', { collectionSlug: PUNKS, eventType: 'sale', limit: 50 }),
    );
    expect(activity.asset_events).toContainEqual(
      expect.objectContaining({
        event_type: 'sale',
        order_hash: orderHash,
        transaction: filled.txHash,
        seller: alice.vault,
        buyer: bob.vault,
        payment: expect.objectContaining({ quantity: '25000000', symbol: 'USDC' }),
      }),
    );
    const statsAfter = await json(await bob.call('nftmktGetCollectionStats', { collectionSlug: PUNKS }));
    expect(statsAfter.total.sales - statsBefore.total.sales).toBeGreaterThanOrEqual(1);
    expect(statsAfter.total.volume).toBeGreaterThan(statsBefore.total.volume);
    expect(statsAfter.intervals[0]).toMatchObject({ interval: 'one_day' });

    const mine = await json(await bob.call('nftmktGetMyNFTs', { chain: 'base', collection: PUNKS }));
    expect(mine.nfts.map((nft: { identifier: string }) => nft.identifier)).toContain(tokenId);
    const after = await json(await bob.call('nftmktGetBestListings', { collectionSlug: PUNKS, limit: 100 }));
    expect(after.listings.map((listing: { order_hash: string }) => listing.order_hash)).not.toContain(orderHash);
  });

  it('an offer in USDC is made on an NFT and accepted by its owner', async () => {
    const alice = await caller();
    const bob = await caller();
    const tokenId = await mintPunk(alice.vault);
    await fund(bob.vault, 'USDC', '50');
    const contractAddress = await punksAddress();
    const usdc = (await market()).chain.usdc;

    const offer = await json(
      await bob.call('nftmktCreateNFTOffer', {
        chain: 'base',
        contractAddress,
        tokenId,
        price: '10',
        paymentTokenAddress: usdc,
      }),
    );
    expect(offer).toMatchObject({ side: 'offer', maker: bob.vault, priceAtomic: '10000000' });
    const offers = await json(await alice.call('nftmktGetNFTOffers', { chain: 'base', contractAddress, tokenId }));
    expect(offers.orders.map((order: { order_hash: string }) => order.order_hash)).toContain(offer.orderHash);

    const [aliceBefore, bobBefore] = await Promise.all([usdcBalance(alice.vault), usdcBalance(bob.vault)]);
    await json(
      await alice.call('nftmktFulfillNFTOrder', {
        chain: 'base',
        orderHash: offer.orderHash,
        side: 'offer',
        protocolAddress: await seaportAddress(),
        contractAddress,
        tokenId,
      }),
    );
    expect(await ownerOf(tokenId)).toBe(bob.vault);
    expect(bobBefore - (await usdcBalance(bob.vault))).toBe(parseUnits('10', 6));
    expect((await usdcBalance(alice.vault)) - aliceBefore).toBe(parseUnits('9.9', 6));
  });

  it('a listing cancelled on chain or off-chain cannot be filled, and the refused fill is not charged', async () => {
    const alice = await caller();
    const bob = await caller();
    await fund(bob.vault, 'USDC', '100');
    const contractAddress = await punksAddress();
    const usdc = (await market()).chain.usdc;
    const protocolAddress = await seaportAddress();
    for (const method of ['onchain', 'offchain'] as const) {
      const tokenId = await mintPunk(alice.vault);
      const { orderHash } = await json(
        await alice.call('nftmktListNFT', {
          chain: 'base',
          contractAddress,
          tokenId,
          price: '5',
          paymentTokenAddress: usdc,
        }),
      );
      // Only the maker cancels.
      expect(
        await json(await bob.call('nftmktCancelNFTOrder', { chain: 'base', orderHash, method }), 403),
      ).toMatchObject({
        code: 'not_holder',
      });
      const cancelled = await json(await alice.call('nftmktCancelNFTOrder', { chain: 'base', orderHash, method }));
      expect(cancelled).toMatchObject({ method, cancelled: true });
      if (method === 'onchain') expect(cancelled.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      // The sandbox order book has no signed zone: an off-chain cancel leaves the served signature valid on Seaport.
      expect(cancelled.signatureValidOnChain).toBe(method === 'offchain');

      const paid = await usdcOf(gateway.sandbox, bob.account.address);
      expect(
        await json(
          await bob.call('nftmktFulfillNFTOrder', { chain: 'base', orderHash, side: 'listing', protocolAddress }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'orderHash', rule: 'not_fillable' }] });
      expect(await usdcOf(gateway.sandbox, bob.account.address)).toBe(paid);
      expect(await ownerOf(tokenId)).toBe(alice.vault);
    }
  });

  it('listing an NFT the vault does not own is a 400 before the payment settles', async () => {
    const alice = await caller();
    const stranger = newAddress();
    const tokenId = await mintPunk(stranger);
    const paid = await usdcOf(gateway.sandbox, alice.account.address);
    expect(
      await json(
        await alice.call('nftmktListNFT', {
          chain: 'base',
          contractAddress: await punksAddress(),
          tokenId,
          price: '1',
        }),
        400,
      ),
    ).toMatchObject({ issues: [{ field: 'tokenId', rule: 'not_owner' }] });
    expect(await usdcOf(gateway.sandbox, alice.account.address)).toBe(paid);
  });

  it('transfers an ERC-1155 (standard read from the order book); trending ranks the sandbox collections', async () => {
    const alice = await caller();
    const base = await market();
    const items = base.nfts.find((nft) => nft.standard === 'ERC1155')!.address;
    await fund(alice.vault, 'SBXITEM', '3');
    const bob = newAddress();
    expect(
      await json(
        await alice.call('nftmktTransferNFT', {
          chain: 'base',
          contractAddress: items,
          tokenId: '1',
          to: bob,
          quantity: 2,
        }),
      ),
    ).toMatchObject({ chain: 'base', tokenStandard: 'ERC1155', quantity: 2 });
    expect(
      await base.chain.publicClient.readContract({
        address: items,
        abi: NFT_ABI,
        functionName: 'balanceOf',
        args: [bob, 1n],
      }),
    ).toBe(2n);

    const trending = await json(
      await alice.call('nftmktGetTrendingCollections', { chain: 'base', timeframe: 'all_time' }),
    );
    expect(trending.collections.map((c: { collection: string }) => c.collection)).toEqual(
      expect.arrayContaining([PUNKS, 'sandbox-items-base']),
    );
    const mine = await json(await alice.call('nftmktGetMyNFTs', {}));
    expect(mine.nfts).toContainEqual(
      expect.objectContaining({ chain: 'base', collection: 'sandbox-items-base', identifier: '1' }),
    );
  });
});
