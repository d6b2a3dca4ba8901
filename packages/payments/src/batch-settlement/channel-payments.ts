import { randomUUID } from 'node:crypto';
import {
  commitVoucher,
  type Db,
  type PaymentChannel,
  paymentChannel,
  recordChannelDeposit,
  releaseVoucher,
  reserveVoucher,
} from '@svc/store';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import {
  BATCH_SETTLEMENT_SCHEME,
  type BatchSettlementDepositPayload,
  type BatchSettlementVoucherPayload,
  isBatchSettlementDepositPayload,
  isBatchSettlementVoucherPayload,
} from '@x402/evm';
import {
  offeredRequirementFor,
  type PaidCallTarget,
  type PaymentSettler,
  SettlementFailed,
  unreachable,
  type VerifiedPayment,
} from '../processor.js';
import { voucherPaymentId } from '../payment-identity.js';
import { invalidPayload, PaymentRejected } from '../payment-rejected.js';
import { chainIdOf } from './receiver-authorizer.js';
import { channelConfigError, voucherSignedByPayer } from './voucher-check.js';

/** A reservation outlives a request that died holding it by at most this long (the SDK's bounds). */
const MIN_RESERVATION_MS = 5_000;
const MAX_RESERVATION_MS = 10 * 60_000;

/** The SDK's error codes the official client acts on (a corrective 402 is recognised by its exact `error`). */
const CUMULATIVE_MISMATCH = 'invalid_batch_settlement_evm_cumulative_amount_mismatch';
const CHANNEL_BUSY = 'invalid_batch_settlement_evm_channel_busy';

interface Reservation {
  readonly channelId: string;
  readonly pendingId: string;
  readonly price: string;
  /** The deposit this call's payment made on chain first, if it carried one. */
  readonly depositTransaction: string | undefined;
}

type ChannelPayload = BatchSettlementVoucherPayload | BatchSettlementDepositPayload;

/** The channel's state as the scheme's responses carry it (`channelState`). */
const channelStateOf = (channel: PaymentChannel) => ({
  channelId: channel.channelId,
  balance: channel.balance,
  totalClaimed: channel.totalClaimed,
  withdrawRequestedAt: channel.withdrawRequestedAt,
  refundNonce: String(channel.refundNonce),
  chargedCumulativeAmount: channel.chargedCumulativeAmount,
});

/**
 * x402 `batch-settlement` payments (payment channels) for one call each: the second payment kind beside `exact`'s
 * PaymentProcessor, with the same verify / settle / release steps the invoke pipeline drives.
 *
 * The hot path is local: the voucher's channel config and EIP-712 signature are checked in process, then one
 * conditional UPDATE reserves it against the channel's stored state (its ceiling must be exactly what was charged so
 * far plus this call's price, within the balance), so a voucher pays for one call only: replayed, or sent to another
 * call after it was charged, it no longer extends the state and is refused before anything runs. Settling charges
 * the reservation (one UPDATE); no chain read and no facilitator call on the way. Only a payment that carries a
 * deposit (a new channel or a top-up) goes to the facilitator, which lands the deposit before the call is served.
 */
export class ChannelPayments implements PaymentSettler {
  readonly #reservations = new WeakMap<VerifiedPayment, Reservation>();

  constructor(
    private readonly db: Db,
    private readonly facilitator: FacilitatorClient,
    private readonly now: () => number = Date.now,
  ) {}

