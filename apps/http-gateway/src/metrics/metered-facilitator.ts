import { paymentTokenOf } from '@svc/payments';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentRequirements } from '@x402/core/types';
import { boundedReason } from './call-log.js';
import type { GatewayMetrics } from './gateway-metrics.js';

const tokenOf = (requirements: PaymentRequirements): string => paymentTokenOf(requirements)?.id ?? 'other';

/**
 * The facilitator, counted: every payment the service verifies and settles (paid calls and credit top-ups alike)
 * goes through it, so payments verified, settled and refused, and settlement latency, are measured in this one place.
 */
export function meteredFacilitator(facilitator: FacilitatorClient, metrics: GatewayMetrics): FacilitatorClient {
  const failed = (operation: string) => (error: unknown) => {
    metrics.facilitatorErrors.inc({ operation });
    throw error;
  };
  return {
    async verify(payload, requirements) {
      const token = tokenOf(requirements);
      const verdict = await facilitator.verify(payload, requirements).catch(failed('verify'));
      if (verdict.isValid) metrics.paymentsVerified.inc({ token });
      else metrics.paymentsRefused.inc({ token, stage: 'verify', reason: boundedReason(verdict.invalidReason) });
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
