/**
 * Building, signing and approving for Seaport 1.6 orders from the vault: a listing (the NFT for a price, fees taken
 * out of it as the collection requires) or an offer (a price in an ERC-20 for the NFT, fees likewise), signed as
 * EIP-712 typed data under the Seaport contract's domain with viem (the order format of @opensea/seaport-js, without
 * its ethers dependency). Approvals go to the conduit the order names (Seaport itself for the zero key).
 */
import { invalidField } from '@svc/contracts';
import { type SeaportVenue } from '@svc/providers';
import {
  ITEM_TYPE,
  ORDER_TYPE_FULL_OPEN,
  SEAPORT_ABI,
  SEAPORT_ORDER_TYPES,
  orderMessage,
  seaportDomain,
  seaportOrderHash,
  type ConsiderationItem,
  type OfferItem,
  type OrderComponents,
  type SignedOrder,
} from '@svc/chains';
import type { EvmNetwork } from '@svc/providers';
import {
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseAbi,
  toHex,
  zeroAddress,
  zeroHash,
  type Address,
  type Hex,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { atomicAmount } from '../evm/evm-tokens.js';

export const NFT_ABI = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
]);
const CONTROLLER_ABI = parseAbi([
  'function getConduit(bytes32 conduitKey) view returns (address conduit, bool exists)',
]);

export type TokenStandard = 'ERC721' | 'ERC1155';

/** An ERC-20 or the native coin (zero address) an order is priced in. */
export interface PaymentToken {
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
}

/** The payment token at `address` (undefined: the chain's native coin), read from its contract. */
export async function paymentTokenOf(network: EvmNetwork, address: Address | undefined): Promise<PaymentToken> {
  if (!address || address === zeroAddress)
    return { address: zeroAddress, symbol: network.registry.nativeSymbol, decimals: 18 };
  const read = (functionName: 'symbol' | 'decimals') =>
    network.publicClient.readContract({ address, abi: erc20Abi, functionName });
  const [symbol, decimals] = await Promise.all([read('symbol'), read('decimals')]).catch(() => {
    throw invalidField('paymentTokenAddress', 'unknown_token', `no ERC-20 at ${address} on ${network.registry.name}`);
  });
  return { address, symbol: String(symbol), decimals: Number(decimals) };
}

/** How many units of the NFT `owner` holds (ERC-721: 1 or 0). */
export async function nftHeld(
  network: EvmNetwork,
  standard: TokenStandard,
  contract: Address,
  tokenId: bigint,
  owner: Address,
): Promise<bigint> {
  if (standard === 'ERC721') {
    const current = await network.publicClient
      .readContract({ address: contract, abi: NFT_ABI, functionName: 'ownerOf', args: [tokenId] })
      .catch(() => zeroAddress);
    return current.toLowerCase() === owner.toLowerCase() ? 1n : 0n;
  }
  return network.publicClient.readContract({
    address: contract,
    abi: NFT_ABI,
    functionName: 'balanceOf',
    args: [owner, tokenId],
  });
}

/** The address that pulls tokens for orders naming `conduitKey`: its conduit, or Seaport itself for the zero key. */
export async function approvalTarget(network: EvmNetwork, seaport: Address, conduitKey: Hex): Promise<Address> {
  if (conduitKey === zeroHash) return seaport;
  const [, , controller] = await network.publicClient.readContract({
    address: seaport,
    abi: SEAPORT_ABI,
    functionName: 'information',
  });
  const [conduit, exists] = await network.publicClient.readContract({
    address: controller,
    abi: CONTROLLER_ABI,
    functionName: 'getConduit',
    args: [conduitKey],
  });
  if (!exists) throw new Error(`no conduit for key ${conduitKey} at Seaport ${seaport}`);
  return conduit;
}

/** The approval transaction `owner` still needs for `operator` to move the NFT collection, or undefined. */
export async function nftApprovalNeeded(network: EvmNetwork, contract: Address, owner: Address, operator: Address) {
  const approved = await network.publicClient.readContract({
    address: contract,
    abi: NFT_ABI,
    functionName: 'isApprovedForAll',
    args: [owner, operator],
  });
  if (approved) return undefined;
  return {
    to: contract,
    data: encodeFunctionData({ abi: NFT_ABI, functionName: 'setApprovalForAll', args: [operator, true] }),
  };
}

/**
 * The approval transaction `owner` still needs for `spender` to pull `amount` of an ERC-20, or undefined. `grant`:
 * `exact` approves `amount` only (a fill: the spending policy counts the order's price, so no more may be approved);
 * `unlimited` approves maxUint256 (an offer: the vault's open offers in one token all draw on the one allowance).
 */