  async verify(
    payload: PaymentPayload,
    offered: readonly PaymentRequirements[],
    call: PaidCallTarget,
  ): Promise<VerifiedPayment> {
    const requirements = offeredRequirementFor(payload, offered, call);
    const raw = payload.payload as unknown;
    const deposit = isBatchSettlementDepositPayload(raw);
    if (!deposit && !isBatchSettlementVoucherPayload(raw))
      throw invalidPayload(
        'a batch-settlement call is paid with a voucher or a deposit payload (close a channel with POST /api/payments/channels/{id}/close)',
      );
    const { channelConfig, voucher } = raw as ChannelPayload;
    const configError = channelConfigError(channelConfig, voucher.channelId, requirements);
    if (configError)
      throw new PaymentRejected(`${configError}: the channel config does not name this service's channel terms`);
    if (!/^\d+$/.test(voucher.maxClaimableAmount))
      throw invalidPayload('voucher.maxClaimableAmount must be a decimal integer');
    if (!voucherSignedByPayer(channelConfig, voucher, chainIdOf(requirements.network)))
      throw new PaymentRejected(
        "invalid_batch_settlement_evm_voucher_signature: the voucher is not signed by the channel's payer authorizer",
      );
    const price = requirements.amount;
    const depositTransaction = deposit
      ? await this.#deposit(payload, raw as BatchSettlementDepositPayload, requirements)
      : undefined;
    const now = this.now();
    const pendingId = randomUUID();
    const taken = await reserveVoucher(this.db, {
      channelId: voucher.channelId,
      pendingId,
      price,
      maxClaimable: voucher.maxClaimableAmount,
      signature: voucher.signature,
      now,
      expiresAt:
        now + Math.min(MAX_RESERVATION_MS, Math.max(MIN_RESERVATION_MS, requirements.maxTimeoutSeconds * 1000)),
    });
    if (!taken.reserved) throw await this.#refusal(voucher.channelId, BigInt(voucher.maxClaimableAmount), price);
    const payment: VerifiedPayment = {
      paymentId: voucherPaymentId(voucher.channelId, voucher.maxClaimableAmount),
      payload,
      requirements,
      payer: channelConfig.payer.toLowerCase(),
    };
    this.#reservations.set(payment, { channelId: voucher.channelId, pendingId, price, depositTransaction });
    return payment;
  }

  /** Charges the reserved voucher: the receipt carries the channel's new state for the payer's client. */
  async settle(payment: VerifiedPayment): Promise<SettleResponse> {
    const reservation = this.#reservationOf(payment);
    const { network } = payment.requirements;
    const channel = await commitVoucher(this.db, { ...reservation, now: this.now() });
    if (!channel) {
      // The reservation expired and another request took the channel: this voucher was not charged.
      throw new SettlementFailed({
        success: false,
        errorReason: CHANNEL_BUSY,
        errorMessage: 'the voucher reservation expired before the call was charged; sign the next voucher',
        transaction: '',
        network,
        payer: payment.payer,
      });
    }
    this.#reservations.delete(payment);
    return {
      success: true,
      payer: payment.payer,
      transaction: reservation.depositTransaction ?? '',
      network,
      amount: reservation.price,
      extra: { chargedAmount: reservation.price, channelState: channelStateOf(channel) },
    };
  }

  async release(payment: VerifiedPayment): Promise<void> {
    const reservation = this.#reservations.get(payment);
    if (!reservation) return;
    this.#reservations.delete(payment);
    await releaseVoucher(this.db, reservation);
  }

