import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import {
  claimOrder,
  claimOrders,
  moveOrder,
  moveOrdersOfPosition,
  type OrderNetwork,
  ordersChangedSince,
  type Queryable,
  recordOrderTx,
  settlePosition,
  slippageOf,
  type StoredOrder,
  takeOverClaim,
  unfinishedClaims,
} from '@svc/store';
import type { OrderExecution } from '../../ports/conditional-orders.js';
import type { PriceFeed, PriceTick } from './price-feed.js';
import type { SwapExecutor, SwapExecutors, SwapOutcome, SwapRequest } from './swap-executor.js';
import { planSwap } from './swap-plan.js';
import { TriggerIndex } from './trigger-index.js';

export interface OrderEngineOptions {
  readonly db: Queryable;
  readonly executors: SwapExecutors;
  readonly feed: PriceFeed;
  /** Stable across restarts of the same worker, so a restart reconciles its own unfinished claims at once. */
  readonly workerId?: string;
  /** A claim older than this is taken to belong to a dead worker and is reconciled (default 5 minutes). */
  readonly staleClaimMs?: number;
  readonly log?: { error(details: Record<string, unknown>, message: string): void };
}

/**
 * The trigger engine of one worker: follows the order book (polling `revision`), keeps armed orders in a
 * TriggerIndex, turns price ticks into claims (conditional UPDATE PENDING -> EXECUTING: exactly one worker wins),
 * runs the claimed swaps through the network's SwapExecutor (one at a time per account, so a vault never races its
 * own nonce) and records the outcome with the position's follow-ups.
 */
export class OrderEngine implements OrderExecution {
  readonly index = new TriggerIndex();
  readonly workerId: string;
  readonly actor: string;
  private revision = 0n;
  private readonly accountQueues = new Map<string, Promise<unknown>>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Orders this engine has claimed and is running: its own claims, yet not unfinished (see reconcile). */
  private readonly running = new Set<string>();
  private readonly db: Queryable;
  private readonly executors: SwapExecutors;
  private readonly feed: PriceFeed;
  private readonly staleClaimMs: number;

  constructor(private readonly options: OrderEngineOptions) {
    this.db = options.db;
    this.executors = options.executors;
    this.feed = options.feed;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.actor = `worker:${this.workerId}`;
    this.staleClaimMs = options.staleClaimMs ?? 300_000;
  }

  /** Start-up: reconcile unfinished claims against the chain before anything is retried, then load the book. */
  async start(): Promise<void> {
    await this.reconcile();
    await this.sync();
  }

  /** One worker pass: reconcile dead workers' claims, follow the book, read prices, fire what crosses. */
  async pass(): Promise<void> {
    await this.reconcile();
    await this.sync();
    await this.pollPrices();
  }

  /** Follow new and changed orders: armed ones enter the index, MARKET ones are claimed, all others leave it. */
  async sync(): Promise<void> {
    for (;;) {
      const changed = await ordersChangedSince(this.db, this.revision);
      if (changed.length === 0) return;
      const fired: Promise<unknown>[] = [];
      for (const order of changed) {
        this.revision = order.revision > this.revision ? order.revision : this.revision;
        fired.push(this.follow(order));
      }
      await Promise.all(fired);
    }
  }

  /** Apply one order's current state to the index; a MARKET order is claimed at once. */
  async follow(order: StoredOrder): Promise<unknown> {
    this.index.remove(order.orderId);
    if (order.status !== 'PENDING' || !this.executors[order.network]) return undefined;
    if (order.triggerPrice === null || order.direction === null) return this.claimAndRun(order.orderId, null);
    this.index.upsert({
      orderId: order.orderId,
      network: order.network,
      token: order.watchToken,
      direction: order.direction,
      triggerPrice: Number(order.triggerPrice),
    });
    return undefined;
  }

