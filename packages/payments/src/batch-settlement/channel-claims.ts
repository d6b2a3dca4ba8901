import { randomUUID } from 'node:crypto';
import {
  type Db,
  deleteClosedChannel,
  holdChannelForClose,
  leaseUnclaimedChannels,
  type PaymentChannel,
  recordClaimed,
  recordOnchainChannelState,
  releaseChannelHold,
  releaseClaimLeases,
} from '@svc/store';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { BATCH_SETTLEMENT_SCHEME, type BatchSettlementVoucherClaim } from '@x402/evm';
import { unreachable } from '../processor.js';
import type { ChannelStateReader } from './onchain-channel-state.js';
import type { ReceiverAuthorizer } from './receiver-authorizer.js';

export interface ChannelClaimsOptions {
  readonly db: Db;
  /** Serves `batch-settlement` and signs claims and refunds as the channels' receiver authorizer. */
  readonly facilitator: FacilitatorClient;
  readonly network: string;
  /** The channels' receiver (our payTo) and token. */
  readonly receiver: `0x${string}`;
  readonly token: `0x${string}`;
  /** Signs claim batches and refunds when this service is the receiver authorizer (not the facilitator). */
  readonly authorizer?: ReceiverAuthorizer | undefined;
  /** This instance's name in claim leases (unique per process). */
  readonly owner?: string;
  /** Vouchers per claim transaction. */
  readonly batchSize?: number;
  /** How long a claim may hold its channels before another instance may claim them again. */
  readonly leaseMs?: number;
  readonly now?: () => number;
  /**
   * Reads channels' state from the contract: for a channel the chain refused to claim, and one whose stored state is
   * stale. Without it, a refused channel is retried when its lease expires, on the state the store has.
   */
  readonly chainState?: ChannelStateReader | undefined;
  /**
   * How long a close holds its channel: longer than the facilitator may take to answer a refund, since a refund whose
   * answer is lost keeps the hold until it expires (default 10 minutes).
   */
  readonly closeHoldMs?: number;
  /** Told about each claim transaction the chain refused (the pass goes on with the other channels). */
  readonly onClaimRefused?: (channelIds: readonly string[], failure: ChannelOperationFailed) => void;
}

export interface ClaimBatch {
  readonly vouchers: number;
  readonly transaction: string;
}

export interface ChannelClosed {
  readonly channelId: string;
  /** The refund transaction, which also claims the last charged voucher. */
  readonly transaction: string;
  /** What went back to the payer: the balance less everything charged (atomic units). */
  readonly refunded: string;
  readonly charged: string;
}

/** A failed claim, sweep or refund the facilitator answered (the chain refused it, or its simulation did). */
export class ChannelOperationFailed extends Error {
  override readonly name = 'ChannelOperationFailed';
  constructor(
    readonly operation: 'claim' | 'settle' | 'refund',
    readonly response: SettleResponse,
  ) {
    super(
      `${operation} failed: ${response.errorReason ?? 'unknown'}${response.errorMessage ? `: ${response.errorMessage}` : ''}`,
    );
  }
}

const NOTHING_TO_SETTLE = 'invalid_batch_settlement_evm_nothing_to_settle';

/**
 * The receiver's side of the channels, off the hot path: batched claims of the charged vouchers, the sweep of claimed
 * funds to the receiver, and cooperative refunds (closing a channel). Every instance may run it against the same
 * database: a claim leases its channels (FOR UPDATE SKIP LOCKED), so no channel is in two claims at once, and a close
 * holds its channel so no call or claim changes it while the refund is in flight.
 */
export class ChannelClaims {
  readonly #owner: string;
  readonly #now: () => number;

