import { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorClient } from '@x402/core/server';
import type { Network, SupportedResponse } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator';
import { createWalletClient, defineChain, http, type LocalAccount, publicActions } from 'viem';

export interface LocalEvmSettlement {
  readonly network: `eip155:${number}`;
  readonly rpcUrl: string;
  /**
   * The account that submits settlements and pays their gas. Give it a viem `nonceManager`: settlements run
   * concurrently and must not reuse a nonce.
   */
  readonly settler: LocalAccount;
  /** Receipt polling interval; a local chain has receipts within milliseconds (viem's default would add ~1 s). */
  readonly pollingIntervalMs?: number;
}

export interface LocalFacilitatorConfig {
  readonly evm?: readonly LocalEvmSettlement[];
}

/**
 * An in-process x402 facilitator (no HTTP hop): `@x402/core`'s facilitator with the official `exact` schemes,
 * settling on the chains it is given. Sandbox mode points it at the sandbox chains.
 */
export function createLocalFacilitator(config: LocalFacilitatorConfig): FacilitatorClient {
  const facilitator = new x402Facilitator();
  for (const evm of config.evm ?? []) {
    const chainId = Number(evm.network.split(':')[1]);
    const chain = defineChain({ id: chainId, name: evm.network, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [evm.rpcUrl] } } });
    const account = evm.settler;
    const client = createWalletClient({ account, chain, transport: http(evm.rpcUrl), pollingInterval: evm.pollingIntervalMs ?? 50 }).extend(publicActions);
    registerExactEvmScheme(facilitator, {
      networks: evm.network as Network,
      signer: toFacilitatorEvmSigner({
        address: account.address,
        readContract: (args) => client.readContract(args as never),
        verifyTypedData: (args) => client.verifyTypedData(args as never),
        writeContract: (args) => client.writeContract(args as never),
        sendTransaction: (args) => client.sendTransaction(args as never),
        waitForTransactionReceipt: (args) => client.waitForTransactionReceipt({ ...args, pollingInterval: evm.pollingIntervalMs ?? 50 }),
        getCode: (args) => client.getCode(args),
      }),
    });
  }
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}
