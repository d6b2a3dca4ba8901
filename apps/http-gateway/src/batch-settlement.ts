import type { Config } from '@svc/config';
import {
  type BatchSettlementOffer,
  batchSettlementOfferOf,
  ChannelClaims,
  ChannelPayments,
  evmChannelStateReader,
  NETWORKS,
  PAYMENT_TOKENS,
  ReceiverAuthorizer,
} from '@svc/payments';
import type { Db } from '@svc/store';
import type { FacilitatorClient } from '@x402/core/server';
import type { FastifyInstance } from 'fastify';
import { scheduleChannelClaims } from './channel-claim-schedule.js';

export interface BatchSettlement {
  readonly offer: BatchSettlementOffer;
  readonly payments: ChannelPayments;
  readonly claims: ChannelClaims;
}

/**
 * x402 `batch-settlement` for BASE_USDC, when the facilitator serves it (the in-process one in sandbox mode, or
 * FACILITATOR_URL's): the offer the 402 makes, the channel payments calls are paid with, and the claims scheduled
 * (and run once more on close). Undefined, logged, when it does not: the 402 offers `exact` only, and a voucher is
 * answered 503 naming FACILITATOR_URL.
 */
export async function batchSettlementOf(
  app: FastifyInstance,
  {
    config,
    db,
    facilitator,
    chainRpcUrl,
  }: {
    config: Config;
    db: Db;
    facilitator: FacilitatorClient;
    /** Base's RPC (the sandbox chain's, or RPC_URL_BASE): where a refused claim's channel state is re-read. */
    chainRpcUrl: string | undefined;
  },
): Promise<BatchSettlement | undefined> {
  const network = NETWORKS.base;
  const { receiverAuthorizerKey, withdrawDelaySeconds } = config.batchSettlement;
  const ownAuthorizer = receiverAuthorizerKey ? new ReceiverAuthorizer(receiverAuthorizerKey) : undefined;
  const offer = await batchSettlementOfferOf(facilitator, network, withdrawDelaySeconds, ownAuthorizer?.address).catch(
    (err: unknown) => {
      app.log.warn({ err }, "reading the facilitator's supported schemes failed: batch-settlement is not offered");
      return undefined;
    },
  );
  if (!offer) {
    app.log.info(
      { network },
      'the facilitator does not serve batch-settlement with a receiver authorizer: not offered',
    );
    return undefined;
  }
  const claims = new ChannelClaims({
    db,
    facilitator,
    network,
    receiver: config.payTo.base as `0x${string}`,
    token: PAYMENT_TOKENS.BASE_USDC.asset as `0x${string}`,
    authorizer: offer.delegated ? undefined : ownAuthorizer,
    chainState: chainRpcUrl ? evmChannelStateReader(chainRpcUrl) : undefined,
    onClaimRefused: (channelIds, err) =>
      app.log.warn({ err, channelIds }, 'the chain refused a batch-settlement claim; the other channels go on'),
  });
  if (!chainRpcUrl)
    app.log.warn('RPC_URL_BASE is not set: a channel whose claim the chain refuses is not re-read from chain');
  scheduleChannelClaims(app, {
    db,
    network,
    claims,
    schedule: {
      intervalMs: config.batchSettlement.claimIntervalSeconds * 1000,
      thresholdAtomic: config.batchSettlement.claimThresholdAtomic,
    },
  });
  return { offer, payments: new ChannelPayments(db, facilitator), claims };
}
