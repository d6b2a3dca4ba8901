/**
 * nftmktFulfillNFTOrder and nftmktCancelNFTOrder. A fill asks the order book for the fulfilment transaction (it
 * refuses an order that is cancelled, filled or expired before anything is signed), checks what the vault must give
 * (the payment for a listing, the NFT for an offer, each fee), sends the approvals the conduit still lacks and the
 * Seaport call; the payment settles at the first broadcast. The fulfilment transaction must go to the order's Seaport
 * and send exactly the native coin the order asks; ERC-20 approvals are for exactly what the fill pulls. A cancel is
 * Seaport's cancel() from the vault (on chain, final) or the order book's off-chain cancel (OpenSea: only for orders
 * in its signed zone; the sandbox: the order book stops serving it, its signature stays valid on Seaport); only the
 * order's maker may cancel.
 */
import { invalidField, ServiceError } from '@svc/contracts';
import { type OpenSeaChain } from '@svc/providers';
import {
  encodeSeaportCall,
  ITEM_TYPE,
  SEAPORT_ABI,
  SEAPORT_CANCEL_TYPES,
  orderMessage,
  seaportDomain,
} from '@svc/chains';
import { encodeFunctionData, erc20Abi, formatUnits, getAddress, type Address, type Hex } from 'viem';
import { callerOf, type HandlerContext, withCommitPoint } from '../handler.js';
import { vaultEvmAddress } from '../evm/balances.js';
import { evmNetworkOf } from '../evm/evm-networks.js';
import { type EvmTransactionRequest, signAndSend, vaultEvmSigner } from '../evm/vault-signer.js';
import { chainIdOf, marketplaceOf, protocolAddressOf } from './marketplace.js';
import { approvalTarget, erc20ApprovalNeeded, nftApprovalNeeded, nftHeld } from './seaport-order.js';

export interface FulfillInput {
  chain: OpenSeaChain;
  orderHash: string;
  side: 'listing' | 'offer';
  protocolAddress: string;
  quantity?: number | undefined;
  recipient?: string | undefined;
  contractAddress?: string | undefined;
  tokenId?: string | undefined;
}

