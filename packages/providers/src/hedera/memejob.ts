import { entityIdOfLongZero, longZeroAddressOf } from '@svc/chains';
import {
  type Address,
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  parseAbi,
  zeroAddress,
} from 'viem';
import { upstreamError } from '../upstream/upstream-client.js';
import { type LiveHederaSettings, namedHederaNetwork } from './live-network.js';
import { isoOfConsensus, type LiveHederaMirrorNode, type MirrorToken } from './mirror-node.js';

/** memejob's deployments as buidler-labs/memejob-sdk-js publishes them (src/config.ts, docs/contract-deployments.md). */
const MEMEJOB_DEPLOYMENTS: Record<string, { readonly contractId: string; readonly evmAddress: Address }> = {
  mainnet: { contractId: '0.0.7891970', evmAddress: '0x950230ea77dc168df543609c2349c87dea57e876' },
  testnet: { contractId: '0.0.5271847', evmAddress: '0xa3bf9adec2fb49fb65c8948aed71c6bf1c4d61c8' },
};

/**
 * The launchpad's interface as buidler-labs/memejob-sdk-js publishes it (src/abi): buyJob buys an exact token amount,
 * paying getAmountOut(token, amount, 0) HBAR; sellJob sells an amount the contract pulls through the seller's HTS
 * allowance. Neither takes a bound on the price.
 */
export const MEMEJOB_CONTRACT_ABI = parseAbi([
  'function buyJob(address memeAddress, uint256 amount, address referrer) payable',
  'function sellJob(address memeAddress, uint256 amount)',
  'function getAmountOut(address memeAddress, uint256 amount, uint8 txType) view returns (uint256 value)',
  'function addressToMemeTokenMapping(address token) view returns (address tokenAddress, address creatorAddress, uint256 fundsRaised, uint256 tokensSold, address firstBuyer, bool distributeRewards)',
  'event TokenCreated(address indexed tokenAddress, address indexed creator, bool distributeRewards)',
  'event TokensBought(address indexed tokenAddress, address indexed buyer, uint256 amount, uint256 totalPrice)',
  'event TokensSold(address indexed tokenAddress, address indexed seller, uint256 amount, uint256 totalPrice)',
  'event TokenMigrated(address indexed tokenAddress, address indexed pairAddress, uint256 tokenAmount, uint256 hbarAmount)',
  // The errors the SDK publishes (src/abi/memejob-errors.ts), so that a refusal names its reason.
  'error FailedToTransferHbar()',
  'error FailedToTransferReferralReward()',
  'error FundingGoalAlreadyReached()',
  'error FundingGoalNotReached()',
  'error InsufficientFunds()',
  'error InsufficientTokenAllowance()',
  'error InvalidTokenAmount()',
  'error InvalidTransactionType()',
  'error NotEnoughTokens()',
  'error PRBMath_MulDiv18_Overflow(uint256 x, uint256 y)',
  'error PRBMath_MulDiv_Overflow(uint256 x, uint256 y, uint256 denominator)',
  'error PRBMath_UD60x18_Exp2_InputTooBig(uint256 x)',
  'error PRBMath_UD60x18_Log_InputTooSmall(uint256 x)',
  'error SafeAssociationFailed(int256 responseCode)',
  'error SafeCreateFungibleTokenFailed(int256 responseCode)',
  'error SafeERC20FailedOperation(address token)',
  'error SafeMintFailed(int256 responseCode)',
  'error SafeTransferFailed(int256 responseCode)',
  'error SelfReferralNotAllowed()',
  'error TooManyReferrals()',
  'error UnknownToken()',
]);

/** Why the launchpad refused a read: the contract error it named (e.g. FundingGoalAlreadyReached), or null. */
export interface MemejobRefusal {
  readonly refused: string | null;
}

/**
 * getAmountOut's IMemeJob.TransactionType. The SDK uses BuyInTokens (0: the HBAR an amount of tokens costs); a
 * published third-party IMemeJob interface gives the others: SellInTokens (1: the HBAR an amount of tokens pays) and
 * BuyInHbar (2: the tokens an amount of HBAR buys), which only guides the buy quote's search, each amount of which is
 * priced with BuyInTokens.
 */
const TRANSACTION_TYPE = { buy: 0, sell: 1, buyWithHbar: 2 } as const;

/** Gas the SDK sets on buyJob and sellJob (its NativeAdapter). */
export const MEMEJOB_TRADE_GAS = 200_000;

/** A launchpad token's state in the contract (addressToMemeTokenMapping). */
export interface MemejobTokenState {
  readonly tokenId: string;
  readonly creator: Address;
  /** HBAR raised on the curve, in tinybars. */
  readonly fundsRaised: bigint;
  /** Token units sold off the curve. */
  readonly tokensSold: bigint;
}

/** One of the launchpad's events (its other events, referrals, are not read). */
export type MemejobEvent =
  | { readonly kind: 'created'; readonly tokenId: string; readonly creator: Address; readonly at: string }
  | {
      readonly kind: 'bought' | 'sold';
      readonly tokenId: string;
      readonly trader: Address;
      readonly units: bigint;
      readonly tinybars: bigint;
      readonly at: string;
    }
  | { readonly kind: 'migrated'; readonly tokenId: string; readonly at: string };

/**
 * The live memejob launchpad, read through the mirror node: its contract's views through `contracts/call`, its events
 * through the contract's logs, its tokens through the token API. Nothing here sends a transaction.
 */
export class LiveMemejob {
  constructor(
    readonly mirror: LiveHederaMirrorNode,
    readonly contractId: string,
    readonly evmAddress: Address,
  ) {}

