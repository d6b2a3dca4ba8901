// Payers for the paid benchmark: fresh wallets funded on the target's sandbox chain, and payments signed ahead.
import { x402Client } from '@x402/core/client';
import { encodePaymentSignatureHeader } from '@x402/core/http';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/**
 * `count` new wallets, funded through the target so that together they can pay for `payments` calls of
 * `priceAtomic` USDC units. `presign` spreads signatures evenly over them (round-robin across calls), so none
 * runs out before the others.
 */
export async function fundedPayers(target, { count, payments, priceAtomic }) {
  const publicClient = createPublicClient({ transport: http(target.rpcUrl) });
  const payers = Array.from({ length: count }, () => {
    const account = privateKeyToAccount(generatePrivateKey());
    return {
      account,
      client: new x402Client().register('eip155:*', new ExactEvmScheme(toClientEvmSigner(account, publicClient))),
    };
  });
  await target.fund(
    payers.map((p) => p.account.address),
    priceAtomic * BigInt(Math.ceil(payments / count)),
  );
  let cursor = 0;
  return {
    /**
     * `n` PAYMENT-SIGNATURE headers for the given 402. Each is single-use: an EIP-3009 authorization with its
     * own random nonce.
     */
    async presign(paymentRequired, n) {
      const headers = [];
      for (let i = 0; i < n; i++)
        headers.push(
          encodePaymentSignatureHeader(await payers[cursor++ % count].client.createPaymentPayload(paymentRequired)),
        );
      return headers;
    },
  };
}