export const nftmktFulfillNFTOrder = withCommitPoint(async (input: FulfillInput, context: HandlerContext) => {
  const marketplace = marketplaceOf(context, 'nftmktFulfillNFTOrder');
  const chainId = chainIdOf(input.chain);
  const network = await evmNetworkOf(context, chainId);
  const vault = getAddress(await vaultEvmAddress(context));
  const side = input.side === 'listing' ? 'listings' : 'offers';
  const protocolAddress = await protocolAddressOf(marketplace, input.chain, input.protocolAddress);
  const { fulfillment_data: data } = await marketplace.fulfillmentData(
    side,
    { hash: input.orderHash as Hex, chain: input.chain, protocol_address: protocolAddress },
    vault,
    {
      nft:
        input.contractAddress && input.tokenId
          ? { contract: getAddress(input.contractAddress), tokenId: input.tokenId }
          : undefined,
      recipient: input.recipient ? getAddress(input.recipient) : undefined,
    },
  );
  const order = data.orders[0];
  if (!order) throw new ServiceError('upstream_error', `the order book sent no order to fill for ${input.orderHash}`);
  // The vault sends this transaction as the order book wrote it: it must go to the order's Seaport, nowhere else.
  const seaport = getAddress(data.transaction.to);
  if (seaport !== protocolAddress)
    throw new ServiceError(
      'upstream_error',
      `the order book's fulfilment transaction for ${input.orderHash} goes to ${seaport}, not to the order's Seaport ${protocolAddress}. Nothing was sent.`,
    );
  const { parameters } = order;
  const nftItem = [...parameters.offer, ...parameters.consideration].find(
    (item) => item.itemType === ITEM_TYPE.ERC721 || item.itemType === ITEM_TYPE.ERC1155,
  );
  if (input.contractAddress && nftItem && getAddress(input.contractAddress) !== getAddress(nftItem.token))
    throw invalidField('contractAddress', 'mismatch', `order ${input.orderHash} is for ${nftItem.token}`);
  if (input.tokenId && nftItem && input.tokenId !== nftItem.identifierOrCriteria)
    throw invalidField('tokenId', 'mismatch', `order ${input.orderHash} is for token ${nftItem.identifierOrCriteria}`);
  if (input.quantity !== undefined && nftItem && BigInt(input.quantity) !== BigInt(nftItem.startAmount))
    throw invalidField(
      'quantity',
      'whole_order',
      `order ${input.orderHash} is filled whole: ${nftItem.startAmount} unit(s)`,
    );

  // The fill's recipient: the tool's, else the vault; a function without one sends to the caller (the vault).
  const inputData: Record<string, unknown> = { ...data.transaction.input_data };
  if (input.recipient) {
    if (!('recipient' in inputData) && getAddress(input.recipient) !== vault)
      throw invalidField('recipient', 'unsupported', 'this order is filled to the vault itself');
    if ('recipient' in inputData) inputData.recipient = getAddress(input.recipient);
  }
  const conduitKey = (inputData.fulfillerConduitKey as Hex | undefined) ?? parameters.conduitKey;
  const spender = await approvalTarget(network, seaport, conduitKey);

  // What the vault gives: every consideration item, except those the order's own offer pays (an offer's fees come out
  // of the offered ERC-20 the vault receives first).
  const received = new Map<Address, bigint>();
  for (const item of parameters.offer)
    if (item.itemType === ITEM_TYPE.ERC20)
      received.set(item.token, (received.get(item.token) ?? 0n) + BigInt(item.startAmount));
  const approvals: EvmTransactionRequest[] = [];
  const owed = new Map<Address, bigint>();
  for (const item of parameters.consideration) {
    if (item.itemType === ITEM_TYPE.ERC20)
      owed.set(item.token, (owed.get(item.token) ?? 0n) + BigInt(item.startAmount));
    if (item.itemType === ITEM_TYPE.ERC721 || item.itemType === ITEM_TYPE.ERC1155) {
      const standard = item.itemType === ITEM_TYPE.ERC721 ? 'ERC721' : 'ERC1155';
      const held = await nftHeld(network, standard, item.token, BigInt(item.identifierOrCriteria), vault);
      if (held < BigInt(item.startAmount))
        throw invalidField(
          'orderHash',
          'not_owner',
          `the vault does not hold token ${item.identifierOrCriteria} of ${item.token} that this offer asks for`,
        );
      const approval = await nftApprovalNeeded(network, item.token, vault, spender);
      if (approval) approvals.push(approval);
    }
  }
  for (const [token, amount] of owed) {
    const balance = await network.publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [vault],
    });
    if (balance + (received.get(token) ?? 0n) < amount)
      throw invalidField(
        'orderHash',
        'insufficient_funds',
        `the order asks ${amount} atomic units of ${token}; the vault holds ${balance}`,
      );
    const approval = await erc20ApprovalNeeded(network, token, vault, spender, amount, 'exact');
    if (approval) approvals.push(approval);
  }
  // The native coin sent must be what the valuation counted: a listing's native consideration; an offer pays none.
  const nativeOwed =
    input.side === 'listing'
      ? parameters.consideration
          .filter((item) => item.itemType === ITEM_TYPE.NATIVE)
          .reduce((sum, item) => sum + BigInt(item.startAmount), 0n)
      : 0n;
  const value = BigInt(data.transaction.value ?? 0);
  if (value !== nativeOwed)
    throw new ServiceError(
      'upstream_error',
      `the order book's fulfilment transaction for ${input.orderHash} sends ${value} wei of ${network.registry.nativeSymbol}, the order asks ${nativeOwed}. Nothing was sent.`,
    );
  if (value > 0n) {
    const native = await network.publicClient.getBalance({ address: vault });
    if (native < value)
      throw invalidField(
        'orderHash',
        'insufficient_funds',
        `the order asks ${formatUnits(value, 18)} ${network.registry.nativeSymbol}; the vault holds ${formatUnits(native, 18)}`,
      );
  }
  const call = {
    to: seaport,
    data: encodeSeaportCall(data.transaction.function, inputData),
    value,
  };

  const signer = await vaultEvmSigner(context, callerOf(context).accountId);
  const approvalTxHashes: Hex[] = [];
  for (const approval of approvals)
    approvalTxHashes.push((await signAndSend(network, signer, approval, context.commit)).hash);
  const sent = await signAndSend(network, signer, call, context.commit);
  return {
    chain: input.chain,
    side: input.side,
    orderHash: input.orderHash,
    protocolAddress,
    txHash: sent.hash,
    fulfiller: vault,
    recipient: (inputData.recipient as Address | undefined) ?? vault,
    nft: nftItem
      ? { contractAddress: nftItem.token, tokenId: nftItem.identifierOrCriteria, quantity: Number(nftItem.startAmount) }
      : null,
    approvalTxHashes,
  };
});

