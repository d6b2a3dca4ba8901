import type { EVMMessageVerifier } from '@svc/payments';
import { createPublicClient, http } from 'viem';
import { base } from 'viem/chains';
import type { Config } from '@svc/config';
import type { Sandbox } from './sandbox.js';

/**
 * Verifies sign-in proofs from smart-contract wallets (EIP-1271, and EIP-6492 for undeployed ones) with an
 * `eth_call` on Base: the sandbox chain in sandbox mode, RPC_URL_BASE in live mode. Without an RPC only EOA
 * proofs (EIP-191 recovery, no network) verify.
 */
export function smartWalletVerifier(config: Config, sandbox: Sandbox | undefined): EVMMessageVerifier | undefined {
  if (config.mode === 'sandbox' && sandbox) return (args) => sandbox.base.publicClient.verifyMessage(args);
  if (!config.baseRpcUrl) return undefined;
  const client = createPublicClient({ chain: base, transport: http(config.baseRpcUrl) });
  return (args) => client.verifyMessage(args);
}