export async function erc20ApprovalNeeded(
  network: EvmNetwork,
  token: Address,
  owner: Address,
  spender: Address,
  amount: bigint,
  grant: 'exact' | 'unlimited',
) {
  const allowance = await network.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  });
  if (allowance >= amount) return undefined;
  return {
    to: token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, grant === 'exact' ? amount : maxUint256],
    }),
  };
}

export interface OrderTerms {
  readonly side: 'listing' | 'offer';
  readonly offerer: Address;
  readonly nft: {
    readonly contract: Address;
    readonly tokenId: bigint;
    readonly standard: TokenStandard;
    readonly quantity: bigint;
  };
  readonly payment: PaymentToken;
  /** The whole price (decimal string in whole tokens), fees included. */
  readonly price: string;
  /** Fees the order must carry, in percent of the price, and who receives them. */
  readonly fees: readonly { readonly percent: number; readonly recipient: Address }[];
  readonly expirationDays: number;
  readonly venue: SeaportVenue;
  readonly counter: bigint;
}

/**
 * The order's components. A listing offers the NFT and asks the price: the offerer's proceeds (price minus fees) to the
 * offerer and each fee to its recipient. An offer offers the price in its ERC-20 and asks the NFT to the offerer and
 * each fee (out of the price) to its recipient. Full-open: filled whole, by anyone, no zone.
 */
export function buildOrder(terms: OrderTerms): { components: OrderComponents; priceAtomic: bigint; feeAtomic: bigint } {
  const priceAtomic = atomicAmount(terms.price, terms.payment.decimals, 'price');
  const fees = terms.fees.map((fee) => ({
    recipient: fee.recipient,
    amount: (priceAtomic * BigInt(Math.round(fee.percent * 100))) / 10_000n,
  }));
  const feeAtomic = fees.reduce((sum, fee) => sum + fee.amount, 0n);
  const paymentType = terms.payment.address === zeroAddress ? ITEM_TYPE.NATIVE : ITEM_TYPE.ERC20;
  const paid = (amount: bigint): OfferItem => ({
    itemType: paymentType,
    token: terms.payment.address,
    identifierOrCriteria: '0',
    startAmount: amount.toString(),
    endAmount: amount.toString(),
  });
  const payment = (amount: bigint, recipient: Address): ConsiderationItem => ({ ...paid(amount), recipient });
  const nft: OfferItem = {
    itemType: terms.nft.standard === 'ERC721' ? ITEM_TYPE.ERC721 : ITEM_TYPE.ERC1155,
    token: terms.nft.contract,
    identifierOrCriteria: terms.nft.tokenId.toString(),
    startAmount: terms.nft.quantity.toString(),
    endAmount: terms.nft.quantity.toString(),
  };
  const feeItems = fees.filter((fee) => fee.amount > 0n).map((fee) => payment(fee.amount, fee.recipient));
  const start = BigInt(Math.floor(Date.now() / 1000));
  const [offer, consideration] =
    terms.side === 'listing'
      ? [[nft], [payment(priceAtomic - feeAtomic, terms.offerer), ...feeItems]]
      : [[paid(priceAtomic)], [{ ...nft, recipient: terms.offerer }, ...feeItems]];
  const components: OrderComponents = {
    offerer: terms.offerer,
    zone: zeroAddress,
    offer,
    consideration,
    orderType: ORDER_TYPE_FULL_OPEN,
    startTime: start.toString(),
    endTime: (start + BigInt(terms.expirationDays) * 86_400n).toString(),
    zoneHash: zeroHash,
    salt: BigInt(toHex(crypto.getRandomValues(new Uint8Array(16)))).toString(),
    conduitKey: terms.venue.conduitKey,
    counter: terms.counter.toString(),
  };
  return { components, priceAtomic, feeAtomic };
}

/** Signs the order as the offerer (EIP-712 under Seaport 1.6's domain at the venue's protocol address). */
export async function signOrder(
  signer: PrivateKeyAccount,
  chainId: number,
  venue: SeaportVenue,
  components: OrderComponents,
): Promise<SignedOrder & { hash: Hex }> {
  const signature = await signer.signTypedData({
    domain: seaportDomain(chainId, venue.protocolAddress),
    types: SEAPORT_ORDER_TYPES,
    primaryType: 'OrderComponents',
    message: orderMessage(components),
  });
  return { parameters: components, signature, hash: seaportOrderHash(components) };
}
