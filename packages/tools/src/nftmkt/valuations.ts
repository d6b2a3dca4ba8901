/**
 * What the nftmkt writes move out of the vault, for the spending policy. NFTs have no USD price source, so an NFT
 * that leaves for a price is valued at that price: a listing at its asking price, an accepted offer at the offered
 * amount. An offer commits its amount; buying a listing pays the order's price. A cancel moves nothing; a transfer
 * is the EVM NFT send's valuation (unpriced).
 */
import { type OpenSeaChain } from '@svc/providers';
import { ITEM_TYPE } from '@svc/chains';
import { getAddress, zeroAddress, type Address, type Hex } from 'viem';
import type { HandlerContext } from '../handler.js';
import { evmNetworkOf } from '../evm/evm-networks.js';
import { atomicAmount } from '../evm/evm-tokens.js';
import { nftSendValue } from '../evm/valuations.js';
import { type MovedValue, movesNothing, unpriced, type ValuationTable, valueOf } from '../valuation.js';
import { chainIdOf, marketplaceOf, protocolAddressOf } from './marketplace.js';
import { paymentTokenOf } from './seaport-order.js';

async function paymentValue(
  context: HandlerContext,
  chain: OpenSeaChain,
  token: Address | undefined,
  amount: bigint | string,
) {
  const network = await evmNetworkOf(context, chainIdOf(chain));
  const payment = await paymentTokenOf(network, token);
  const atomic = typeof amount === 'bigint' ? amount : atomicAmount(amount, payment.decimals, 'price');
  const what = `${payment.symbol} (${payment.address}) on ${network.registry.name}`;
  try {
    return valueOf(
      atomic,
      payment.decimals,
      await network.priceUsd(payment.address === zeroAddress ? null : payment.address),
      what,
    );
  } catch (error) {
    return unpriced(`no USD price for ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const orderValue =
  (side: 'listing' | 'offer') =>
  async (
    input: { chain: OpenSeaChain; price: string; paymentTokenAddress?: string | undefined },
    context: HandlerContext,
  ): Promise<MovedValue> => {
    const explicit = input.paymentTokenAddress ? getAddress(input.paymentTokenAddress) : undefined;
    const token =
      explicit ??
      (side === 'offer'
        ? (await marketplaceOf(context, 'nftmktCreateNFTOffer').venue(input.chain)).offerToken
        : undefined);
    return paymentValue(context, input.chain, token, input.price);
  };

/** A fill moves the order's payment (a listing bought) or the NFT at the offered amount (an offer accepted). */
async function fillValue(
  input: { chain: OpenSeaChain; orderHash: string; protocolAddress: string; side: 'listing' | 'offer' },
  context: HandlerContext,
): Promise<MovedValue> {
  const marketplace = marketplaceOf(context, 'nftmktFulfillNFTOrder');
  const protocolAddress = await protocolAddressOf(marketplace, input.chain, input.protocolAddress);
  const { order } = await marketplace.order(input.chain, protocolAddress, input.orderHash as Hex);
  const { offer, consideration } = order.protocol_data.parameters;
  const payments = (input.side === 'listing' ? consideration : offer).filter(
    (item) => item.itemType === ITEM_TYPE.NATIVE || item.itemType === ITEM_TYPE.ERC20,
  );
  const total = payments.reduce((sum, item) => sum + BigInt(item.startAmount), 0n);
  return paymentValue(context, input.chain, payments[0]?.token, total);
}

export const nftmktValuations: ValuationTable = {
  nftmktListNFT: orderValue('listing'),
  nftmktCreateNFTOffer: orderValue('offer'),
  nftmktFulfillNFTOrder: fillValue,
  nftmktCancelNFTOrder: movesNothing,
  nftmktTransferNFT: (input) => nftSendValue({ tokenAddress: input.contractAddress, tokenId: input.tokenId }),
};
