import { randomBytes } from 'node:crypto';
import type { CrossChainAsset } from './assets.js';
import type { ChainLegs } from './chain-leg.js';
import type { OperatorClock } from './operator-clock.js';
import { atomicWorth, convert } from './pricing.js';
import { Treasury } from './treasury.js';
import { CrossChainRequestError } from './request-error.js';
import { SteppedRecords } from './stepped-records.js';

/** ChangeNOW's exchange states (API v2 `GET /exchange/by-id`). */
export type BridgeExchangeStatus =
  'new' | 'waiting' | 'confirming' | 'exchanging' | 'sending' | 'finished' | 'failed' | 'refunded';

const FINAL: ReadonlySet<BridgeExchangeStatus> = new Set(['finished', 'failed', 'refunded']);

/**
 * An exchange that expired with no payin: final, but its payin address stays watched, since a payin can still land
 * there (sent late, or after the clock moved on) and is then refunded, as ChangeNOW does.
 */
const awaitsLatePayin = (exchange: BridgeExchange) =>
  exchange.status === 'failed' && exchange.amountFromAtomic === null;

/** The operator's fee: 0.5 % of what it pays out. */
export const BRIDGE_FEE_BPS = 50n;
/** The smallest exchange, in USD worth of the currency sent. */
export const BRIDGE_MIN_USD = 5;
/** How long a quoted rate holds: a payin confirmed later is refunded. */
export const BRIDGE_RATE_VALID_SECONDS = 600;
/** What the operator announces an exchange takes (a few confirmations and one payout). */
export const BRIDGE_ESTIMATED_SECONDS = 300;

export interface BridgeQuote {
  readonly from: CrossChainAsset;
  readonly to: CrossChainAsset;
  readonly fromAtomic: bigint;
  /** What the operator pays out, after its fee. */
  readonly toAtomic: bigint;
  readonly feeAtomic: bigint;
  readonly minFromAtomic: bigint;
  readonly validUntil: number;
  readonly estimatedSeconds: number;
}

export interface BridgeExchange {
  readonly id: string;
  status: BridgeExchangeStatus;
  readonly from: CrossChainAsset;
  readonly to: CrossChainAsset;
  readonly expectedFromAtomic: bigint;
  readonly expectedToAtomic: bigint;
  readonly minFromAtomic: bigint;
  readonly payinAddress: string;
  readonly payoutAddress: string;
  readonly refundAddress: string;
  readonly createdAt: number;
  updatedAt: number;
  /** The rate holds until then (operator clock, ms). */
  readonly validUntil: number;
  amountFromAtomic: bigint | null;
  amountToAtomic: bigint | null;
  payinHash: string | null;
  payoutHash: string | null;
  refundHash: string | null;
  /** Why an exchange failed or was refunded. */
  reason: string | null;
}

/**
 * The sandbox bridge operator (a custodial exchange, ChangeNOW's flow): for each exchange a payin address of its own
 * on the source chain; it watches that address, and once the payin is there converts at the rate quoted when the
 * exchange was created (sandbox prices less its fee) and pays out from its treasury on the destination chain. A payin
 * confirmed after the rate expired (even after the exchange failed for want of one), or smaller than the minimum, is
 * refunded from the treasury on the source chain.
 *
 * Processing moves an exchange one state per `advance` (a status read, the sandbox route, or the background ticker
 * of `npm start`), so every state is observable and tests need no sleeps.
 */