  constructor(private readonly options: ChannelClaimsOptions) {
    this.#owner = options.owner ?? `claims-${randomUUID()}`;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Claims every charged, unclaimed voucher on chain, in batches; one transaction per batch. The contract reverts a
   * whole batch on one bad entry, so a refused batch is claimed again one channel at a time: the good channels are
   * claimed, and a channel the chain still refuses has its state re-read from chain into the store (so no more
   * vouchers are taken against it) and keeps its lease until it expires (so this pass moves on and a later one tries
   * again). A channel whose chain state is older than a third of its withdraw delay is re-read before it is claimed.
   */
  async claim(): Promise<ClaimBatch[]> {
    const { db, network, batchSize = 100, leaseMs = 120_000 } = this.options;
    const batches: ClaimBatch[] = [];
    for (;;) {
      const now = this.#now();
      const leased = await leaseUnclaimedChannels(db, {
        network,
        owner: this.#owner,
        now,
        leaseUntil: now + leaseMs,
        limit: batchSize,
      });
      if (leased.length === 0) return batches;
      const unsettled = new Set(leased.map((channel) => channel.channelId));
      try {
        const channels = await Promise.all(leased.map((channel) => this.#fresh(channel, now)));
        // A re-read may show nothing left to claim (the payer withdrew): that channel's lease just goes.
        const claimable = channels.filter(
          (channel) => BigInt(claimOf(channel).totalClaimed) > BigInt(channel.totalClaimed),
        );
        if (claimable.length === 0) continue;
        const batch = await this.#claimBatch(claimable, unsettled);
        if (batch) batches.push(batch);
        else
          for (const channel of claimable) {
            const single = claimable.length > 1 ? await this.#claimBatch([channel], unsettled) : undefined;
            if (single) batches.push(single);
            else await this.#resync(channel);
            // Refused twice: the lease stays until it expires, so this pass does not take the channel again.
            unsettled.delete(channel.channelId);
          }
      } finally {
        // Sent or not, a claim is idempotent on chain (a claimed total never goes down): what an error interrupted is
        // let go, and the next round claims again what is still unclaimed.
        await releaseClaimLeases(db, this.#owner, [...unsettled]);
      }
    }
  }

  /**
   * Submits one claim transaction for `channels` and records what it took; undefined when the chain (or the
   * facilitator's simulation) refused it, reported to `onClaimRefused`. Claimed channels leave `unsettled`.
   */
  async #claimBatch(channels: readonly PaymentChannel[], unsettled: Set<string>): Promise<ClaimBatch | undefined> {
    const { db, network, authorizer, onClaimRefused } = this.options;
    const claims = channels.map(claimOf);
    const claimAuthorizerSignature = await authorizer?.signClaims(claims, network);
    const response = await this.#submit({
      type: 'claim',
      claims,
      ...(claimAuthorizerSignature ? { claimAuthorizerSignature } : {}),
    });
    if (!response.success) {
      onClaimRefused?.(
        channels.map((channel) => channel.channelId),
        new ChannelOperationFailed('claim', response),
      );
      return undefined;
    }
    await recordClaimed(
      db,
      this.#owner,
      claims.map((claim, i) => ({ channelId: channels[i]!.channelId, totalClaimed: claim.totalClaimed })),
    );
    for (const channel of channels) unsettled.delete(channel.channelId);
    return { vouchers: claims.length, transaction: response.transaction };
  }

  /** The channel with its chain state re-read when that is older than a third of its withdraw delay. */
  async #fresh(channel: PaymentChannel, now: number): Promise<PaymentChannel> {
    const staleAfterMs = (channel.channelConfig.withdrawDelay * 1000) / 3;
    if (channel.onchainSyncedAt !== undefined && now - channel.onchainSyncedAt <= staleAfterMs) return channel;
    return (await this.#resync(channel)) ?? channel;
  }

  /** Overwrites the stored chain state of `channel` with the contract's; undefined without a chain reader. */
  async #resync(channel: PaymentChannel): Promise<PaymentChannel | undefined> {
    const { db, chainState } = this.options;
    if (!chainState) return undefined;
    const state = await chainState.stateOf(channel.channelId);
    const now = this.#now();
    await recordOnchainChannelState(db, { channelId: channel.channelId, ...state, now });
    return { ...channel, ...state, onchainSyncedAt: now };
  }

  /**
   * Sweeps the claimed funds to the receiver (`settle(receiver, token)`), after the claims were mined (the facilitator
   * answers once the claim's receipt is in). Undefined when there was nothing to sweep.
   */
  async sweep(): Promise<string | undefined> {
    const { receiver, token } = this.options;
    const response = await this.#submit({ type: 'settle', receiver, token });
    if (response.success) return response.transaction;
    if (response.errorReason === NOTHING_TO_SETTLE) return undefined;
    throw new ChannelOperationFailed('settle', response);
  }

