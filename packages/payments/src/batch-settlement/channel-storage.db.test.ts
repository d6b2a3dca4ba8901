import { type Db, recordChannelDeposit, commitVoucher, reserveVoucher } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/server';
import type { FacilitatorClient } from '@x402/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgChannelStorage } from './channel-storage.js';

const NETWORK = 'eip155:8453';
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const config = (payer: `0x${string}`) =>
  ({
    payer,
    payerAuthorizer: payer,
    receiver: RECEIVER,
    receiverAuthorizer: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
    token: USDC,
    withdrawDelay: 86_400,
    salt: `0x${'0'.repeat(64)}`,
  }) as const;
const unusedFacilitator = {} as FacilitatorClient;

describe.each(testBackends())('the SDK channel storage over payment_channels on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  it("serves the official channel manager the vouchers the gateway charged, and keeps the SDK's update contract", async () => {
    const channelId = `0x${'ab'.repeat(32)}`;
    await recordChannelDeposit(db, {
      channelId,
      network: NETWORK,
      config: config('0x1111111111111111111111111111111111111111'),
      balance: '5000',
      totalClaimed: '0',
      now: 1,
    });
    const voucher = { channelId, pendingId: 'p1', price: '1000', maxClaimable: '1000', signature: '0xfeed', now: 2 };
    await reserveVoucher(db, { ...voucher, expiresAt: 10_000 });
    await commitVoucher(db, voucher);

    const storage = new PgChannelStorage(db, NETWORK);
    const scheme = new BatchSettlementEvmScheme(RECEIVER, { storage, withdrawDelay: 86_400 });
    const manager = scheme.createChannelManager(unusedFacilitator, NETWORK, USDC);
    expect(await manager.getClaimableVouchers()).toEqual([
      {
        voucher: { channel: config('0x1111111111111111111111111111111111111111'), maxClaimableAmount: '1000' },
        signature: '0xfeed',
        totalClaimed: '1000',
      },
    ]);

    // Concurrent read-modify-writes through updateChannel never lose one another's change.
    await Promise.all(
      Array.from({ length: 4 }, () =>
        storage.updateChannel(channelId, (current) => current && { ...current, refundNonce: current.refundNonce + 1 }),
      ),
    );
    expect((await storage.get(channelId))?.refundNonce).toBe(4);
    expect((await storage.list()).map((channel) => channel.channelId)).toContain(channelId);
    expect(await storage.updateChannel(channelId, () => undefined)).toMatchObject({ status: 'deleted' });
    expect(await storage.get(channelId)).toBeUndefined();
  });
});
