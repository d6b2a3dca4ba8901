import { randomBytes } from 'node:crypto';
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { type CrossChainAsset, isEvmNetwork } from './assets.js';
import type { ChainLegs } from './chain-leg.js';
import type { OperatorClock } from './operator-clock.js';
import { atomicWorth, convert } from './pricing.js';
import { Treasury } from './treasury.js';
import { CrossChainRequestError } from './request-error.js';
import { SteppedRecords } from './stepped-records.js';

/** Relay's intent states (`GET /intents/status/v3`). */
export type RouterRequestStatus = 'waiting' | 'pending' | 'success' | 'failure' | 'refund';

/** The solver's fee: 0.3 % of what it fills. */
export const ROUTER_FEE_BPS = 30n;
/** The smallest request, in USD worth of the currency deposited. */
export const ROUTER_MIN_USD = 1;
/** How long a quote holds: a deposit that lands later is refunded. */
export const ROUTER_QUOTE_VALID_SECONDS = 600;
/** What the solver announces a fill takes. */
export const ROUTER_ESTIMATED_SECONDS = 30;
/** Quotes kept for a later deposit; the oldest unused ones go first. */
const MAX_REQUESTS = 10_000;

/** One transaction of a step, as Relay's quote gives it: the caller signs and sends it on `chainId`. */
export interface RouterStepTransaction {
  readonly from: string;
  readonly to: string;
  readonly data: string;
  readonly value: bigint;
  readonly chainId: number;
}

export interface RouterStep {
  /** 'approve' (an ERC-20 allowance the deposit needs) or 'deposit'. */
  readonly id: 'approve' | 'deposit';
  readonly action: string;
  readonly description: string;
  readonly transactions: readonly RouterStepTransaction[];
}

export interface RouterRequest {
  readonly requestId: string;
  status: RouterRequestStatus;
  readonly user: string;
  readonly recipient: string;
  /** The solver's address on the origin chain: where the deposit goes. */
  readonly solver: string;
  readonly from: CrossChainAsset;
  readonly to: CrossChainAsset;
  readonly fromAtomic: bigint;
  readonly toAtomic: bigint;
  readonly feeAtomic: bigint;
  readonly minFromAtomic: bigint;
  readonly steps: readonly RouterStep[];
  readonly createdAt: number;
  readonly expiresAt: number;
  updatedAt: number;
  /** The deposit transaction the caller reported (Relay: transactions it indexed on the origin chain). */
  depositHash: string | null;
  fillHash: string | null;
  refundHash: string | null;
  reason: string | null;
}

/**
 * The sandbox router solver (Relay's intent flow): a quote is a request with its steps, each a transaction the caller
 * sends from its wallet on the origin chain; the deposit step pays the solver with the request id in its calldata
 * (native coin: the id as data; ERC-20: a `transfer` with the id appended), so no approval is needed. Once the deposit
 * is reported and found on chain, the solver fills from its own funds on the destination chain. A deposit that does
 * not match its request fails; one that lands after the quote expired is refunded.
 *
 * A request moves one state per `advance` (a status read, the sandbox route or the ticker).
 */
