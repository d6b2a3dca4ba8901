import { createLocalFacilitator, NETWORKS, SettlementBroadcasts } from '@svc/payments';
import type { Config } from '@svc/config';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SupportedResponse } from '@x402/core/types';
import { privateKeyToAccount } from 'viem/accounts';

/** Live mode's in-process settlement of Base payments, and where its broadcasts are announced. */
export interface SelfHostedSettlement {
  /** Base payments in process; every other network through the remote facilitator (FACILITATOR_URL). */
  readonly facilitator: FacilitatorClient;
  readonly broadcasts: SettlementBroadcasts;
  /** The settler accounts' addresses (they pay the gas). */
  readonly settlers: readonly string[];
}

/**
 * Live mode with SETTLER_PRIVATE_KEYS: BASE_USDC payments are verified and settled in process on RPC_URL_BASE by the
 * operator's settler accounts, in groups (see SettlementBatches in @svc/payments), instead of by a remote facilitator;
 * Solana and Stacks payments still go to FACILITATOR_URL when it is set. The keys go into the accounts only: they are
 * never logged (a LocalAccount's fields are its address and signing functions).
 */
export function selfHostedSettlement(
  config: Config,
  remote: FacilitatorClient | undefined,
): SelfHostedSettlement | undefined {
  const keys = config.settlerPrivateKeys;
  // loadConfig refuses SETTLER_PRIVATE_KEYS without RPC_URL_BASE.
  if (!keys?.length || !config.baseRpcUrl) return undefined;
  const [first, ...others] = keys.map((key) => privateKeyToAccount(key));
  const broadcasts = new SettlementBroadcasts();
  const local = createLocalFacilitator({
    broadcasts,
    evm: [
      {
        network: NETWORKS.base,
        rpcUrl: config.baseRpcUrl,
        settlers: [first!, ...others],
        maxBatchSize: config.settlementBatchMax,
      },
    ],
  });
  return {
    facilitator: routedFacilitator(local, remote),
    broadcasts,
    settlers: [first!, ...others].map((account) => account.address),
  };
}

/** Base payments to `local`, the others to `remote`; without it, their verification fails naming FACILITATOR_URL. */
function routedFacilitator(local: FacilitatorClient, remote: FacilitatorClient | undefined): FacilitatorClient {
  const route = (requirements: PaymentRequirements): FacilitatorClient => {
    if (requirements.network === NETWORKS.base) return local;
    if (remote) return remote;
    throw new Error(
      `payments on ${requirements.network} are verified and settled by a remote facilitator, and FACILITATOR_URL is not set (SETTLER_PRIVATE_KEYS settles Base payments only)`,
    );
  };
  return {
    verify: async (payload: PaymentPayload, requirements: PaymentRequirements) =>
      route(requirements).verify(payload, requirements),
    settle: async (payload: PaymentPayload, requirements: PaymentRequirements) =>
      route(requirements).settle(payload, requirements),
    async getSupported(): Promise<SupportedResponse> {
      const [own, theirs] = await Promise.all([local.getSupported(), remote?.getSupported()]);
      if (!theirs) return own;
      return {
        kinds: [...own.kinds, ...theirs.kinds.filter((kind) => kind.network !== NETWORKS.base)],
        extensions: [...new Set([...own.extensions, ...theirs.extensions])],
        signers: { ...theirs.signers, ...own.signers },
      };
    },
  };
}
