/**
 * A browser page's x402 client, bundled for Chromium by the CORS browser test: pays one tool call with the official
 * @x402/fetch and @x402/evm, from the origin that serves the page, with a throwaway test wallet's private key.
 */
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';

export interface PaidCall {
  readonly status: number;
  readonly output: string;
  /** The decoded PAYMENT-RESPONSE, as JSON, or `none`: readable only if the gateway exposes the header. */
  readonly settlement: string;
}

export async function payOneCall(url: string, privateKey: `0x${string}`, body: string): Promise<PaidCall> {
  const client = new x402Client().register(
    'eip155:*',
    new ExactEvmScheme(toClientEvmSigner(privateKeyToAccount(privateKey))),
  );
  const res = await wrapFetchWithPayment(fetch, client)(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const settlement = res.headers.get('payment-response');
  return {
    status: res.status,
    output: await res.text(),
    settlement: settlement ? JSON.stringify(decodePaymentResponseHeader(settlement)) : 'none',
  };
}
