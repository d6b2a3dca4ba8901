import { join } from 'node:path';
import { ANVIL_DEV_MNEMONIC, type SandboxEvmChain, startSandboxEvmChain } from '@svc/chains';
import { createLocalFacilitator, NETWORKS } from '@svc/payments';
import type { FacilitatorClient } from '@x402/core/server';
import { createNonceManager, jsonRpc } from 'viem/nonce';
import { mnemonicToAccount } from 'viem/accounts';

/** Anvil dev account #2 submits sandbox settlements (#0 mints sandbox USDC, #1 is the sandbox payee). */
const SETTLER_ACCOUNT_INDEX = 2;

export interface Sandbox {
  /** The sandbox Base chain (anvil, chain id 8453) with USDC at its canonical address. */
  readonly base: SandboxEvmChain;
  /** The in-process facilitator settling on the sandbox chains. */
  readonly facilitator: FacilitatorClient;
  stop(): Promise<void>;
}

/** Start the sandbox chains and the in-process facilitator. With `dataDir`, chain state persists there. */
export async function startSandbox(options: { dataDir?: string } = {}): Promise<Sandbox> {
  const base = await startSandboxEvmChain({ chainId: 8453, ...(options.dataDir ? { stateFile: join(options.dataDir, 'chains', 'base-8453.json') } : {}) });
  // One nonce manager per chain instance: a shared one would carry nonces over from an earlier chain.
  const settler = mnemonicToAccount(ANVIL_DEV_MNEMONIC, { addressIndex: SETTLER_ACCOUNT_INDEX, nonceManager: createNonceManager({ source: jsonRpc() }) });
  const facilitator = createLocalFacilitator({ evm: [{ network: NETWORKS.base, rpcUrl: base.rpcUrl, settler }] });
  return { base, facilitator, stop: () => base.stop() };
}
