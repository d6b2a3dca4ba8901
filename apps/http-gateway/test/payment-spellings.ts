import type { PaymentPayload } from '@x402/core/types';

interface ExactEvmPayload {
  readonly signature: `0x${string}`;
  readonly authorization: Readonly<Record<string, string>>;
}

const upperHex = (hex: string) => `0x${hex.slice(2).toUpperCase()}`;

/**
 * One EIP-3009 authorization written five ways: as signed, with an extra field in `payload`, the signature in upper
 * case, the nonce in upper case with the payer in lower case, and the payload's keys in another order. Each is the
 * same single-use authorization, so at most one of them may ever run a call.
 */
export function respellings(payment: PaymentPayload): PaymentPayload[] {
  const inner = payment.payload as unknown as ExactEvmPayload;
  const { authorization } = inner;
  const respelled = (payload: object): PaymentPayload => ({
    ...payment,
    payload: payload as PaymentPayload['payload'],
  });
  return [
    payment,
    respelled({ ...inner, memo: 'same authorization' }),
    respelled({ ...inner, signature: upperHex(inner.signature) }),
    respelled({
      ...inner,
      authorization: {
        ...authorization,
        nonce: upperHex(authorization.nonce!),
        from: authorization.from!.toLowerCase(),
      },
    }),
    respelled(Object.fromEntries(Object.entries(inner).reverse())),
  ];
}
