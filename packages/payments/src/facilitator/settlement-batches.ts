import type { Address, Hash, Hex, TransactionReceipt } from 'viem';
import { aggregate3AllowingFailures, aggregate3Failures, MULTICALL3_ADDRESS } from './multicall3.js';
import { sendFailureKind } from './send-errors.js';

/** One payment's EIP-3009 `transferWithAuthorization`, ready to send to its token. */
export interface AuthorizationTransfer {
  readonly asset: Address;
  readonly authorizer: Address;
  readonly nonce: Hex;
  /** The token call's calldata. */
  readonly callData: Hex;
}

/** The transaction that carries a payment's transfer, once the node took it. */
export interface SentTransfer {
  readonly hash: Hash;
  /** Its receipt, shared by every payment of the batch; rejects as the receipt wait does (e.g. its timeout). */
  readonly receipt: Promise<TransactionReceipt>;
}

/** How settlement transactions are signed, sent and awaited (the settler accounts' nonce queues, the receipt wait). */
export interface SettlementTransactions {
  /**
   * Signs a transaction from a settler account, runs `beforeBroadcast` with its hash, then sends it; resolves once the
   * node took it. `gas` undefined: estimated by the node.
   */
  send(
    transaction: { to: Address; data: Hex; gas: bigint | undefined },
    beforeBroadcast: (hash: Hash) => Promise<void>,
  ): Promise<Hash>;
  waitForReceipt(hash: Hash): Promise<TransactionReceipt>;
  /** `eth_call` of a transaction's call at the latest block: its return data; rejects as the node refuses it. */
  call(transaction: { to: Address; data: Hex }): Promise<Hex>;
  /** Whether the node knows a transaction of this hash (pending or mined). */
  isKnown(hash: Hash): Promise<boolean>;
}

export interface BatchLimits {
  /** Most transfers one transaction carries. */
  readonly maxBatchSize: number;
  /** Transactions of one asset in flight (sent, receipt not yet answered) at once; later transfers wait and group. */
  readonly maxInFlight: number;
  /** Gas allowed per transfer of a batch (see BATCH_BASE_GAS). */
  readonly gasPerAuthorization: bigint;
}

/**
 * Gas of a batch beyond its transfers': the transaction's own 21 000, and Multicall3's loop and result encoding.
 * A batch's gas is set, not estimated: Multicall3 lets a failed call fail alone, so the node's estimate is the least
 * gas at which the outer call succeeds, even when a transfer inside runs out of gas and is skipped.
 */
export const BATCH_BASE_GAS = 50_000n;

interface Waiting {
  readonly transfer: AuthorizationTransfer;
  resolve(sent: SentTransfer): void;
  reject(error: unknown): void;
}

interface AssetQueue {
  readonly waiting: Waiting[];
  inFlight: number;
  /** The authorizations waiting or in flight (`authorizer:nonce`), each at most once. */
  readonly pending: Set<string>;
}

/**
 * Thrown for a transfer whose call failed when its batch was simulated: sending it would only cost the settler gas
 * for a failed inner call (Multicall3 lets it fail alone), so it is left out and nothing of it reaches the chain.
 */
export class TransferWouldFail extends Error {
  override readonly name = 'TransferWouldFail';
}

/** Thrown for a transfer whose authorization is already waiting or in flight. */
export class AuthorizationAlreadySettling extends Error {
  override readonly name = 'AuthorizationAlreadySettling';
}

const authorizationKey = ({ authorizer, nonce }: AuthorizationTransfer) =>
  `${authorizer.toLowerCase()}:${nonce.toLowerCase()}`;

/**
 * Group commit of EIP-3009 transfers, per asset: a transfer goes at once when fewer than `maxInFlight` of its asset's
 * transactions are in flight (alone, as the token call itself: no added latency, no Multicall3 overhead); otherwise it
 * waits, and when a transaction's receipt is answered the next one carries every transfer that waited (up to
 * `maxBatchSize`) as one Multicall3 `aggregate3` with each call allowed to fail. One transaction for many payments
 * shares its base cost (21 000 gas on chain, and the node's work per transaction), so throughput grows with load
 * instead of the node's transaction rate capping it. Whether each payment was settled is read from the receipt by
 * its own authorization's event (see ownSettlementReceipt): one bad authorization fails alone.
 */
export class SettlementBatches {
  readonly #queues = new Map<string, AssetQueue>();

  /**
   * @param announce told of each transaction's transfers with its hash once it is signed and before it is sent, so
   *   a process stopped after the broadcast has recorded which payments the transaction settles.
   */
  constructor(
    private readonly transactions: SettlementTransactions,
    private readonly limits: BatchLimits,
    private readonly announce: (transfers: readonly AuthorizationTransfer[], hash: Hash) => Promise<void>,
  ) {}

