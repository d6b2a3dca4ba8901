/**
 * Seaport 1.6 orders as the protocol defines them (ProjectOpenSea/seaport-types ConsiderationStructs.sol) and as
 * OpenSea's API carries them (`protocol_data.parameters`, numbers as decimal strings): their EIP-712 types, domain and
 * order hash, built with viem. The live and sandbox order books both speak this format.
 */
import { encodeFunctionData, hashStruct, parseAbi, zeroHash, type Address, type Hex, type TypedDataDomain } from 'viem';

/** Seaport's ItemType enum. */
export const ITEM_TYPE = { NATIVE: 0, ERC20: 1, ERC721: 2, ERC1155: 3 } as const;
/** Seaport's OrderType enum: FULL_OPEN (no partial fills, anyone may fill, no zone check). */
export const ORDER_TYPE_FULL_OPEN = 0;

export interface OfferItem {
  readonly itemType: number;
  readonly token: Address;
  readonly identifierOrCriteria: string;
  readonly startAmount: string;
  readonly endAmount: string;
}
export interface ConsiderationItem extends OfferItem {
  readonly recipient: Address;
}

/** OrderComponents (what the offerer signs), numbers as decimal strings as OpenSea's API writes them. */
export interface OrderComponents {
  readonly offerer: Address;
  readonly zone: Address;
  readonly offer: readonly OfferItem[];
  readonly consideration: readonly ConsiderationItem[];
  readonly orderType: number;
  readonly startTime: string;
  readonly endTime: string;
  readonly zoneHash: Hex;
  readonly salt: string;
  readonly conduitKey: Hex;
  readonly counter: string;
  /** OrderParameters' count of the signed consideration items (OpenSea adds it; equal to consideration.length). */
  readonly totalOriginalConsiderationItems?: number;
}

/** A signed order: OpenSea's `protocol_data`. */
export interface SignedOrder {
  readonly parameters: OrderComponents;
  readonly signature: Hex;
}

const ITEM = [
  { name: 'itemType', type: 'uint8' },
  { name: 'token', type: 'address' },
  { name: 'identifierOrCriteria', type: 'uint256' },
  { name: 'startAmount', type: 'uint256' },
  { name: 'endAmount', type: 'uint256' },
] as const;

/** The EIP-712 types Seaport verifies signatures against. */
export const SEAPORT_ORDER_TYPES = {
  OrderComponents: [
    { name: 'offerer', type: 'address' },
    { name: 'zone', type: 'address' },
    { name: 'offer', type: 'OfferItem[]' },
    { name: 'consideration', type: 'ConsiderationItem[]' },
    { name: 'orderType', type: 'uint8' },
    { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'zoneHash', type: 'bytes32' },
    { name: 'salt', type: 'uint256' },
    { name: 'conduitKey', type: 'bytes32' },
    { name: 'counter', type: 'uint256' },
  ],
  OfferItem: ITEM,
  ConsiderationItem: [...ITEM, { name: 'recipient', type: 'address' }],
} as const;

/**
 * The EIP-712 types of an offerer's off-chain cancel request (an order hash, under Seaport's domain), as OpenSea's
 * cancel route verifies it (`offerer_signature`).
 */
export const SEAPORT_CANCEL_TYPES = { OrderHash: [{ name: 'orderHash', type: 'bytes32' }] } as const;

/** Seaport 1.6's EIP-712 domain at `seaport` on chain `chainId`. */
export const seaportDomain = (chainId: number, seaport: Address): TypedDataDomain => ({
  name: 'Seaport',
  version: '1.6',
  chainId,
  verifyingContract: seaport,
});

/** The EIP-712 message of `order` (numbers as bigints). */
export function orderMessage(order: OrderComponents) {
  const item = (entry: OfferItem) => ({
    itemType: entry.itemType,
    token: entry.token,
    identifierOrCriteria: BigInt(entry.identifierOrCriteria),
    startAmount: BigInt(entry.startAmount),
    endAmount: BigInt(entry.endAmount),
  });
  return {
    offerer: order.offerer,
    zone: order.zone,
    offer: order.offer.map(item),
    consideration: order.consideration.map((entry) => ({ ...item(entry), recipient: entry.recipient })),
    orderType: order.orderType,
    startTime: BigInt(order.startTime),
    endTime: BigInt(order.endTime),
    zoneHash: order.zoneHash,
    salt: BigInt(order.salt),
    conduitKey: order.conduitKey,
    counter: BigInt(order.counter),
  };
}

/** Seaport's order hash: the EIP-712 struct hash of the OrderComponents (what getOrderHash returns on chain). */
export const seaportOrderHash = (order: OrderComponents): Hex =>
  hashStruct({ data: orderMessage(order), primaryType: 'OrderComponents', types: SEAPORT_ORDER_TYPES });