export class BridgeOperator {
  readonly #exchanges = new SteppedRecords<BridgeExchange>(
    (exchange) => this.#step(exchange),
    (exchange) => !FINAL.has(exchange.status) || awaitsLatePayin(exchange),
  );
  readonly treasury: Treasury;

  constructor(
    private readonly legs: ChainLegs,
    private readonly clock: OperatorClock,
  ) {
    this.treasury = new Treasury('bridge-treasury', legs);
  }

  async quote(from: CrossChainAsset, to: CrossChainAsset, fromAtomic: bigint): Promise<BridgeQuote> {
    const [fromPrice, toPrice] = await Promise.all([
      this.legs[from.network].priceUsd(from),
      this.legs[to.network].priceUsd(to),
    ]);
    const { out, fee } = convert(
      fromAtomic,
      { asset: from, priceUsd: fromPrice },
      { asset: to, priceUsd: toPrice },
      BRIDGE_FEE_BPS,
    );
    return {
      from,
      to,
      fromAtomic,
      toAtomic: out,
      feeAtomic: fee,
      minFromAtomic: atomicWorth(BRIDGE_MIN_USD, from, fromPrice),
      validUntil: this.clock.now() + BRIDGE_RATE_VALID_SECONDS * 1000,
      estimatedSeconds: BRIDGE_ESTIMATED_SECONDS,
    };
  }

  /** Creates an exchange at the current rate; refuses an amount below the minimum or a foreign address. */
  async create(request: {
    from: CrossChainAsset;
    to: CrossChainAsset;
    fromAtomic: bigint;
    payoutAddress: string;
    refundAddress: string;
  }): Promise<BridgeExchange> {
    if (!this.legs[request.to.network].isAddress(request.payoutAddress))
      throw new CrossChainRequestError('address', 'format', `not an address on ${request.to.network}`);
    if (!this.legs[request.from.network].isAddress(request.refundAddress))
      throw new CrossChainRequestError('refundAddress', 'format', `not an address on ${request.from.network}`);
    const quote = await this.quote(request.from, request.to, request.fromAtomic);
    if (request.fromAtomic < quote.minFromAtomic)
      throw new CrossChainRequestError('fromAmount', 'below_minimum', 'below the minimum amount of this pair');
    const id = randomBytes(7).toString('hex');
    const now = this.clock.now();
    const exchange: BridgeExchange = {
      id,
      status: 'new',
      from: request.from,
      to: request.to,
      expectedFromAtomic: request.fromAtomic,
      expectedToAtomic: quote.toAtomic,
      minFromAtomic: quote.minFromAtomic,
      payinAddress: await this.legs[request.from.network].addressOf(`payin:${id}`),
      payoutAddress: request.payoutAddress,
      refundAddress: request.refundAddress,
      createdAt: now,
      updatedAt: now,
      validUntil: quote.validUntil,
      amountFromAtomic: null,
      amountToAtomic: null,
      payinHash: null,
      payoutHash: null,
      refundHash: null,
      reason: null,
    };
    this.#exchanges.add(id, exchange);
    return exchange;
  }

  exchange(id: string): BridgeExchange | undefined {
    return this.#exchanges.get(id);
  }

  /** Moves exchange `id` one state on (a final one only by a late payin's refund); answers it as it is then. */
  advance(id: string): Promise<BridgeExchange | undefined> {
    return this.#exchanges.advance(id);
  }

  /** Moves every open exchange one state on (the sandbox route and the background ticker). */
  advanceAll(): Promise<number> {
    return this.#exchanges.advanceAll();
  }

  /** After a sandbox reset the chains no longer hold the exchanges' payins: they are forgotten. */
  reset(): void {
    this.#exchanges.clear();
    this.treasury.forget();
  }

  async #step(exchange: BridgeExchange): Promise<void> {
    const from = this.legs[exchange.from.network];
    const to = this.legs[exchange.to.network];
    const set = (status: BridgeExchangeStatus, reason: string | null = exchange.reason) => {
      exchange.status = status;
      exchange.reason = reason;
      exchange.updatedAt = this.clock.now();
    };
    switch (exchange.status) {
      case 'new':
        return set('waiting');
      case 'waiting': {
        const received = await from.balanceOf(exchange.payinAddress, exchange.from);
        if (received > 0n) {
          exchange.amountFromAtomic = received;
          exchange.payinHash = (await from.incomingTransaction(exchange.payinAddress, exchange.from)) ?? null;
          return set('confirming');
        }
        if (this.clock.now() > exchange.validUntil) set('failed', 'no payin arrived before the rate expired');
        return;
      }
      case 'confirming': {
        const received = exchange.amountFromAtomic ?? 0n;
        if (this.clock.now() > exchange.validUntil)
          return this.#refund(exchange, 'the payin confirmed after the quoted rate expired');
        if (received < exchange.minFromAtomic)
          return this.#refund(exchange, 'the payin is smaller than the minimum amount');
        return set('exchanging');
      }
      case 'exchanging': {
        const received = exchange.amountFromAtomic ?? 0n;
        // The rate is fixed: a payin other than the expected amount is converted at the same rate.
        const payout = (exchange.expectedToAtomic * received) / exchange.expectedFromAtomic;
        await this.treasury.ready(exchange.to.network);
        exchange.amountToAtomic = payout;
        // Marked before sending: a failed payout is never retried into a second one.
        set('sending');
        try {
          exchange.payoutHash = await to.pay(
            this.treasury.label,
            exchange.payoutAddress,
            exchange.to,
            payout,
            `exchange ${exchange.id}`,
          );
        } catch (error) {
          set('failed', `the payout failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        return;
      }
      case 'sending':
        return set('finished');
      case 'failed': {
        if (!awaitsLatePayin(exchange)) return;
        const received = await from.balanceOf(exchange.payinAddress, exchange.from);
        if (received === 0n) return;
        exchange.amountFromAtomic = received;
        exchange.payinHash = (await from.incomingTransaction(exchange.payinAddress, exchange.from)) ?? null;
        return this.#refund(exchange, 'the payin arrived after the exchange expired');
      }
      default:
        return;
    }
  }

  async #refund(exchange: BridgeExchange, reason: string): Promise<void> {
    await this.treasury.ready(exchange.from.network);
    exchange.status = 'failed';
    exchange.reason = reason;
    exchange.updatedAt = this.clock.now();
    try {
      exchange.refundHash = await this.legs[exchange.from.network].pay(
        this.treasury.label,
        exchange.refundAddress,
        exchange.from,
        exchange.amountFromAtomic ?? 0n,
        `refund of exchange ${exchange.id}`,
      );
      exchange.status = 'refunded';
    } catch (error) {
      exchange.reason = `${reason}; the refund failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    exchange.updatedAt = this.clock.now();
  }
}
