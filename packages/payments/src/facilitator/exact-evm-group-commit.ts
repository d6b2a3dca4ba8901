import { InMemoryPendingSettlementStore } from '@x402/core/facilitator';
import type { SchemeNetworkFacilitator } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import type { Address, Hex } from 'viem';
import type { EvmSettlement } from './evm-settlement.js';
import type { PaymentAuthorization } from './own-settlement-receipt.js';

/**
 * The official `exact` EVM facilitator scheme (`@x402/evm`), settling EIP-3009 payments in groups.
 *
 * Why a wrapper and not a settle of our own: verification and settlement stay the official code (the re-verify in
 * settle, the ERC-6492 wallet deployment, the receipt's Transfer check, the pending-settlement store, Permit2), so
 * their semantics hold as the SDK defines them. Only the signer changes, per payment: each EIP-3009 settlement gets a
 * scheme instance over `signerForPayment`, whose `transferWithAuthorization` joins its asset's next batch and whose
 * receipt answers that payment's own outcome. A scheme instance costs one object; the pending-settlement store is
 * shared by all of them, as one official instance would share it.
 */
export function exactEvmSchemeWithGroupCommit(settlement: EvmSettlement): SchemeNetworkFacilitator {
  const pendingSettlementStore = new InMemoryPendingSettlementStore();
  const shared = new ExactEvmScheme(settlement.signer, { pendingSettlementStore });
  return {
    scheme: shared.scheme,
    caipFamily: shared.caipFamily,
    getExtra: (network) => shared.getExtra(network),
    getSigners: (network) => shared.getSigners(network),
    verify: (payload, requirements, context) => shared.verify(payload, requirements, context),
    settle(payload, requirements, context) {
      const authorization = eip3009AuthorizationOf(payload.payload, requirements.asset);
      if (!authorization) return shared.settle(payload, requirements, context);
      const scheme = new ExactEvmScheme(settlement.signerForPayment(authorization), { pendingSettlementStore });
      return scheme.settle(payload, requirements, context);
    },
  };
}

/** The EIP-3009 authorization an `exact` payload carries, or undefined for another kind (Permit2). */
function eip3009AuthorizationOf(payload: Record<string, unknown>, asset: string): PaymentAuthorization | undefined {
  const authorization = payload['authorization'] as { from?: unknown; nonce?: unknown } | undefined;
  if (typeof authorization?.from !== 'string' || typeof authorization.nonce !== 'string') return undefined;
  return { asset: asset as Address, authorizer: authorization.from as Address, nonce: authorization.nonce as Hex };
}
