/**
 * nftmktListNFT and nftmktCreateNFTOffer: a Seaport order signed by the vault and posted to the order book. Every
 * check (the NFT held for a listing, the ERC-20 balance for an offer, the price's precision, the fees) and the
 * signature come first; the payment settles at the first broadcast (the one-time approval of the conduit) or, with
 * the approval in place, just before the order is posted.
 */
import { invalidField } from '@svc/contracts';
import type { OpenSeaChain } from '@svc/providers';
import { erc20Abi, formatUnits, getAddress, zeroAddress, type Address } from 'viem';
import { callerOf, type HandlerContext, withCommitPoint } from '../handler.js';
import { vaultEvmAddress } from '../evm/balances.js';
import { evmNetworkOf } from '../evm/evm-networks.js';
import { signAndSend, vaultEvmSigner } from '../evm/vault-signer.js';
import { SEAPORT_ABI } from '@svc/chains';
import { chainIdOf, marketplaceOf } from './marketplace.js';
import {
  approvalTarget,
  buildOrder,
  erc20ApprovalNeeded,
  nftApprovalNeeded,
  nftHeld,
  paymentTokenOf,
  signOrder,
  type TokenStandard,
} from './seaport-order.js';

export interface OrderInput {
  chain: OpenSeaChain;
  contractAddress: string;
  tokenId: string;
  price: string;
  paymentTokenAddress?: string | undefined;
  quantity: number;
  expirationDays: number;
}

/** The token standard of `contract` as the order book knows it (its contract route). */
export async function tokenStandardOf(context: HandlerContext, tool: string, chain: OpenSeaChain, contract: Address) {
  const info = await marketplaceOf(context, tool).contract(chain, contract);
  const standard = info.contract_standard.toUpperCase();
  if (standard !== 'ERC721' && standard !== 'ERC1155')
    throw invalidField(
      'contractAddress',
      'not_nft',
      `${contract} is a ${info.contract_standard} contract, not an NFT collection`,
    );
  return { standard: standard as TokenStandard, slug: info.collection };
}

const placeOrder = (side: 'listing' | 'offer') =>
  withCommitPoint(async (input: OrderInput, context: HandlerContext) => {
    const tool = side === 'listing' ? 'nftmktListNFT' : 'nftmktCreateNFTOffer';
    const marketplace = marketplaceOf(context, tool);
    const chainId = chainIdOf(input.chain);
    const network = await evmNetworkOf(context, chainId);
    const vault = getAddress(await vaultEvmAddress(context));
    const contract = getAddress(input.contractAddress);
    const tokenId = BigInt(input.tokenId);
    const { standard, slug } = await tokenStandardOf(context, tool, input.chain, contract);
    if (standard === 'ERC721' && input.quantity !== 1)
      throw invalidField(
        'quantity',
        'erc721_quantity',
        'an ERC721 token is listed or bid on whole: quantity must be 1',
      );
    const quantity = BigInt(input.quantity);
    const venue = await marketplace.venue(input.chain);
    const payment = await paymentTokenOf(
      network,
      input.paymentTokenAddress
        ? getAddress(input.paymentTokenAddress)
        : side === 'offer'
          ? venue.offerToken
          : undefined,
    );
    if (side === 'offer' && payment.address === zeroAddress)
      throw invalidField(
        'paymentTokenAddress',
        'native_offer',
        'an offer is made in an ERC-20 (Seaport cannot pull the native coin from the offerer)',
      );
    const fees = slug
      ? (await marketplace.collection(slug)).fees
          .filter((fee) => fee.required)
          .map((fee) => ({ percent: fee.fee, recipient: getAddress(fee.recipient) }))
      : [];
    const counter = await network.publicClient.readContract({
      address: venue.protocolAddress,
      abi: SEAPORT_ABI,
      functionName: 'getCounter',
      args: [vault],
    });
    const { components, priceAtomic, feeAtomic } = buildOrder({
      side,
      offerer: vault,
      nft: { contract, tokenId, standard, quantity },
      payment,
      price: input.price,
      fees,
      expirationDays: input.expirationDays,
      venue,
      counter,
    });
    const operator = await approvalTarget(network, venue.protocolAddress, venue.conduitKey);
    let approval;
    if (side === 'listing') {
      const held = await nftHeld(network, standard, contract, tokenId, vault);
      if (held < quantity)
        throw invalidField(
          'tokenId',
          'not_owner',
          `the vault ${vault} holds ${held} of token ${input.tokenId} of ${contract}, not ${quantity}`,
        );
      approval = await nftApprovalNeeded(network, contract, vault, operator);
    } else {
      const balance = await network.publicClient.readContract({
        address: payment.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [vault],
      });
      if (balance < priceAtomic)
        throw invalidField(
          'price',
          'insufficient_funds',
          `needs ${input.price} ${payment.symbol}, the vault holds ${formatUnits(balance, payment.decimals)} ${payment.symbol}`,
        );
      approval = await erc20ApprovalNeeded(network, payment.address, vault, operator, priceAtomic, 'unlimited');
    }

    const signer = await vaultEvmSigner(context, callerOf(context).accountId);
    const signed = await signOrder(signer, chainId, venue, components);
    // The commit point: the approval's broadcast (signAndSend settles before sending), else the order's posting.
    const approvalTx = approval ? (await signAndSend(network, signer, approval, context.commit)).hash : null;
    await context.commit?.();
    const posted = await marketplace.postOrder(input.chain, side === 'listing' ? 'listings' : 'offers', {
      ...signed,
      protocol_address: venue.protocolAddress,
    });
    return {
      chain: input.chain,
      side,
      orderHash: posted.order.order_hash ?? signed.hash,
      protocolAddress: venue.protocolAddress,
      maker: vault,
      contractAddress: contract,
      tokenId: input.tokenId,
      tokenStandard: standard,
      quantity: input.quantity,
      price: input.price,
      priceAtomic: priceAtomic.toString(),
      feesAtomic: feeAtomic.toString(),
      paymentToken: { address: payment.address, symbol: payment.symbol, decimals: payment.decimals },
      expirationTime: Number(components.endTime),
      approvalTxHash: approvalTx,
      order: posted.order,
    };
  });

export const nftmktListNFT = placeOrder('listing');
export const nftmktCreateNFTOffer = placeOrder('offer');
