import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentRequirements } from '@x402/core/types';
import { BATCH_SETTLEMENT_SCHEME } from '@x402/evm';
import { getAddress } from 'viem';

/** The least withdraw delay the batch-settlement contract accepts (15 minutes); the SDK's default. */
export const MIN_WITHDRAW_DELAY_SECONDS = 900;

/**
 * What the 402 offers for `batch-settlement` beside `exact` (BASE_USDC only): who authorises claims for the
 * receiver, and how long a payer must wait to withdraw without the receiver. Both go into every channel's config.
 */
export interface BatchSettlementOffer {
  readonly receiverAuthorizer: `0x${string}`;
  readonly withdrawDelaySeconds: number;
  /** The facilitator authorises claims and refunds (else this service signs them with its own key). */
  readonly delegated: boolean;
}

/** The `extra` of a batch-settlement requirement, as the official client reads it to build its channel config. */
export const batchSettlementExtra = (offer: BatchSettlementOffer, tokenExtra: Readonly<Record<string, unknown>>) => ({
  ...tokenExtra,
  receiverAuthorizer: offer.receiverAuthorizer,
  withdrawDelay: offer.withdrawDelaySeconds,
  assetTransferMethod: 'eip3009',
});

export const isBatchSettlement = (requirements: Pick<PaymentRequirements, 'scheme'>): boolean =>
  requirements.scheme === BATCH_SETTLEMENT_SCHEME;

/**
 * The offer a facilitator makes possible: it must serve `batch-settlement` on `network`, and someone must authorise
 * claims for the receiver: the facilitator (its `/supported` kind advertises `extra.receiverAuthorizer`), or this
 * service with its own key (`ownAuthorizer`). Undefined when neither, so the 402 offers `exact` only.
 */
export async function batchSettlementOfferOf(
  facilitator: FacilitatorClient,
  network: string,
  withdrawDelaySeconds: number,
  ownAuthorizer: `0x${string}` | undefined,
): Promise<BatchSettlementOffer | undefined> {
  const supported = await facilitator.getSupported();
  const kind = supported.kinds.find((k) => k.scheme === BATCH_SETTLEMENT_SCHEME && k.network === network);
  if (!kind) return undefined;
  const advertised = kind.extra?.receiverAuthorizer;
  const delegated = typeof advertised === 'string' && !/^0x0{40}$/i.test(advertised) ? advertised : undefined;
  const receiverAuthorizer = delegated ?? ownAuthorizer;
  if (!receiverAuthorizer) return undefined;
  return {
    receiverAuthorizer: getAddress(receiverAuthorizer),
    withdrawDelaySeconds,
    delegated: delegated !== undefined,
  };
}
