import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import {
  commitVoucher,
  leaseUnclaimedChannels,
  type PaymentChannelConfig,
  paymentChannel,
  paymentChannelsOfPayer,
  recordChannelDeposit,
  recordClaimed,
  recordOnchainChannelState,
  releaseClaimLeases,
  releaseVoucher,
  reserveVoucher,
  unclaimedChannelValue,
  updatePaymentChannel,
} from './payment-channels.js';
import { testBackends } from './testing.js';

const NETWORK = 'eip155:8453';
let serial = 0;
const hex = (n: number, bytes: number) => `0x${n.toString(16).padStart(bytes * 2, '0')}` as `0x${string}`;

function newChannel(payer = hex(++serial, 20)): { channelId: string; config: PaymentChannelConfig } {
  const config: PaymentChannelConfig = {
    payer,
    payerAuthorizer: payer,
    receiver: hex(0xbeef, 20),
    receiverAuthorizer: hex(0xa11ce, 20),
    token: hex(0x833589, 20),
    withdrawDelay: 900,
    salt: hex(0, 32),
  };
  return { channelId: hex(++serial, 32), config };
}

describe.each(testBackends())('payment channels on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  async function deposited(balance: string) {
    const channel = newChannel();
    await recordChannelDeposit(db, { ...channel, network: NETWORK, balance, totalClaimed: '0', now: 1 });
    return channel;
  }
  const voucher = (channelId: string, maxClaimable: string, pendingId = `p${++serial}`, now = 10) => ({
    channelId,
    pendingId,
    price: '100',
    maxClaimable,
    signature: `0xsig${maxClaimable}`,
    now,
    expiresAt: now + 5_000,
  });

  it('takes a voucher that extends the charged total by the price, and charges it on commit', async () => {
    const { channelId } = await deposited('1000');
    const taken = voucher(channelId, '100');
    expect(await reserveVoucher(db, taken)).toMatchObject({ reserved: true });
    const committed = await commitVoucher(db, { ...taken, now: 20 });
    expect(committed).toMatchObject({
      chargedCumulativeAmount: '100',
      signedMaxClaimable: '100',
      signature: '0xsig100',
      balance: '1000',
      lastRequestTimestamp: 20,
    });
    expect(committed?.pendingRequest).toBeUndefined();
    // the same voucher again (a replay) no longer extends the state; the next one does
    expect(await reserveVoucher(db, voucher(channelId, '100'))).toEqual({ reserved: false });
    expect(await reserveVoucher(db, voucher(channelId, '200'))).toMatchObject({ reserved: true });
  });

  it('refuses a voucher above the balance, off the cumulative state, on an unknown channel or during a withdrawal', async () => {
    const { channelId } = await deposited('150');
    expect(await reserveVoucher(db, voucher(channelId, '200'))).toEqual({ reserved: false });
    expect(await reserveVoucher(db, { ...voucher(channelId, '100'), price: '50' })).toEqual({ reserved: false });
    expect(await reserveVoucher(db, voucher(hex(999_999, 32), '100'))).toEqual({ reserved: false });
    await updatePaymentChannel(db, NETWORK, channelId, (current) => current && { ...current, withdrawRequestedAt: 5 });
    expect(await reserveVoucher(db, voucher(channelId, '100'))).toEqual({ reserved: false });
    expect((await paymentChannel(db, channelId))?.chargedCumulativeAmount).toBe('0');
  });

  it('lets one of many concurrent requests with the same voucher through, and a released one be taken again', async () => {
    const { channelId } = await deposited('1000');
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => reserveVoucher(db, voucher(channelId, '100'))));
    expect(outcomes.filter((outcome) => outcome.reserved)).toHaveLength(1);
    const held = (await paymentChannel(db, channelId))!.pendingRequest!;
    // another request cannot commit the holder's reservation
    expect(await commitVoucher(db, { channelId, pendingId: 'someone-else', now: 30 })).toBeUndefined();
    await releaseVoucher(db, { channelId, pendingId: held.pendingId });
    expect(await reserveVoucher(db, voucher(channelId, '100'))).toMatchObject({ reserved: true });
  });

  it('lets an expired reservation be taken over, after which its holder can no longer commit', async () => {
    const { channelId } = await deposited('1000');
    const first = voucher(channelId, '100', 'first', 10);
    await reserveVoucher(db, first);
    expect(await reserveVoucher(db, voucher(channelId, '100', 'second', 20))).toEqual({ reserved: false });
    expect(await reserveVoucher(db, voucher(channelId, '100', 'second', first.expiresAt))).toMatchObject({
      reserved: true,
    });
    expect(await commitVoucher(db, { channelId, pendingId: 'first', now: 99_999 })).toBeUndefined();
  });

  it('takes the refund nonce of a channel deposited into again after a refund', async () => {
    const channel = newChannel();
    await recordChannelDeposit(db, {
      ...channel,
      network: NETWORK,
      balance: '500',
      totalClaimed: '300',
      refundNonce: 1,
      now: 1,
    });
    expect(await paymentChannel(db, channel.channelId)).toMatchObject({
      refundNonce: 1,
      chargedCumulativeAmount: '300',
      totalClaimed: '300',
    });
  });

  it('keeps what was charged when a top-up deposit is recorded, and only raises the balance', async () => {
    const channel = await deposited('1000');
    const taken = voucher(channel.channelId, '100');
    await reserveVoucher(db, taken);
    await commitVoucher(db, taken);
    await recordChannelDeposit(db, { ...channel, network: NETWORK, balance: '3000', totalClaimed: '0', now: 50 });
    expect(await paymentChannel(db, channel.channelId)).toMatchObject({
      chargedCumulativeAmount: '100',
      balance: '3000',
      onchainSyncedAt: 50,
    });
  });

  it('leases each unclaimed channel to one claimer at a time, and records what a claim took', async () => {
    const network = `eip155:${++serial}`;
    const channels = await Promise.all(
      [1, 2, 3].map(async () => {
        const channel = newChannel();
        await recordChannelDeposit(db, { ...channel, network, balance: '1000', totalClaimed: '0', now: 1 });
        const taken = voucher(channel.channelId, '100');
        await reserveVoucher(db, taken);
        await commitVoucher(db, taken);
        return channel.channelId;
      }),
    );
    expect(await unclaimedChannelValue(db, network)).toBe(300n);
    const lease = (owner: string, now = 100) =>
      leaseUnclaimedChannels(db, { network, owner, now, leaseUntil: now + 60_000, limit: 10 });
    const [a, b] = await Promise.all([lease('gateway-a'), lease('gateway-b')]);
    const leased = [...a!, ...b!].map((channel) => channel.channelId).sort();
    expect(leased).toEqual([...channels].sort());
    const holder = a!.length > 0 ? 'gateway-a' : 'gateway-b';
    const other = holder === 'gateway-a' ? 'gateway-b' : 'gateway-a';
    const held = holder === 'gateway-a' ? a! : b!;
    // while leased, nobody else gets them; another owner cannot record a claim for them
    expect(await lease('gateway-c', 200)).toEqual([]);
    await recordClaimed(db, other, [{ channelId: held[0]!.channelId, totalClaimed: '100' }]);
    expect((await paymentChannel(db, held[0]!.channelId))?.totalClaimed).toBe('0');
    await recordClaimed(
      db,
      holder,
      held.map((channel) => ({ channelId: channel.channelId, totalClaimed: '100' })),
    );
    expect(await unclaimedChannelValue(db, network)).toBe(300n - 100n * BigInt(held.length));
    // an expired lease is taken over
    const rest = holder === 'gateway-a' ? b! : a!;
    if (rest.length > 0) {
      expect(await lease('gateway-c', 100 + 60_000)).toHaveLength(rest.length);
      await releaseClaimLeases(
        db,
        'gateway-c',
        rest.map((channel) => channel.channelId),
      );
      expect(await lease('gateway-d', 100 + 60_001)).toHaveLength(rest.length);
    }
  });

  it('updates a channel under a row lock, as the SDK storage contract asks, and shows a payer only their own', async () => {
    const { channelId, config } = await deposited('500');
    const increments = await Promise.all(
      Array.from({ length: 5 }, () =>
        updatePaymentChannel(db, NETWORK, channelId, (current) =>
          current ? { ...current, refundNonce: current.refundNonce + 1 } : current,
        ),
      ),
    );
    expect(increments.every((result) => result.status === 'updated')).toBe(true);
    expect((await paymentChannel(db, channelId))?.refundNonce).toBe(5);
    expect(await updatePaymentChannel(db, NETWORK, channelId, (current) => current)).toMatchObject({
      status: 'unchanged',
    });
    expect((await paymentChannelsOfPayer(db, config.payer.toUpperCase())).map((c) => c.channelId)).toEqual([channelId]);
    expect(await updatePaymentChannel(db, NETWORK, channelId, () => undefined)).toEqual({
      channel: undefined,
      status: 'deleted',
    });
    expect(await paymentChannel(db, channelId)).toBeUndefined();
  });

  it("takes the chain's word after a refused claim: no voucher past a withdrawal, no lease with nothing left", async () => {
    const { channelId } = await deposited('1000');
    const first = voucher(channelId, '100');
    expect((await reserveVoucher(db, first)).reserved).toBe(true);
    await commitVoucher(db, { channelId, pendingId: first.pendingId, now: 20 });
    // The payer withdrew all but what the chain already let us claim (100 of 1000): the claim of 100 reverts.
    await recordOnchainChannelState(db, {
      channelId,
      balance: '100',
      totalClaimed: '100',
      withdrawRequestedAt: 0,
      now: 30,
    });
    expect(await paymentChannel(db, channelId)).toMatchObject({
      balance: '100',
      totalClaimed: '100',
      onchainSyncedAt: 30,
    });
    expect((await reserveVoucher(db, voucher(channelId, '200'))).reserved).toBe(false);
    const leased = await leaseUnclaimedChannels(db, {
      network: NETWORK,
      owner: 'o',
      now: 40,
      leaseUntil: 99,
      limit: 1000,
    });
    expect(leased.map((c) => c.channelId)).not.toContain(channelId);

    const pending = await deposited('1000');
    await recordOnchainChannelState(db, {
      channelId: pending.channelId,
      balance: '1000',
      totalClaimed: '0',
      withdrawRequestedAt: 1_700_000_000,
      now: 30,
    });
    expect((await reserveVoucher(db, voucher(pending.channelId, '100'))).reserved).toBe(false);
  });
});
