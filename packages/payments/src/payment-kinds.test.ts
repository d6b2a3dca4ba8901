import { ServiceError } from '@svc/contracts';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { describe, expect, it } from 'vitest';
import { PaymentKinds } from './payment-kinds.js';
import type { PaymentSettler, VerifiedPayment } from './processor.js';

const requirements = (scheme: string): PaymentRequirements => ({
  scheme,
  network: 'eip155:8453',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  amount: '1000',
  payTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  maxTimeoutSeconds: 300,
  extra: {},
});
const payloadFor = (scheme: string) =>
  ({ x402Version: 2, accepted: requirements(scheme), payload: {} }) as PaymentPayload;
const call = { tool: 'wallet', resourceUrl: 'http://127.0.0.1/api/tools/execute/unified/wallet' };

/** A payment kind that answers which kind it is. */
const kind = (name: string): PaymentSettler => ({
  verify: async (payload) => ({ paymentId: name, payload, requirements: payload.accepted, payer: name }),
  settle: async () => ({ success: true, transaction: name, network: 'eip155:8453', payer: name }),
  release: async () => undefined,
});

describe('PaymentKinds', () => {
  it('sends batch-settlement vouchers to the channels and every other scheme to the x402 processor', async () => {
    const kinds = new PaymentKinds(kind('x402'), kind('channels'));
    expect((await kinds.verify(payloadFor('exact'), [], call)).paymentId).toBe('x402');
    const voucher = await kinds.verify(payloadFor('batch-settlement'), [], call);
    expect(voucher.paymentId).toBe('channels');
    expect((await kinds.settle(voucher as VerifiedPayment)).transaction).toBe('channels');
  });

  it('answers a voucher 503 naming FACILITATOR_URL when no facilitator serves batch-settlement', async () => {
    const kinds = new PaymentKinds(kind('x402'), undefined);
    const refused = await kinds.verify(payloadFor('batch-settlement'), [], call).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ code: 'not_configured', status: 503, extra: { setting: 'FACILITATOR_URL' } });
    expect((await kinds.verify(payloadFor('exact'), [], call)).paymentId).toBe('x402');
  });
});