export class RouterSolver {
  readonly #requests = new SteppedRecords<RouterRequest>(
    (request) => this.#step(request),
    (request) => request.depositHash !== null && (request.status === 'waiting' || request.status === 'pending'),
  );
  readonly treasury: Treasury;

  constructor(
    private readonly legs: ChainLegs,
    private readonly clock: OperatorClock,
  ) {
    this.treasury = new Treasury('router-solver', legs);
  }

  /** A quote with its steps (a request waiting for its deposit). Deposits are taken on the EVM chains. */
  async quote(request: {
    user: string;
    recipient: string;
    from: CrossChainAsset;
    to: CrossChainAsset;
    fromAtomic: bigint;
  }): Promise<RouterRequest> {
    const { from, to } = request;
    if (!isEvmNetwork(from.network))
      throw new CrossChainRequestError(
        'fromCurrency',
        'unsupported_origin',
        'the sandbox solver takes deposits on EVM chains only',
      );
    if (!this.legs[from.network].isAddress(request.user))
      throw new CrossChainRequestError('user', 'format', `not an address on ${from.network}`);
    if (!this.legs[to.network].isAddress(request.recipient))
      throw new CrossChainRequestError('recipient', 'format', `not an address on ${to.network}`);
    const [fromPrice, toPrice] = await Promise.all([
      this.legs[from.network].priceUsd(from),
      this.legs[to.network].priceUsd(to),
    ]);
    const minFromAtomic = atomicWorth(ROUTER_MIN_USD, from, fromPrice);
    if (request.fromAtomic < minFromAtomic)
      throw new CrossChainRequestError('fromAmount', 'below_minimum', 'below the minimum amount of this route');
    const { out, fee } = convert(
      request.fromAtomic,
      { asset: from, priceUsd: fromPrice },
      { asset: to, priceUsd: toPrice },
      ROUTER_FEE_BPS,
    );
    const requestId = `0x${randomBytes(32).toString('hex')}`;
    const solver = await this.legs[from.network].addressOf(this.treasury.label);
    const deposit: RouterStepTransaction =
      from.address === null
        ? { from: request.user, to: solver, data: requestId, value: request.fromAtomic, chainId: from.chainId }
        : {
            from: request.user,
            to: from.address,
            data:
              encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transfer',
                args: [solver as Address, request.fromAtomic],
              }) + requestId.slice(2),
            value: 0n,
            chainId: from.chainId,
          };
    const now = this.clock.now();
    const quoted: RouterRequest = {
      requestId,
      status: 'waiting',
      user: request.user,
      recipient: request.recipient,
      solver,
      from,
      to,
      fromAtomic: request.fromAtomic,
      toAtomic: out,
      feeAtomic: fee,
      minFromAtomic,
      steps: [
        {
          id: 'deposit',
          action: 'Confirm transaction in your wallet',
          description: `Depositing funds to the relayer to execute the swap for ${to.symbol}`,
          transactions: [deposit],
        },
      ],
      createdAt: now,
      expiresAt: now + ROUTER_QUOTE_VALID_SECONDS * 1000,
      updatedAt: now,
      depositHash: null,
      fillHash: null,
      refundHash: null,
      reason: null,
    };
    this.#requests.add(requestId, quoted);
    if (this.#requests.size > MAX_REQUESTS) {
      const oldestUnused = [...this.#requests.values()].find((old) => old.depositHash === null);
      if (oldestUnused) this.#requests.delete(oldestUnused.requestId);
    }
    return quoted;
  }

  request(requestId: string): RouterRequest | undefined {
    return this.#requests.get(requestId);
  }

  /** The caller reports its deposit transaction (Relay indexes it); the solver checks it on chain when it advances. */
  indexDeposit(requestId: string, txHash: string): boolean {
    const request = this.#requests.get(requestId);
    if (!request || request.depositHash !== null) return false;
    request.depositHash = txHash;
    return true;
  }

  advance(requestId: string): Promise<RouterRequest | undefined> {
    return this.#requests.advance(requestId);
  }

  advanceAll(): Promise<number> {
    return this.#requests.advanceAll();
  }

  reset(): void {
    this.#requests.clear();
    this.treasury.forget();
  }

  async #step(request: RouterRequest): Promise<void> {
    const set = (status: RouterRequestStatus, reason: string | null = request.reason) => {
      request.status = status;
      request.reason = reason;
      request.updatedAt = this.clock.now();
    };
    if (request.status === 'waiting') {
      if (request.depositHash === null) return;
      const deposit = await this.legs[request.from.network].transaction(request.depositHash);
      if (!deposit) return;
      const expected = request.steps.at(-1)!.transactions[0]!;
      const matches =
        deposit.succeeded &&
        deposit.to?.toLowerCase() === expected.to.toLowerCase() &&
        deposit.input.toLowerCase() === expected.data.toLowerCase() &&
        deposit.value === expected.value;
      if (!matches) return set('failure', 'the deposit transaction does not match the request (or reverted)');
      if (this.clock.now() > request.expiresAt) return this.#refund(request);
      return set('pending');
    }
    if (request.status === 'pending') {
      await this.treasury.ready(request.to.network);
      // Marked before sending: a fill that failed is never sent twice.
      set('failure', 'the fill is being sent');
      try {
        request.fillHash = await this.legs[request.to.network].pay(
          this.treasury.label,
          request.recipient,
          request.to,
          request.toAtomic,
          `fill ${request.requestId.slice(0, 18)}`,
        );
        set('success', null);
      } catch (error) {
        set('failure', `the fill failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  async #refund(request: RouterRequest): Promise<void> {
    await this.treasury.ready(request.from.network);
    request.status = 'failure';
    request.reason = 'the deposit landed after the quote expired';
    try {
      request.refundHash = await this.legs[request.from.network].pay(
        this.treasury.label,
        request.user,
        request.from,
        request.fromAtomic,
        `refund ${request.requestId.slice(0, 18)}`,
      );
      request.status = 'refund';
    } catch (error) {
      request.reason += `; the refund failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    request.updatedAt = this.clock.now();
  }
}
