import type { SandboxEvmChain } from '@svc/sandbox';
import { x402Client } from '@x402/core/client';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { type Account, type Address, createTestClient, createWalletClient, type Hex, http, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { NETWORKS, PAYMENT_TOKENS } from './tokens.js';

/** The price of a test payment: 0.001 USDC, in atomic units. */
export const PRICE = 1_000n;
/** Who test payments pay: anvil's dev account 1. */
export const PAYEE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** The x402 `exact` requirements of a test payment: PRICE in Base USDC to PAYEE. */
export const BASE_USDC_REQUIREMENTS: PaymentRequirements = {
  scheme: 'exact',
  network: NETWORKS.base,
  asset: PAYMENT_TOKENS.BASE_USDC.asset,
  amount: PRICE.toString(),
  payTo: PAYEE,
  maxTimeoutSeconds: 300,
  extra: { ...PAYMENT_TOKENS.BASE_USDC.extra },
};

/**
 * `count` payments of BASE_USDC_REQUIREMENTS for `resourceUrl`, signed by the official client for one new payer
 * funded on the sandbox `chain` (with enough for all of them unless `funded` says how much), each its own
 * single-use EIP-3009 authorization.
 */
export async function signedBaseUsdcPayments(
  chain: SandboxEvmChain,
  resourceUrl: string,
  count = 1,
  funded = PRICE * BigInt(count),
): Promise<PaymentPayload[]> {
  const payer = privateKeyToAccount(generatePrivateKey());
  if (funded > 0n) await chain.mintUsdc(payer.address, funded);
  const scheme = new ExactEvmScheme(toClientEvmSigner(payer, chain.publicClient));
  const client = new x402Client().register('eip155:*', scheme);
  const resource = { url: resourceUrl, description: 'test', mimeType: 'application/json' };
  const required = { x402Version: 2, resource, accepts: [BASE_USDC_REQUIREMENTS] };
  return Promise.all(Array.from({ length: count }, () => client.createPaymentPayload(required)));
}

/** Runs `work` while the sandbox `chain` mines nothing: sent transactions stay pending until it ends, then one block is mined. */
export async function withoutMining<T>(chain: SandboxEvmChain, work: () => Promise<T>): Promise<T> {
  const anvil = createTestClient({ chain: chain.chain, transport: http(chain.rpcUrl), mode: 'anvil' });
  await anvil.setAutomine(false);
  try {
    return await work();
  } finally {
    await anvil.setAutomine(true);
    await anvil.mine({ blocks: 1 });
  }
}

/** Rejects when `work` takes longer than `ms`: a hang fails the test with a reason instead of at the test timeout. */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not done within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

const TRANSFER_WITH_AUTHORIZATION_ABI = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
]);

/**
 * Settles an `exact` EIP-3009 payment on the sandbox `chain` from `account`, as anyone holding the signed
 * authorization could (its nonce is then used), and waits for the receipt.
 */
export async function landAuthorization(chain: SandboxEvmChain, payload: PaymentPayload, account: Account) {
  const { authorization, signature } = payload.payload as { authorization: Record<string, string>; signature: Hex };
  const sender = createWalletClient({ account, chain: chain.chain, transport: http(chain.rpcUrl) });
  const hash = await sender.writeContract({
    address: chain.usdc,
    abi: TRANSFER_WITH_AUTHORIZATION_ABI,
    functionName: 'transferWithAuthorization',
    args: [
      authorization['from'] as Address,
      authorization['to'] as Address,
      BigInt(authorization['value']!),
      BigInt(authorization['validAfter']!),
      BigInt(authorization['validBefore']!),
      authorization['nonce'] as Hex,
      signature,
    ],
  });
  await chain.publicClient.waitForTransactionReceipt({ hash });
}