  #reservationOf(payment: VerifiedPayment): Reservation {
    const reservation = this.#reservations.get(payment);
    if (!reservation) throw new Error('this batch-settlement payment was not verified here, or was settled already');
    return reservation;
  }

  /**
   * Lands the payload's deposit through the facilitator (new channel or top-up) and records the channel's on-chain
   * state. The voucher riding with it is checked against the channel first, so a deposit is never made for a call
   * that would then be refused. The deposit's transaction hash.
   */
  async #deposit(
    payload: PaymentPayload,
    raw: BatchSettlementDepositPayload,
    requirements: PaymentRequirements,
  ): Promise<string> {
    const { channelConfig, voucher } = raw;
    let verdict: Awaited<ReturnType<FacilitatorClient['verify']>>;
    try {
      verdict = await this.facilitator.verify(payload, requirements);
    } catch (cause) {
      throw unreachable(cause);
    }
    if (!verdict.isValid) throw new PaymentRejected(verdict.invalidReason ?? 'invalid_batch_settlement_deposit');
    const known = await paymentChannel(this.db, voucher.channelId);
    const onchain = verdict.extra as { balance?: string; totalClaimed?: string } | undefined;
    const charged = BigInt(known?.chargedCumulativeAmount ?? onchain?.totalClaimed ?? '0');
    if (BigInt(voucher.maxClaimableAmount) !== charged + BigInt(requirements.amount))
      throw this.#mismatch(known, voucher.channelId, charged);
    let settled: SettleResponse;
    try {
      settled = await this.facilitator.settle(payload, requirements);
    } catch (cause) {
      throw unreachable(cause);
    }
    if (!settled.success)
      throw new PaymentRejected(
        `${settled.errorReason ?? 'invalid_batch_settlement_evm_deposit_transaction_failed'}: the deposit did not land; nothing was charged`,
      );
    const state = (settled.extra?.channelState ?? {}) as {
      balance?: string;
      totalClaimed?: string;
      refundNonce?: string | number;
    };
    const balance =
      state.balance ?? (BigInt(known?.balance ?? onchain?.balance ?? '0') + BigInt(raw.deposit.amount)).toString();
    await recordChannelDeposit(this.db, {
      channelId: voucher.channelId,
      network: requirements.network,
      config: channelConfig,
      balance,
      totalClaimed: state.totalClaimed ?? known?.totalClaimed ?? onchain?.totalClaimed ?? '0',
      refundNonce: state.refundNonce === undefined ? undefined : Number(state.refundNonce),
      now: this.now(),
    });
    return settled.transaction;
  }

  /** Why the channel would not take the voucher (read only once refused: the hot path does not pay for it). */
  async #refusal(channelId: string, maxClaimable: bigint, price: string): Promise<PaymentRejected> {
    const channel = await paymentChannel(this.db, channelId);
    if (!channel)
      return new PaymentRejected(
        'invalid_batch_settlement_evm_channel_not_found: this service holds no deposit for the channel; send a deposit payload',
      );
    const charged = BigInt(channel.chargedCumulativeAmount);
    if (channel.withdrawRequestedAt !== 0)
      return new PaymentRejected(
        'invalid_batch_settlement_evm_withdraw_pending: the payer asked to withdraw from this channel; open a new one',
      );
    if (maxClaimable !== charged + BigInt(price)) return this.#mismatch(channel, channelId, charged);
    if (maxClaimable > BigInt(channel.balance))
      return new PaymentRejected(
        `invalid_batch_settlement_evm_cumulative_exceeds_balance: the voucher's ceiling passes the channel's balance ${channel.balance}; top the channel up with a deposit`,
      );
    if (maxClaimable <= BigInt(channel.totalClaimed))
      return new PaymentRejected('invalid_batch_settlement_evm_cumulative_below_claimed');
    return new PaymentRejected(
      `${CHANNEL_BUSY}: another call on this channel is being served; a channel takes one call at a time`,
    );
  }

  /** A voucher signed against another cumulative state: the 402 tells the client the channel's state to resync. */
  #mismatch(channel: PaymentChannel | undefined, channelId: string, charged: bigint): PaymentRejected {
    return new PaymentRejected(CUMULATIVE_MISMATCH, {
      scheme: BATCH_SETTLEMENT_SCHEME,
      // The latest voucher goes along only once there is one (the client checks its signature before resyncing).
      extra: !channel
        ? { channelState: { channelId, chargedCumulativeAmount: charged.toString() } }
        : channel.signature
          ? {
              channelState: channelStateOf(channel),
              voucherState: { signedMaxClaimable: channel.signedMaxClaimable, signature: channel.signature },
            }
          : { channelState: channelStateOf(channel) },
    });
  }
}
