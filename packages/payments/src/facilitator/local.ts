import { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorClient } from '@x402/core/server';
import type { SupportedResponse } from '@x402/core/types';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/facilitator';
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator';
import { type FacilitatorSvmSigner, toFacilitatorSvmSigner } from '@x402/svm';
import { registerExactSvmScheme } from '@x402/svm/exact/facilitator';
import type { KeyPairSigner } from '@solana/kit';
import { decodeSolanaTransaction, solanaPaymentTransactionOf } from '../schemes/svm/transaction.js';
import type { SettlementBroadcasts } from './broadcasts.js';
import { createEvmSettlementSigner, type LocalEvmSettlement } from './evm-settlement.js';
import { type LocalStacksSettlement, registerLocalStacksSettlements } from './local-stacks.js';

export type { LocalStacksSettlement } from './local-stacks.js';
export type { LocalEvmSettlement } from './evm-settlement.js';

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
  readonly stacks?: readonly LocalStacksSettlement[];
  /** Told of each EVM and Solana settlement transaction it broadcasts (see SettlementBroadcasts). */
  readonly broadcasts?: SettlementBroadcasts;
}

/**
 * An in-process x402 facilitator (no HTTP hop): `@x402/core`'s facilitator with the official `exact` schemes (and
 * ours for Stacks), plus the official EVM `batch-settlement` scheme (payment channels), settling on the chains it is
 * given. Sandbox mode points it at the sandbox chains.
 */
export function createLocalFacilitator(config: LocalFacilitatorConfig): FacilitatorClient {
  const facilitator = new x402Facilitator();
  for (const evm of config.evm ?? []) {
    const signer = createEvmSettlementSigner({ ...evm, broadcasts: evm.broadcasts ?? config.broadcasts });
    registerExactEvmScheme(facilitator, { networks: evm.network, signer });
    // Payment channels (deposit, claim, sweep, refund) through the same settler accounts and nonce queues. No
    // receiver authorizer key here: the resource server signs its own claim batches and refunds.
    facilitator.register(evm.network, new BatchSettlementEvmScheme(signer));
  }
  for (const svm of config.svm ?? []) {
    // defaultRpcUrl: every network this signer is asked about (the CAIP-2 id and the v1 aliases that
    // registerExactSvmScheme also registers) goes to this RPC, never to a public cluster endpoint.
    const signer = toFacilitatorSvmSigner(svm.feePayer, { defaultRpcUrl: svm.rpcUrl });
    registerExactSvmScheme(facilitator, {
      networks: svm.network,
      signer: announcingSvmSigner(signer, config.broadcasts),
    });
  }
  registerLocalStacksSettlements(facilitator, config.stacks ?? []);
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}

/**
 * A Solana transaction's id is its fee payer's signature, so it exists only once our facilitator has signed it: the
 * signature is announced before the transaction is sent, and a transaction announced but never sent is found never
 * processed once it can no longer land.
 */
function announcingSvmSigner(
  signer: FacilitatorSvmSigner,
  broadcasts: SettlementBroadcasts | undefined,
): FacilitatorSvmSigner {
  if (!broadcasts) return signer;
  return {
    ...signer,
    async sendTransaction(wire, network) {
      const transaction = solanaPaymentTransactionOf(decodeSolanaTransaction(wire));
      if (transaction?.signature) {
        const { payer, payerSignature, signature } = transaction;
        await broadcasts.announce({
          network,
          asset: null,
          authorizer: payer,
          nonce: payerSignature,
          txHash: signature,
        });
      }
      return signer.sendTransaction(wire, network);
    },
  };
}