  /** Read the prices of every watched token and process them as ticks. */
  async pollPrices(): Promise<void> {
    const tokens = this.index.tokens() as { network: OrderNetwork; token: string }[];
    if (tokens.length === 0) return;
    await this.ticks(await this.feed.prices(tokens));
  }

  /** One price tick (see `ticks`). */
  tick(tick: PriceTick): Promise<StoredOrder[]> {
    return this.ticks([tick]);
  }

  /**
   * Price ticks, in the order they were seen (a feed poll's answer): claim every order they cross, each with the
   * price that crossed it, in one statement. Resolves when the claims are made (the swaps then run in the
   * background, see `idle`); returns the claimed orders.
   */
  async ticks(ticks: readonly PriceTick[]): Promise<StoredOrder[]> {
    const claims = this.index.claimsFor(ticks);
    if (claims.length === 0) return [];
    const claimed = await claimOrders(this.db, claims, this.actor);
    for (const order of claimed) this.enqueue(order);
    return claimed;
  }

  /** Claim one order; undefined when someone else has it (another worker, a cancel, or its sibling exit). */
  claim(orderId: string, priceSeen: string | null, claimant = this.actor): Promise<StoredOrder | undefined> {
    return claimOrder(this.db, orderId, claimant, priceSeen);
  }

  /** Whether this engine can execute orders on a network. */
  executes(network: OrderNetwork): boolean {
    return this.executors[network] !== undefined;
  }

  /** Run a claimed order now and record its outcome (deleteConditionalOrder with executeEarly). */
  async execute(order: StoredOrder): Promise<StoredOrder> {
    this.running.add(order.orderId);
    try {
      return await this.run(order);
    } finally {
      this.running.delete(order.orderId);
    }
  }

