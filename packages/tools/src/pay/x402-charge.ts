import { ServiceError } from '@svc/contracts';
import {
  isBatchSettlement,
  offeredAmountOf,
  PaymentRejected,
  type PaymentRequiredResponse,
  type PaymentRequirementsBuilder,
  type PaymentSettler,
  paymentTokenOf,
  SettlementFailed,
  type VerifiedPayment,
  withCorrection,
} from '@svc/payments';
import { type CallRecord, type Db, recordCall, recordSettledCall } from '@svc/store';
import type { PaymentPayload, SettleResponse } from '@x402/core/types';

/** A refused payment, or a refused settlement (with its receipt): answered with the 402 of what it was offered for. */
export type PaymentRefusal = {
  readonly status: 402;
  readonly paymentRequired: PaymentRequiredResponse;
  readonly settlement?: SettleResponse;
};

/** What an x402 payment pays for, and where its charge is recorded. */
export interface ChargeTarget {
  readonly db: Db;
  readonly processor: PaymentSettler;
  readonly payments: PaymentRequirementsBuilder;
  /** The resource the 402 named (its quotes stay payable for their timeout). */
  readonly resource: { readonly url: string; readonly description: string };
  /** The price in USD (decimal string). */
  readonly usd: string;
  /** The call ledger's name for what is paid: the catalog tool, or a credit top-up. */
  readonly ledgerTool: string;
  readonly accountId: string | null;
  /** The account credit the settlement buys (a top-up): recorded with its intent, so reconciliation credits an interrupted one. */
  readonly creditAmount?: bigint | undefined;
  /** The 402 for this charge, with `error` saying why a payment was refused. */
  paymentRequired(error?: string): Promise<PaymentRequiredResponse>;
}

/**
 * Verifies `payload` for `target` and claims it: the charge to settle, or the 402 refusing it (recorded in the call
 * ledger). `priorAnswer` runs first, in the same refusal handling: a retry's stored answer, which reads the payment's
 * identity and so refuses a malformed payload like verification does.
 */
export async function verifyCharge<Answer = never>(
  target: ChargeTarget,
  payload: PaymentPayload,
  priorAnswer?: () => Promise<Answer | undefined>,
): Promise<X402Charge | PaymentRefusal | Answer> {
  const { db, processor, payments, resource, usd, ledgerTool, accountId } = target;
  const started = performance.now();
  try {
    const prior = await priorAnswer?.();
    if (prior !== undefined) return prior;
    const offered = await payments.acceptableRequirements(resource, usd);
    return new X402Charge(
      target,
      await processor.verify(payload, offered, { tool: ledgerTool, resourceUrl: resource.url }),
      started,
    );
  } catch (error) {
    if (!(error instanceof PaymentRejected)) throw error;
    await recordCall(db, {
      tool: ledgerTool,
      accountId,
      token: paymentTokenOf(payload.accepted)?.id ?? null,
      amount: offeredAmountOf(payload.accepted),
      outcome: `payment_rejected: ${error.reason.split(':')[0]}`,
      httpStatus: 402,
      latencyMs: performance.now() - started,
    });
    const paymentRequired = await target.paymentRequired(error.reason);
    return {
      status: 402,
      paymentRequired: error.correction ? withCorrection(paymentRequired, error.correction) : paymentRequired,
    };
  }
}

/**
 * The x402 charge step every paid thing shares (a tool call, a credit top-up): a verified, claimed payment that
 * settles at most once and records what became of it. The claim is taken by `verifyCharge` before any work; the
 * settlement records its intent before it is sent (PaymentProcessor.settle), so an interrupted one is reconciled.
 */
export class X402Charge {
  #settlement: SettleResponse | undefined;
  #refusal: PaymentRefusal | undefined;
  #settling: Promise<void> | undefined;

  constructor(
    private readonly target: ChargeTarget,
    readonly payment: VerifiedPayment,
    private readonly started: number,
  ) {}

  /** The receipt, once the payment settled. */
  get settlement(): SettleResponse | undefined {
    return this.#settlement;
  }

  /** The 402 to answer, once the settlement was refused. */
  get refusal(): PaymentRefusal | undefined {
    return this.#refusal;
  }

  /** Settlement was attempted (it may have failed, or its outcome may be unknown). */
  get attempted(): boolean {
    return this.#settling !== undefined;
  }

  /** The call ledger row of this charge ending as `outcome`. */
  ledgerRow(outcome: string, httpStatus: number, receipt?: SettleResponse): CallRecord {
    const { payment, target } = this;
    return {
      tool: target.ledgerTool,
      accountId: target.accountId,
      payer: payment.payer,
      token: paymentTokenOf(payment.requirements)?.id ?? payment.requirements.asset,
      amount: payment.requirements.amount,
      txHash: receipt?.transaction || null,
      outcome,
      httpStatus,
      latencyMs: performance.now() - this.started,
    };
  }

  /**
   * Records the charge ending as `outcome`; a settled payment's claim is marked settled by the statement writing the
   * row. (A batch-settlement voucher has no claim and no transaction of its own: its channel row holds the charge.)
   */
  record(outcome: string, httpStatus: number, receipt?: SettleResponse): Promise<unknown> {
    const row = this.ledgerRow(outcome, httpStatus, receipt);
    return receipt?.success && receipt.transaction && !isBatchSettlement(this.payment.requirements)
      ? recordSettledCall(this.target.db, this.payment.paymentId, { ...row, txHash: receipt.transaction })
      : recordCall(this.target.db, row);
  }

  /**
   * Settles, once however often called. A refused settlement is recorded, kept as `refusal` and thrown as
   * `SettlementRefused`; an unknown outcome (facilitator unreachable) is recorded and thrown, and the payment stays
   * claimed, never reused.
   */
  commit(): Promise<void> {
    this.#settling ??= (async () => {
      const { processor, accountId, creditAmount } = this.target;
      try {
        this.#settlement = await processor.settle(this.payment, { accountId, creditAmount });
      } catch (error) {
        if (!(error instanceof SettlementFailed)) {
          await this.record('settlement_unknown', error instanceof ServiceError ? error.status : 500);
          throw error;
        }
        await this.record('settlement_failed', 402, error.response);
        this.#refusal = {
          status: 402,
          paymentRequired: await this.target.paymentRequired(error.response.errorReason ?? 'settlement_failed'),
          settlement: error.response,
        };
        throw new SettlementRefused();
      }
    })();
    return this.#settling;
  }

  /** Settles now unless settled already: the receipt, or the 402 of a refused settlement. */
  async settle(): Promise<SettleResponse | PaymentRefusal> {
    try {
      await this.commit();
      return this.#settlement!;
    } catch (error) {
      if (this.#refusal) return this.#refusal;
      throw error;
    }
  }

  /** Nothing was committed: the payment was not taken and may be used again. */
  release(): Promise<void> {
    return this.target.processor.release(this.payment);
  }
}

/** Thrown out of `commit` into the handler when the settlement is refused; the pipeline answers the 402 instead. */
class SettlementRefused extends Error {
  constructor() {
    super('the payment settlement was refused, so the call stopped before committing anything');
  }
}

/** A settle step's answer was the refusal, not a receipt. */
export const isRefusal = (settled: SettleResponse | PaymentRefusal): settled is PaymentRefusal =>
  'status' in settled && settled.status === 402;