  /** Claims, then sweeps what the claims took. */
  async claimAndSweep(): Promise<{ claims: ClaimBatch[]; sweep: string | undefined }> {
    const claims = await this.claim();
    return { claims, sweep: claims.length > 0 ? await this.sweep() : undefined };
  }

  /**
   * Closes a channel cooperatively: one refund transaction claims its last charged voucher and returns the rest of
   * its balance to the payer, and the channel is forgotten. Undefined when the channel is busy (a call or a claim
   * holds it) or unknown.
   */
  async close(channelId: string): Promise<ChannelClosed | undefined> {
    const { db } = this.options;
    const holdId = `close-${randomUUID()}`;
    const now = this.#now();
    const { closeHoldMs = 600_000 } = this.options;
    const channel = await holdChannelForClose(db, { channelId, holdId, now, until: now + closeHoldMs });
    if (!channel) return undefined;
    const charged = BigInt(channel.chargedCumulativeAmount);
    const refunded = BigInt(channel.balance) - charged;
    const claims = charged > BigInt(channel.totalClaimed) ? [claimOf(channel)] : [];
    const refund = { channelId: channel.channelId, amount: refunded.toString(), nonce: String(channel.refundNonce) };
    try {
      const { authorizer, network } = this.options;
      const signatures = authorizer
        ? {
            refundAuthorizerSignature: await authorizer.signRefund(refund, network),
            ...(claims.length > 0 ? { claimAuthorizerSignature: await authorizer.signClaims(claims, network) } : {}),
          }
        : {};
      const response = await this.#submit({
        type: 'refund',
        channelConfig: channel.channelConfig,
        voucher: {
          channelId: channel.channelId,
          maxClaimableAmount: channel.signedMaxClaimable,
          signature: channel.signature,
        },
        amount: refund.amount,
        refundNonce: refund.nonce,
        claims,
        ...signatures,
      });
      if (!response.success) throw new ChannelOperationFailed('refund', response);
      await deleteClosedChannel(db, channel.channelId, holdId);
      return {
        channelId: channel.channelId,
        transaction: response.transaction,
        refunded: refunded.toString(),
        charged: charged.toString(),
      };
    } catch (error) {
      // Refused (the chain or its simulation answered): nothing moved, the channel serves again. Any other error
      // leaves the refund's fate unknown (it may still land): the hold stays until it expires, and the channel's
      // state is re-read from chain, so what it serves afterwards is what the chain holds.
      if (error instanceof ChannelOperationFailed) await releaseChannelHold(db, channel.channelId, holdId);
      else await this.#resync(channel).catch(() => undefined);
      throw error;
    }
  }

  /** A receiver-side operation, sent as the scheme's settle payload of its type. */
  async #submit(operation: Record<string, unknown>): Promise<SettleResponse> {
    const { facilitator, network, receiver, token } = this.options;
    const requirements: PaymentRequirements = {
      scheme: BATCH_SETTLEMENT_SCHEME,
      network: network as PaymentRequirements['network'],
      asset: token,
      amount: '0',
      payTo: receiver,
      maxTimeoutSeconds: 0,
      extra: {},
    };
    const payload: PaymentPayload = { x402Version: 2, accepted: requirements, payload: operation };
    try {
      return await facilitator.settle(payload, requirements);
    } catch (cause) {
      throw unreachable(cause);
    }
  }
}

/**
 * The claim of a channel's latest voucher for everything charged against it, but never above its balance: after the
 * payer withdrew, what is left is still claimed (the contract refuses a claim above the balance).
 */
function claimOf(channel: PaymentChannel): BatchSettlementVoucherClaim {
  const charged = BigInt(channel.chargedCumulativeAmount);
  const balance = BigInt(channel.balance);
  return {
    voucher: { channel: channel.channelConfig, maxClaimableAmount: channel.signedMaxClaimable },
    signature: channel.signature as `0x${string}`,
    totalClaimed: (charged < balance ? charged : balance).toString(),
  };
}