  /**
   * Sends `transfer` in the next transaction of its asset; resolves once that transaction was sent. An authorization
   * already waiting or in flight is refused (AuthorizationAlreadySettling): in one batch, its second call would fail
   * while the first one's event made both look settled.
   */
  submit(transfer: AuthorizationTransfer): Promise<SentTransfer> {
    const key = transfer.asset.toLowerCase();
    let queue = this.#queues.get(key);
    if (!queue) this.#queues.set(key, (queue = { waiting: [], inFlight: 0, pending: new Set() }));
    const authorization = authorizationKey(transfer);
    if (queue.pending.has(authorization))
      return Promise.reject(
        new AuthorizationAlreadySettling(
          `authorization ${transfer.nonce} of ${transfer.authorizer} is already settling`,
        ),
      );
    queue.pending.add(authorization);
    const sent = new Promise<SentTransfer>((resolve, reject) => queue.waiting.push({ transfer, resolve, reject }));
    this.#dispatch(queue);
    return sent;
  }

  #dispatch(queue: AssetQueue): void {
    while (queue.inFlight < this.limits.maxInFlight && queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, this.limits.maxBatchSize);
      queue.inFlight++;
      void this.#settle(batch).finally(() => {
        for (const { transfer } of batch) queue.pending.delete(authorizationKey(transfer));
        queue.inFlight--;
        this.#dispatch(queue);
      });
    }
  }

  /**
   * Sends one transaction for `batch` and holds its asset's slot until the receipt wait ends. Never rejects.
   *
   * A batch of several is simulated first: its gas is set, not estimated, so a transfer that fails (unfunded payer,
   * used nonce) would otherwise be mined as a failed inner call the settler pays for. Those fail at once and the
   * rest go. A transfer sent alone is the token call with the node's gas estimate, which refuses a failing call.
   *
   * Once the transaction was announced, a send error that is not the node's refusal (a timeout, a reset connection)
   * leaves it possibly taken: its payments then wait for its receipt like any sent one (timing out as pending, left
   * to reconciliation) rather than being told nothing was charged.
   */
  async #settle(batch: readonly Waiting[]): Promise<void> {
    const sending = batch.length > 1 ? await this.#withoutFailingTransfers(batch) : batch;
    if (sending.length === 0) return;
    const transfers = sending.map(({ transfer }) => transfer);
    let announced: Hash | undefined;
    let hash: Hash;
    try {
      hash = await this.transactions.send(this.#transactionOf(transfers), async (signed) => {
        await this.announce(transfers, signed);
        announced = signed;
      });
    } catch (error) {
      if (announced === undefined || !(await this.#mayHaveBeenTaken(error, announced))) {
        for (const waiting of sending) waiting.reject(error);
        return;
      }
      hash = announced;
    }
    const receipt = this.transactions.waitForReceipt(hash);
    for (const waiting of sending) waiting.resolve({ hash, receipt });
    // Each payment's settlement answers the wait's failure itself (settlement_pending); here it only frees the slot.
    await receipt.catch(() => undefined);
  }

  /** Whether a send that failed with `error` after `hash` was announced may still have reached the chain. */
  async #mayHaveBeenTaken(error: unknown, hash: Hash): Promise<boolean> {
    switch (sendFailureKind(error)) {
      case 'refused':
        return false;
      case 'unanswered':
        return true;
      case 'nonce-taken':
        // Unable to ask: treated as taken, so its payments end pending (reconciled), never as "nothing charged".
        return this.transactions.isKnown(hash).catch(() => true);
    }
  }

  /** `batch` without the transfers whose call fails in a simulation of the batch (each rejected with its reason). */
  async #withoutFailingTransfers(batch: readonly Waiting[]): Promise<Waiting[]> {
    const { to, data } = this.#transactionOf(batch.map(({ transfer }) => transfer));
    let failures: (string | undefined)[];
    try {
      failures = aggregate3Failures(await this.transactions.call({ to, data }));
    } catch (error) {
      // Unsimulated, a batch could cost gas for nothing; unsent, it costs nobody anything (nothing was announced).
      for (const waiting of batch) waiting.reject(error);
      return [];
    }
    return batch.filter((waiting, i) => {
      const failure = i < failures.length ? failures[i] : 'no result in the simulation';
      if (failure === undefined) return true;
      const { authorizer, nonce } = waiting.transfer;
      waiting.reject(new TransferWouldFail(`authorization ${nonce} of ${authorizer} was not sent: ${failure}`));
      return false;
    });
  }

  #transactionOf(transfers: readonly AuthorizationTransfer[]): { to: Address; data: Hex; gas: bigint | undefined } {
    const [only] = transfers;
    if (transfers.length === 1 && only) return { to: only.asset, data: only.callData, gas: undefined };
    return {
      to: MULTICALL3_ADDRESS,
      data: aggregate3AllowingFailures(transfers.map(({ asset, callData }) => ({ target: asset, callData }))),
      gas: BATCH_BASE_GAS + this.limits.gasPerAuthorization * BigInt(transfers.length),
    };
  }
}