  private async run(order: StoredOrder): Promise<StoredOrder> {
    const executor = this.executors[order.network] as SwapExecutor;
    const prices = await this.pricesOf(order);
    const { swapSlippage } = await slippageOf(this.db, order.accountId);
    const plan = planSwap(order, prices, swapSlippage);
    if ('reason' in plan) return this.finish(order, { status: 'failed', txHash: null, reason: plan.reason });
    const claimant = order.claimedBy ?? this.actor;
    let txHash: string | null = null;
    let txLifetime: string | null = null;
    let outcome: SwapOutcome;
    try {
      outcome = await executor.execute(plan, async (hash, lifetime) => {
        txLifetime = lifetime ?? null;
        if (!(await recordOrderTx(this.db, order.orderId, claimant, hash, txLifetime)))
          throw new Error(`order ${order.orderId} is no longer claimed by ${claimant}`);
        txHash = hash;
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // Signed but maybe broadcast: only the chain can say whether it moved anything.
      const seen = txHash === null ? 'unknown' : await executor.reconcile(plan, txHash, txLifetime);
      outcome = seen === 'unknown' ? { status: 'failed', txHash, reason } : seen;
    }
    return this.finish(order, outcome);
  }

  /** Wait for every swap this engine started. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Reconcile executing orders left by a crash (this worker's own, whatever their age) or by a dead worker (stale):
   * a recorded transaction is looked up on the chain (mined: its outcome is recorded; never seen: nothing moved and
   * the order is released to PENDING); without a recorded transaction nothing was signed, so it is released. The
   * claims this engine is still running are left alone: releasing one mid-swap would let it run twice.
   */
  async reconcile(): Promise<void> {
    for (const unfinished of await unfinishedClaims(this.db, this.actor, this.staleClaimMs)) {
      if (this.running.has(unfinished.orderId)) continue;
      const order = await takeOverClaim(this.db, unfinished, this.actor);
      const executor = order && this.executors[order.network];
      if (!order || !executor) continue;
      const seen =
        order.txHash === null
          ? 'unknown'
          : await executor.reconcile(this.reconcileRequest(order), order.txHash, order.txLifetime);
      if (seen === 'unknown') {
        await moveOrder(this.db, order.orderId, ['EXECUTING'], 'PENDING', this.actor, 'released', {
          detail: order.txHash ? `transaction ${order.txHash} never reached the chain` : 'claimed but never signed',
        });
      } else {
        await this.finish(order, seen);
      }
    }
  }

  /** Stop: wait for swaps in flight. */
  async stop(): Promise<void> {
    await this.idle();
  }

  private async claimAndRun(orderId: string, priceSeen: string | null): Promise<void> {
    const claimed = await this.claim(orderId, priceSeen);
    if (claimed) this.enqueue(claimed);
  }

  private enqueue(order: StoredOrder): void {
    this.running.add(order.orderId);
    const previous = this.accountQueues.get(order.accountId) ?? Promise.resolve();
    const run = previous
      .then(() => this.execute(order))
      .catch((err: unknown) =>
        this.options.log?.error({ orderId: order.orderId, err }, 'conditional order execution failed'),
      );
    this.accountQueues.set(order.accountId, run);
    this.inFlight.add(run);
    void run.finally(() => {
      this.running.delete(order.orderId);
      this.inFlight.delete(run);
      if (this.accountQueues.get(order.accountId) === run) this.accountQueues.delete(order.accountId);
    });
  }

  private async pricesOf(order: StoredOrder): Promise<{ sellUsd: number | undefined; buyUsd: number | undefined }> {
    const ticks = await this.feed.prices([
      { network: order.network, token: order.sellToken },
      { network: order.network, token: order.buyToken },
    ]);
    const usd = (token: string) => ticks.find((tick) => tick.token === token)?.priceUsd;
    return { sellUsd: usd(order.sellToken), buyUsd: usd(order.buyToken) };
  }

  /** What a reconciliation hands the executor: the order's tokens and account (amounts are the chain's to tell). */
  private reconcileRequest(order: StoredOrder): SwapRequest {
    return {
      network: order.network,
      accountId: order.accountId,
      sellToken: order.sellToken,
      buyToken: order.buyToken,
      sellQuantity: order.sellQuantity ?? '0',
      minBuyQuantity: undefined,
    };
  }

  /** Record a claimed order's outcome and apply the position's follow-ups. */
  private async finish(order: StoredOrder, outcome: SwapOutcome): Promise<StoredOrder> {
    const db = this.db;
    let recorded: StoredOrder | undefined;
    if (outcome.status === 'confirmed') {
      recorded = await moveOrder(db, order.orderId, ['EXECUTING'], 'EXECUTED', this.actor, 'executed', {
        txHash: outcome.txHash,
        priceSeen: order.priceSeen,
        soldQuantity: outcome.soldQuantity,
        boughtQuantity: outcome.boughtQuantity,
        detail: `sold ${outcome.soldQuantity} for ${outcome.boughtQuantity}`,
      });
      if (recorded && order.role === 'ENTRY') {
        await moveOrdersOfPosition(db, order.positionId, ['WAITING'], 'PENDING', this.actor, 'armed', {
          sellQuantity: outcome.boughtQuantity,
          detail: `entry filled: sells ${outcome.boughtQuantity}`,
        });
      } else if (recorded) {
        await moveOrdersOfPosition(db, order.positionId, ['PENDING', 'WAITING'], 'CANCELLED', this.actor, 'cancelled', {
          exceptOrderId: order.orderId,
          detail: `one-cancels-the-other: ${order.orderId} executed`,
        });
      }
    } else {
      recorded = await moveOrder(db, order.orderId, ['EXECUTING'], 'FAILED', this.actor, 'failed', {
        txHash: outcome.txHash,
        priceSeen: order.priceSeen,
        failureReason: outcome.reason,
      });
      if (recorded) {
        await moveOrdersOfPosition(db, order.positionId, ['PENDING', 'WAITING'], 'CANCELLED', this.actor, 'cancelled', {
          exceptOrderId: order.orderId,
          detail: `position failed: ${order.orderId} did not execute`,
        });
      }
    }
    await settlePosition(db, order.positionId, this.actor);
    return recorded ?? order;
  }
}
