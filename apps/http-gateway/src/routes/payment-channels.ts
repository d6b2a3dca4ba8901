import { ServiceError } from '@svc/contracts';
import { type ChannelClaims, formatUnits, PAYMENT_TOKENS } from '@svc/payments';
import { type Db, type PaymentChannel, paymentChannel, paymentChannelsOfPayer, walletsOfAccount } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountOfRequest } from '../account-of-request.js';

export const PAYMENT_CHANNELS_PATH = '/api/payments/channels';

const params = z.strictObject({
  channelId: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a bytes32 channel id (0x and 64 hex digits)'),
});

const usdc = (atomic: bigint) => formatUnits(atomic, PAYMENT_TOKENS.BASE_USDC.decimals);

/** A channel as its payer reads it: atomic amounts, and USDC for people. */
function channelView(channel: PaymentChannel) {
  const balance = BigInt(channel.balance);
  const charged = BigInt(channel.chargedCumulativeAmount);
  const refundable = balance > charged ? balance - charged : 0n;
  return {
    channelId: channel.channelId,
    payer: channel.channelConfig.payer,
    receiver: channel.channelConfig.receiver,
    token: channel.channelConfig.token,
    withdrawDelaySeconds: channel.channelConfig.withdrawDelay,
    balance: channel.balance,
    charged: channel.chargedCumulativeAmount,
    claimed: channel.totalClaimed,
    refundable: refundable.toString(),
    balanceUsdc: usdc(balance),
    chargedUsdc: usdc(charged),
    refundableUsdc: usdc(refundable),
    lastRequestAt: new Date(channel.lastRequestTimestamp).toISOString(),
  };
}

export interface PaymentChannelRoutesOptions {
  readonly db: Db;
  readonly accountOf: AccountOfRequest;
  /** Closes channels; undefined when no facilitator serves batch-settlement (closing answers 503). */
  readonly claims: ChannelClaims | undefined;
}

/**
 * A payer's batch-settlement channels with this service: list them, read one, close one (a cooperative refund of
 * everything not charged). The payer signs in (SIGN-IN-WITH-X) with the wallet that pays; another account's channel
 * is not found.
 */
export function paymentChannelRoutes(app: FastifyInstance, options: PaymentChannelRoutesOptions): void {
  const { db, accountOf, claims } = options;

  const payersOf = async (accountId: string): Promise<Set<string>> =>
    new Set(
      (await walletsOfAccount(db, accountId))
        .filter((wallet) => wallet.chainId.startsWith('eip155:'))
        .map((wallet) => wallet.address.toLowerCase()),
    );

  const ownChannel = async (accountId: string, rawParams: unknown): Promise<PaymentChannel> => {
    const { channelId } = parseParams(rawParams);
    const channel = await paymentChannel(db, channelId);
    if (!channel || !(await payersOf(accountId)).has(channel.channelConfig.payer.toLowerCase()))
      throw new ServiceError('not_found', `No channel ${channelId} of yours is open with this service.`);
    return channel;
  };

  app.get(PAYMENT_CHANNELS_PATH, async (request, reply) => {
    const accountId = await accountOf(request);
    const channels = (
      await Promise.all([...(await payersOf(accountId))].map((payer) => paymentChannelsOfPayer(db, payer)))
    ).flat();
    return reply.header('cache-control', 'no-store').send({ channels: channels.map(channelView) });
  });

  app.get(`${PAYMENT_CHANNELS_PATH}/:channelId`, async (request, reply) => {
    const channel = await ownChannel(await accountOf(request), request.params);
    return reply.header('cache-control', 'no-store').send(channelView(channel));
  });

  app.post(`${PAYMENT_CHANNELS_PATH}/:channelId/close`, async (request, reply) => {
    const channel = await ownChannel(await accountOf(request), request.params);
    if (!claims)
      throw new ServiceError(
        'not_configured',
        'Closing a channel needs a facilitator that serves batch-settlement; set FACILITATOR_URL to one.',
        { extra: { setting: 'FACILITATOR_URL' } },
      );
    const closed = await claims.close(channel.channelId);
    if (!closed)
      throw new ServiceError(
        'state_conflict',
        'The channel is serving a call or being claimed right now; try closing it again in a few seconds.',
      );
    return reply.send({
      ...closed,
      refundedUsdc: usdc(BigInt(closed.refunded)),
      chargedUsdc: usdc(BigInt(closed.charged)),
    });
  });
}

function parseParams(raw: unknown): { channelId: string } {
  const parsed = params.safeParse(raw);
  if (!parsed.success)
    throw new ServiceError('invalid_input', 'channelId: a bytes32 channel id (0x and 64 hex digits)', {
      issues: [{ field: 'channelId', rule: 'format', message: 'a bytes32 channel id (0x and 64 hex digits)' }],
    });
  return parsed.data;
}
