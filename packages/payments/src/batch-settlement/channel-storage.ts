import { type Db, paymentChannel, paymentChannels, updatePaymentChannel } from '@svc/store';
import type { Channel, ChannelStorage } from '@x402/evm/batch-settlement/server';

/**
 * The SDK's `ChannelStorage` over our `payment_channels` table (PostgreSQL or PGlite), for the official
 * batch-settlement server and channel manager: `updateChannel` reads the channel under a row lock and writes the
 * callback's answer in the same transaction, so it holds across every instance sharing the database (the contract
 * the SDK asks of multi-instance storage). The gateway's own hot path takes vouchers with single conditional
 * statements on the same rows (ChannelPayments), so both can serve one set of channels.
 */
export class PgChannelStorage implements ChannelStorage {
  constructor(
    private readonly db: Db,
    private readonly network: string,
  ) {}

  get(channelId: string): Promise<Channel | undefined> {
    return paymentChannel(this.db, channelId);
  }

  list(): Promise<Channel[]> {
    return paymentChannels(this.db, this.network);
  }

  updateChannel(channelId: string, update: (current: Channel | undefined) => Channel | undefined) {
    return updatePaymentChannel(this.db, this.network, channelId, update);
  }
}