/**
 * The Seaport 1.6 functions an order is filled or cancelled with, with Seaport's own parameter and field names: a
 * fulfilment transaction (`function` + `input_data` by parameter name, as OpenSea's fulfillment_data gives it) is
 * encoded against these.
 */
export const SEAPORT_ABI = parseAbi([
  'struct OfferItem { uint8 itemType; address token; uint256 identifierOrCriteria; uint256 startAmount; uint256 endAmount; }',
  'struct ConsiderationItem { uint8 itemType; address token; uint256 identifierOrCriteria; uint256 startAmount; uint256 endAmount; address recipient; }',
  'struct OrderParameters { address offerer; address zone; OfferItem[] offer; ConsiderationItem[] consideration; uint8 orderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 conduitKey; uint256 totalOriginalConsiderationItems; }',
  'struct OrderComponents { address offerer; address zone; OfferItem[] offer; ConsiderationItem[] consideration; uint8 orderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 conduitKey; uint256 counter; }',
  'struct Order { OrderParameters parameters; bytes signature; }',
  'struct AdvancedOrder { OrderParameters parameters; uint120 numerator; uint120 denominator; bytes signature; bytes extraData; }',
  'struct CriteriaResolver { uint256 orderIndex; uint8 side; uint256 index; uint256 identifier; bytes32[] criteriaProof; }',
  'struct FulfillmentComponent { uint256 orderIndex; uint256 itemIndex; }',
  'struct Fulfillment { FulfillmentComponent[] offerComponents; FulfillmentComponent[] considerationComponents; }',
  'struct AdditionalRecipient { uint256 amount; address recipient; }',
  'struct BasicOrderParameters { address considerationToken; uint256 considerationIdentifier; uint256 considerationAmount; address offerer; address zone; address offerToken; uint256 offerIdentifier; uint256 offerAmount; uint8 basicOrderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 offererConduitKey; bytes32 fulfillerConduitKey; uint256 totalOriginalAdditionalRecipients; AdditionalRecipient[] additionalRecipients; bytes signature; }',
  'struct Execution { ReceivedItem item; address offerer; bytes32 conduitKey; }',
  'struct ReceivedItem { uint8 itemType; address token; uint256 identifier; uint256 amount; address recipient; }',
  'function fulfillOrder(Order order, bytes32 fulfillerConduitKey) payable returns (bool fulfilled)',
  'function fulfillAdvancedOrder(AdvancedOrder advancedOrder, CriteriaResolver[] criteriaResolvers, bytes32 fulfillerConduitKey, address recipient) payable returns (bool fulfilled)',
  'function fulfillBasicOrder(BasicOrderParameters parameters) payable returns (bool fulfilled)',
  'function fulfillBasicOrder_efficient_6GL6yc(BasicOrderParameters parameters) payable returns (bool fulfilled)',
  'function matchAdvancedOrders(AdvancedOrder[] orders, CriteriaResolver[] criteriaResolvers, Fulfillment[] fulfillments, address recipient) payable returns (Execution[] executions)',
  'function cancel(OrderComponents[] orders) returns (bool cancelled)',
  'function getCounter(address offerer) view returns (uint256 counter)',
  'function getOrderHash(OrderComponents order) view returns (bytes32 orderHash)',
  'function getOrderStatus(bytes32 orderHash) view returns (bool isValidated, bool isCancelled, uint256 totalFilled, uint256 totalSize)',
  'function information() view returns (string version, bytes32 domainSeparator, address conduitController)',
  'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)',
  'event OrderCancelled(bytes32 orderHash, address indexed offerer, address indexed zone)',
]);

/** OpenSea's names for Seaport parameters where they differ (opensea-js src/sdk/fulfillment.ts reads them so). */
const INPUT_ALIASES: Readonly<Record<string, string>> = { parameters: 'basicOrderParameters' };
/** What OpenSea may leave out, as opensea-js fills it in. */
const INPUT_DEFAULTS: Readonly<Record<string, unknown>> = { criteriaResolvers: [], fulfillerConduitKey: zeroHash };

/**
 * The calldata of a fulfilment transaction given as OpenSea gives it: the Seaport function (its name is enough: the
 * signature's types are Seaport's) and its arguments by parameter name.
 */
export function encodeSeaportCall(signature: string, inputData: Readonly<Record<string, unknown>>): Hex {
  const name = signature.slice(0, signature.indexOf('('));
  const fn = SEAPORT_ABI.find((item) => item.type === 'function' && item.name === name);
  if (!fn || fn.type !== 'function') throw new Error(`not a Seaport fulfilment function: ${signature}`);
  const args = fn.inputs.map((input) => {
    const value = inputData[input.name] ?? inputData[INPUT_ALIASES[input.name] ?? ''] ?? INPUT_DEFAULTS[input.name];
    if (value === undefined) throw new Error(`fulfilment data lacks ${name}'s parameter ${input.name}`);
    return value;
  });
  return encodeFunctionData({ abi: [fn], functionName: name, args } as never);
}
