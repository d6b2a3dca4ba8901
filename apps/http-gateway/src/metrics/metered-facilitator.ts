import { paymentTokenOf, type VerificationObserver } from '@svc/payments';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentRequirements } from '@x402/core/types';
import { boundedReason } from './call-log.js';
import type { GatewayMetrics } from './gateway-metrics.js';

const tokenOf = (requirements: PaymentRequirements): string => paymentTokenOf(requirements)?.id ?? 'other';

/** Counts verification verdicts by token (and a refusal's reason), wherever the verdict was reached. */
export function verificationMetrics(metrics: GatewayMetrics): VerificationObserver {
  return {
    verified: (requirements) => metrics.paymentsVerified.inc({ token: tokenOf(requirements) }),
    refused: (requirements, reason) =>
      metrics.paymentsRefused.inc({ token: tokenOf(requirements), stage: 'verify', reason: boundedReason(reason) }),
  };
}

/**
 * The facilitator, counted: every payment the service verifies and settles (paid calls and credit top-ups alike)
 * goes through it, so payments verified, settled and refused, and settlement latency, are measured in this one place.
 */
export function meteredFacilitator(facilitator: FacilitatorClient, metrics: GatewayMetrics): FacilitatorClient {
  const verdicts = verificationMetrics(metrics);
  const failed = (operation: string) => (error: unknown) => {
    metrics.facilitatorErrors.inc({ operation });
    throw error;
  };
  return {
    async verify(payload, requirements) {
      const verdict = await facilitator.verify(payload, requirements).catch(failed('verify'));
      if (verdict.isValid) verdicts.verified(requirements);
      else verdicts.refused(requirements, verdict.invalidReason ?? 'invalid_payment');
      return verdict;
    },
    async settle(payload, requirements) {
      const token = tokenOf(requirements);
      const stop = metrics.settlementDuration.startTimer({ token });
      const receipt = await facilitator.settle(payload, requirements).catch(failed('settle'));
      stop();
      if (receipt.success) metrics.paymentsSettled.inc({ token });
      else metrics.paymentsRefused.inc({ token, stage: 'settle', reason: boundedReason(receipt.errorReason) });
      return receipt;
    },
    getSupported: () => facilitator.getSupported().catch(failed('supported')),
  };
}