/** What an off-chain cancel leaves standing where no signed zone guards the order (the sandbox order book). */
const OFFCHAIN_CANCEL_NOTE =
  "The off-chain cancel only stops this order book serving the order (and the nftmkt tools filling it); its signature, already served in the order book's protocol_data, stays valid on Seaport, so anyone holding it can still fill the order until it expires. Only method onchain (Seaport cancel()) invalidates the signature.";

export interface CancelInput {
  chain: OpenSeaChain;
  orderHash: string;
  protocolAddress: string;
  method: 'onchain' | 'offchain';
}

export const nftmktCancelNFTOrder = withCommitPoint(async (input: CancelInput, context: HandlerContext) => {
  const marketplace = marketplaceOf(context, 'nftmktCancelNFTOrder');
  const network = await evmNetworkOf(context, chainIdOf(input.chain));
  const vault = getAddress(await vaultEvmAddress(context));
  const protocolAddress = await protocolAddressOf(marketplace, input.chain, input.protocolAddress);
  const { order } = await marketplace.order(input.chain, protocolAddress, input.orderHash as Hex);
  const { parameters } = order.protocol_data;
  if (getAddress(parameters.offerer) !== vault)
    throw new ServiceError(
      'not_holder',
      `order ${input.orderHash} was made by ${parameters.offerer}, not by your vault ${vault}`,
    );
  const [, isCancelled, totalFilled] = await network.publicClient.readContract({
    address: protocolAddress,
    abi: SEAPORT_ABI,
    functionName: 'getOrderStatus',
    args: [input.orderHash as Hex],
  });
  if (isCancelled || totalFilled > 0n || order.cancelled)
    throw invalidField(
      'orderHash',
      'not_open',
      `order ${input.orderHash} is already ${totalFilled > 0n ? 'filled' : 'cancelled'}`,
    );
  const signer = await vaultEvmSigner(context, callerOf(context).accountId);
  if (input.method === 'offchain') {
    const { signedZone } = await marketplace.venue(input.chain);
    // OpenSea cancels off chain only orders its SignedZone co-signs fills of (it stops co-signing); any other order's
    // signature fills on Seaport without it, so only Seaport's cancel() ends it.
    if (signedZone && getAddress(parameters.zone) !== signedZone)
      throw invalidField(
        'method',
        'onchain_only',
        `order ${input.orderHash} names zone ${parameters.zone}, not the order book's signed zone ${signedZone}: it can only be cancelled on chain through Seaport (method onchain). Nothing was charged.`,
      );
    const offererSignature = await signer.signTypedData({
      domain: seaportDomain(chainIdOf(input.chain), protocolAddress),
      types: SEAPORT_CANCEL_TYPES,
      primaryType: 'OrderHash',
      message: { orderHash: input.orderHash as Hex },
    });
    await context.commit?.();
    await marketplace.cancelOrder(input.chain, protocolAddress, input.orderHash as Hex, offererSignature);
    return {
      chain: input.chain,
      orderHash: input.orderHash,
      protocolAddress,
      method: 'offchain',
      txHash: null,
      cancelled: true,
      signatureValidOnChain: !signedZone,
      note: signedZone ? null : OFFCHAIN_CANCEL_NOTE,
    };
  }
  const data = encodeFunctionData({ abi: SEAPORT_ABI, functionName: 'cancel', args: [[orderMessage(parameters)]] });
  const sent = await signAndSend(network, signer, { to: protocolAddress, data }, context.commit);
  return {
    chain: input.chain,
    orderHash: input.orderHash,
    protocolAddress,
    method: 'onchain',
    txHash: sent.hash,
    cancelled: true,
    signatureValidOnChain: false,
    note: null,
  };
});
