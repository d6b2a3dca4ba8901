import { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorClient } from '@x402/core/server';
import type { Network, SupportedResponse } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator';
import { toFacilitatorSvmSigner } from '@x402/svm';
import { registerExactSvmScheme } from '@x402/svm/exact/facilitator';
import type { KeyPairSigner } from '@solana/kit';
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

export interface LocalSvmSettlement {
  readonly network: `solana:${string}`;
  /** Solana JSON-RPC endpoint (e.g. the sandbox's LiteSVM facade). */
  readonly rpcUrl: string;
  /**
   * Co-signs each payment transaction as its fee payer and submits it. Its address is the `extra.feePayer` the
   * payment requirements must name (see PaymentSettings.feePayer).
   */
  readonly feePayer: KeyPairSigner;
}

export interface LocalFacilitatorConfig {
  readonly evm?: readonly LocalEvmSettlement[];
  readonly svm?: readonly LocalSvmSettlement[];
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
  for (const svm of config.svm ?? []) {
    // defaultRpcUrl: every network this signer is asked about (the CAIP-2 id and the v1 aliases that
    // registerExactSvmScheme also registers) goes to this RPC, never to a public cluster endpoint.
    registerExactSvmScheme(facilitator, { networks: svm.network as Network, signer: toFacilitatorSvmSigner(svm.feePayer, { defaultRpcUrl: svm.rpcUrl }) });
  }
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}
