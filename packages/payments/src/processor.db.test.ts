import { type Db, findPaymentClaim } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { x402Client } from '@x402/core/client';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIdOf } from './payment-identity.js';
import { PaymentProcessor, PaymentRejected } from './processor.js';
import { BASE_USDC_REQUIREMENTS } from './testing.js';

const RESOURCE = {
  url: 'http://gateway.test/api/tools/execute/unified/tool',
  description: 'test',
  mimeType: 'application/json',
};
const CALL = { tool: 'tool', resourceUrl: RESOURCE.url };
// The official client signs EIP-3009 payments without reading the chain; this RPC is never called.
const offline = createPublicClient({ transport: http('http://127.0.0.1:9') });

async function signedPayment(): Promise<PaymentPayload> {
  const payer = privateKeyToAccount(generatePrivateKey());
  const client = new x402Client().register('eip155:*', new ExactEvmScheme(toClientEvmSigner(payer, offline)));
  return client.createPaymentPayload({ x402Version: 2, resource: RESOURCE, accepts: [BASE_USDC_REQUIREMENTS] });
}

/** A facilitator stand-in that counts verify calls and refuses every payment it is asked about. */
function refusingFacilitator() {
  const asked: PaymentPayload[] = [];
  const facilitator = {
    verify: async (payload: PaymentPayload) => {
      asked.push(payload);
      return { isValid: false, invalidReason: 'invalid_exact_evm_signature', payer: '0x' };
    },
    settle: async () => {
      throw new Error('not settled in this test');
    },
    getSupported: async () => ({ kinds: [], extensions: [], signers: {} }),
  } as unknown as FacilitatorClient;
  return { facilitator, asked };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof PaymentRejected ? error.reason.split(':')[0] : String(error)),
  );

describe.each(testBackends())('PaymentProcessor.verify, lean exact path ($name)', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  it("verifies a plain account's EIP-3009 payment without the facilitator, claims it once, and refuses its replay", async () => {
    const { facilitator, asked } = refusingFacilitator();
    const processor = new PaymentProcessor(facilitator, db);
    const payload = await signedPayment();
    const verified = await processor.verify(payload, [BASE_USDC_REQUIREMENTS], CALL);
    expect(verified.payer).toBe((payload.payload as { authorization: { from: string } }).authorization.from);
    expect(asked).toHaveLength(0);
    expect((await findPaymentClaim(db, verified.paymentId))?.state).toBe('claimed');
    // the same signed payment again (also spelled otherwise: the claim is the authorization's, not the JSON's)
    expect(await rejection(processor.verify(payload, [BASE_USDC_REQUIREMENTS], CALL))).toBe('payment_already_used');
    const respelled = structuredClone(payload);
    const authorization = (respelled.payload as { authorization: { from: string } }).authorization;
    authorization.from = authorization.from.toLowerCase();
    expect(await rejection(processor.verify(respelled, [BASE_USDC_REQUIREMENTS], CALL))).toBe('payment_already_used');
    // released (the call failed before settling), it may be used again
    await processor.release(verified);
    expect((await processor.verify(payload, [BASE_USDC_REQUIREMENTS], CALL)).paymentId).toBe(verified.paymentId);
  });

  it('of concurrent submissions of one payment, exactly one is taken', async () => {
    const processor = new PaymentProcessor(refusingFacilitator().facilitator, db);
    const payload = await signedPayment();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => rejection(processor.verify(payload, [BASE_USDC_REQUIREMENTS], CALL))),
    );
    expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'payment_already_used')).toHaveLength(5);
  });

  it('refuses a payment made out for other terms before claiming it: nothing is written', async () => {
    const { facilitator, asked } = refusingFacilitator();
    const processor = new PaymentProcessor(facilitator, db);
    const payload = await signedPayment();
    // the 402 offered these terms and the payment's `accepted` says so, but the signed authorization pays less
    const underpaid = structuredClone(payload);
    (underpaid.payload as { authorization: { value: string } }).authorization.value = '1';
    expect(await rejection(processor.verify(underpaid, [BASE_USDC_REQUIREMENTS], CALL))).toBe(
      'invalid_exact_evm_payload_authorization_value_mismatch',
    );
    expect(await findPaymentClaim(db, paymentIdOf(underpaid))).toBeUndefined();
    expect(asked).toHaveLength(0);
  });

  it('sends a signature it cannot accept to the facilitator, and releases the claim when the facilitator refuses', async () => {
    const { facilitator, asked } = refusingFacilitator();
    const processor = new PaymentProcessor(facilitator, db);
    const payload = await signedPayment();
    const other = await signedPayment();
    const forged = {
      ...payload,
      payload: { ...payload.payload, signature: (other.payload as { signature: string }).signature },
    };
    expect(await rejection(processor.verify(forged, [BASE_USDC_REQUIREMENTS], CALL))).toBe(
      'invalid_exact_evm_signature',
    );
    expect(asked).toHaveLength(1);
    expect(await findPaymentClaim(db, paymentIdOf(forged))).toBeUndefined();
  });

  it('releases the claim when the facilitator cannot be reached for a payment it must verify: the payment stays usable', async () => {
    const down = {
      verify: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:9');
      },
    } as unknown as FacilitatorClient;
    const payload = await signedPayment();
    const other = await signedPayment();
    // Another key's signature: not decidable locally (a smart wallet's owner may sign), so the facilitator is asked.
    const fullPath = {
      ...payload,
      payload: { ...payload.payload, signature: (other.payload as { signature: string }).signature },
    };
    await expect(new PaymentProcessor(down, db).verify(fullPath, [BASE_USDC_REQUIREMENTS], CALL)).rejects.toMatchObject(
      {
        code: 'facilitator_unreachable',
        message: expect.stringMatching(/did not answer.*nothing was charged/),
      },
    );
    expect(await findPaymentClaim(db, paymentIdOf(fullPath))).toBeUndefined();
  });
});