  /**
   * getAmountOut: the tinybars `amount` units of the token cost (buy) or pay (sell) now, or the units `amount`
   * tinybars buy (buyWithHbar); else the contract's refusal (a promoted token's curve is closed:
   * FundingGoalAlreadyReached; an amount beyond what the curve holds).
   */
  async amountOut(
    tokenId: string,
    amount: bigint,
    type: keyof typeof TRANSACTION_TYPE,
  ): Promise<bigint | MemejobRefusal> {
    const answer = await this.#read('getAmountOut', [tokenAddressOf(tokenId), amount, TRANSACTION_TYPE[type]]);
    return isMemejobRefusal(answer) ? answer : (answer as bigint);
  }

  /**
   * Runs a trade call to the launchpad as `from` with `tinybars` attached and the trade's gas, against the latest
   * state the mirror node has, sending nothing: the contract's refusal, or null when it would pass (or when the amount
   * is beyond what the mirror node's JSON number carries exactly, so it cannot be asked).
   */
  async simulate(from: Address, data: Hex, tinybars: bigint): Promise<MemejobRefusal | null> {
    if (tinybars > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    const call = await this.mirror.contractCall(this.evmAddress, data, { from, tinybars, gas: MEMEJOB_TRADE_GAS });
    return call.reverted ? { refused: errorNameOf(call.data) } : null;
  }

  /** addressToMemeTokenMapping: the token's curve state, undefined when the launchpad has no such token. */
  async tokenState(tokenId: string): Promise<MemejobTokenState | undefined> {
    const answer = await this.#read('addressToMemeTokenMapping', [tokenAddressOf(tokenId)]);
    if (isMemejobRefusal(answer)) return undefined;
    const [tokenAddress, creator, fundsRaised, tokensSold] = answer as readonly [Address, Address, bigint, bigint];
    if (tokenAddress === zeroAddress) return undefined;
    return { tokenId, creator: getAddress(creator), fundsRaised, tokensSold };
  }

  token(tokenId: string): Promise<MirrorToken | undefined> {
    return this.mirror.token(tokenId);
  }

  isAssociated(accountId: string, tokenId: string): Promise<boolean> {
    return this.mirror.isAssociated(accountId, tokenId);
  }

  /** The launchpad's latest (`desc`) or first (`asc`) events, from at most `maxLogs` of its logs. */
  async events(order: 'asc' | 'desc', maxLogs: number): Promise<MemejobEvent[]> {
    const logs = await this.mirror.contractLogs(this.contractId, order, maxLogs);
    return logs.flatMap((log) => {
      const event = eventOf(log.topics, log.data, isoOfConsensus(log.timestamp));
      return event ? [event] : [];
    });
  }

  async #read(functionName: 'getAmountOut' | 'addressToMemeTokenMapping', args: readonly unknown[]): Promise<unknown> {
    const data = encodeFunctionData({ abi: MEMEJOB_CONTRACT_ABI, functionName, args } as never);
    const call = await this.mirror.contractCall(this.evmAddress, data);
    if (call.reverted) return { refused: errorNameOf(call.data) } satisfies MemejobRefusal;
    try {
      return decodeFunctionResult({ abi: MEMEJOB_CONTRACT_ABI, functionName, data: call.result } as never);
    } catch {
      throw upstreamError('Hedera mirror node', `answered ${functionName} with data that does not decode`);
    }
  }
}

/** The launchpad on HEDERA_NETWORK (MEMEJOB_CONTRACT_ID or its published deployment); undefined without the network. */
export function liveMemejob(settings: LiveHederaSettings): LiveMemejob | undefined {
  const named = namedHederaNetwork(settings);
  if (!named) return undefined;
  const override = settings.MEMEJOB_CONTRACT_ID;
  const deployment = override
    ? { contractId: override, evmAddress: longZeroAddressOf(override)! }
    : MEMEJOB_DEPLOYMENTS[named.name]!;
  return new LiveMemejob(named.mirror, deployment.contractId, deployment.evmAddress);
}

export function isMemejobRefusal(answer: unknown): answer is MemejobRefusal {
  return typeof answer === 'object' && answer !== null && 'refused' in answer;
}

function errorNameOf(data: Hex | null): string | null {
  if (!data || data === '0x') return null;
  try {
    return decodeErrorResult({ abi: MEMEJOB_CONTRACT_ABI, data }).errorName;
  } catch {
    return null; // an error the SDK's published list does not name
  }
}

/** A launchpad token is an HTS token: its EVM address is the long-zero form of its id. */
function tokenAddressOf(tokenId: string): Address {
  const address = longZeroAddressOf(tokenId);
  if (!address) throw new TypeError(`${tokenId} is not a 0.0.x token id`);
  return address;
}

function eventOf(topics: readonly Hex[], data: Hex, at: string): MemejobEvent | undefined {
  let decoded;
  try {
    decoded = decodeEventLog({ abi: MEMEJOB_CONTRACT_ABI, topics: topics as [Hex, ...Hex[]], data });
  } catch {
    return undefined; // another event of the contract (referrals)
  }
  const tokenId = entityIdOfLongZero(decoded.args.tokenAddress);
  if (!tokenId) return undefined;
  switch (decoded.eventName) {
    case 'TokenCreated':
      return { kind: 'created', tokenId, creator: getAddress(decoded.args.creator), at };
    case 'TokensBought':
      return {
        kind: 'bought',
        tokenId,
        trader: getAddress(decoded.args.buyer),
        units: decoded.args.amount,
        tinybars: decoded.args.totalPrice,
        at,
      };
    case 'TokensSold':
      return {
        kind: 'sold',
        tokenId,
        trader: getAddress(decoded.args.seller),
        units: decoded.args.amount,
        tinybars: decoded.args.totalPrice,
        at,
      };
    case 'TokenMigrated':
      return { kind: 'migrated', tokenId, at };
  }
}
