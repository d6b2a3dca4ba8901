import { x402Client } from '@x402/core/client';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { signedPaymentOf } from '../payment-identity.js';
import { BASE_USDC_REQUIREMENTS } from '../testing.js';
import { verifyExactEvmLocally } from './local-verify.js';

// The official client signs EIP-3009 payments without reading the chain; this RPC is never called.
const offline = createPublicClient({ transport: http('http://127.0.0.1:9') });
const RESOURCE = {
  url: 'http://gateway.test/api/tools/execute/unified/tool',
  description: 'test',
  mimeType: 'application/json',
};

/** A payment for `requirements` signed by a new payer with the official `@x402/evm` exact client. */
async function signedFor(requirements: PaymentRequirements, payer = privateKeyToAccount(generatePrivateKey())) {
  // Spend controls off: one payment is signed for a made-up token contract.
  const client = x402Client.fromConfig({
    schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(toClientEvmSigner(payer, offline)) }],
    spendControls: false,
  });
  const payload = await client.createPaymentPayload({ x402Version: 2, resource: RESOURCE, accepts: [requirements] });
  signedPaymentOf(payload); // the shape check the processor makes first
  return { payload, payer: payer.address };
}

type Authorization = { from: string; to: string; value: string; validAfter: string; validBefore: string };
const authorizationOf = (payload: PaymentPayload) =>
  (payload.payload as { authorization: Authorization }).authorization;
const withSignature = (payload: PaymentPayload, signature: string): PaymentPayload => ({
  ...payload,
  payload: { ...payload.payload, signature },
});
const reasonOf = (verdict: ReturnType<typeof verifyExactEvmLocally>) =>
  verdict.kind === 'invalid' ? verdict.reason.split(':')[0] : verdict.kind;

describe('verifyExactEvmLocally', () => {
  it('accepts a payment the official client signed for these requirements, with its payer as the payload names it', async () => {
    const { payload, payer } = await signedFor(BASE_USDC_REQUIREMENTS);
    expect(verifyExactEvmLocally(payload, BASE_USDC_REQUIREMENTS)).toEqual({ kind: 'valid', payer });
  });

  it('refuses a payment to another payee, of another amount, expired or not yet valid', async () => {
    const { payload } = await signedFor(BASE_USDC_REQUIREMENTS);
    const { validAfter, validBefore } = authorizationOf(payload);
    const now = Math.floor(Date.now() / 1000);
    // the payment compared with requirements that differ from what it signs
    const otherPayee = { ...BASE_USDC_REQUIREMENTS, payTo: '0x00000000000000000000000000000000000000aa' };
    expect(reasonOf(verifyExactEvmLocally(payload, otherPayee))).toBe('invalid_exact_evm_recipient_mismatch');
    const otherAmount = { ...BASE_USDC_REQUIREMENTS, amount: '999' };
    expect(reasonOf(verifyExactEvmLocally(payload, otherAmount))).toBe(
      'invalid_exact_evm_payload_authorization_value_mismatch',
    );
    // its window seen from later and from earlier: expired within the 6 s margin, and before validAfter
    expect(reasonOf(verifyExactEvmLocally(payload, BASE_USDC_REQUIREMENTS, Number(validBefore) - 5))).toBe(
      'invalid_exact_evm_payload_authorization_valid_before',
    );
    expect(reasonOf(verifyExactEvmLocally(payload, BASE_USDC_REQUIREMENTS, Number(validBefore) - 6))).toBe('valid');
    expect(reasonOf(verifyExactEvmLocally(payload, BASE_USDC_REQUIREMENTS, Number(validAfter) - 1))).toBe(
      'invalid_exact_evm_payload_authorization_valid_after',
    );
    expect(reasonOf(verifyExactEvmLocally(payload, BASE_USDC_REQUIREMENTS, now))).toBe('valid');
    const noDomain = { ...BASE_USDC_REQUIREMENTS, extra: {} };
    expect(reasonOf(verifyExactEvmLocally(payload, noDomain))).toBe('invalid_exact_evm_missing_eip712_domain');
  });

  it("leaves to the full path what it cannot decide: a signature not by `from` (a bad one, or a smart wallet owner's), another asset's, a smart-wallet signature, Permit2", async () => {
    const { payload } = await signedFor(BASE_USDC_REQUIREMENTS);
    // signed by someone else for the same authorization: the same bytes, another key
    const forged = await signedFor(BASE_USDC_REQUIREMENTS);
    const badSignature = withSignature(payload, (forged.payload.payload as { signature: string }).signature);
    expect(reasonOf(verifyExactEvmLocally(badSignature, BASE_USDC_REQUIREMENTS))).toBe('full-path');
    // signed for another token contract: the digest names the asset, so its signer does not recover here
    const otherAsset = { ...BASE_USDC_REQUIREMENTS, asset: '0x00000000000000000000000000000000000000bb' };
    const signedForOtherAsset = await signedFor(otherAsset);
    expect(reasonOf(verifyExactEvmLocally(signedForOtherAsset.payload, BASE_USDC_REQUIREMENTS))).toBe('full-path');
    // an ERC-6492-wrapped (or ERC-1271) signature is longer than 65 bytes
    const signature = (payload.payload as { signature: string }).signature;
    const erc6492 = `${signature}${'00'.repeat(64)}6492649264926492649264926492649264926492649264926492649264926492`;
    expect(reasonOf(verifyExactEvmLocally(withSignature(payload, erc6492), BASE_USDC_REQUIREMENTS))).toBe('full-path');
    const permit2 = { ...payload, payload: { signature, permit2Authorization: {} } };
    expect(reasonOf(verifyExactEvmLocally(permit2, BASE_USDC_REQUIREMENTS))).toBe('full-path');
  });

  it('leaves other schemes and networks to the facilitator', async () => {
    const { payload } = await signedFor(BASE_USDC_REQUIREMENTS);
    const solana = {
      ...BASE_USDC_REQUIREMENTS,
      network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    } as PaymentRequirements;
    expect(reasonOf(verifyExactEvmLocally(payload, solana))).toBe('full-path');
    expect(reasonOf(verifyExactEvmLocally(payload, { ...BASE_USDC_REQUIREMENTS, scheme: 'upto' }))).toBe('full-path');
  });
});
