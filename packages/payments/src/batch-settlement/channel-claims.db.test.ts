import { commitVoucher, type Db, paymentChannel, recordChannelDeposit, reserveVoucher } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, SettleResponse } from '@x402/core/types';
import type { BatchSettlementVoucherClaim } from '@x402/evm';
import { computeChannelId } from '@x402/evm/batch-settlement/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClaims, type ChannelClaimsOptions } from './channel-claims.js';
import type { OnchainChannelState } from './onchain-channel-state.js';

const NETWORK = 'eip155:8453';
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
let serial = 0;

/**
 * The settlement contract's claim rules over an in-memory ledger (SandboxBatchSettlement `_applyClaims`): the whole
 * batch reverts when one claim is above its channel's balance or not above what was claimed; otherwise every claim
 * lands. The sandbox test runs the real contract; this one isolates the claim pass's handling of a revert.
 */
function contractLedger() {
  const channels = new Map<string, { balance: bigint; totalClaimed: bigint; withdrawRequestedAt: number }>();
  const submitted: string[][] = [];
  const facilitator = {
    async settle(payload: PaymentPayload): Promise<SettleResponse> {
      const { claims } = payload.payload as { claims: BatchSettlementVoucherClaim[] };
      const entries = claims.map((claim) => ({
        id: computeChannelId(claim.voucher.channel, NETWORK).toLowerCase(),
        total: BigInt(claim.totalClaimed),
      }));
      submitted.push(entries.map((entry) => entry.id));
      const refused = entries.find(({ id, total }) => {
        const state = channels.get(id)!;
        return total > state.balance || total <= state.totalClaimed;
      });
      if (refused)
        return {
          success: false,
          errorReason: 'invalid_batch_settlement_evm_claim_reverted',
          transaction: '',
          network: NETWORK,
        };
      for (const { id, total } of entries) channels.get(id)!.totalClaimed = total;
      return { success: true, transaction: `0x${(++serial).toString(16).padStart(64, '0')}`, network: NETWORK };
    },
  } as unknown as FacilitatorClient;
  const chainState = {
    async stateOf(channelId: string): Promise<OnchainChannelState> {
      const state = channels.get(channelId.toLowerCase())!;
      return {
        balance: state.balance.toString(),
        totalClaimed: state.totalClaimed.toString(),
        withdrawRequestedAt: state.withdrawRequestedAt,
      };
    },
  };
  return { channels, submitted, facilitator, chainState };
}

describe.each(testBackends())('the claim pass on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  /** The claim pass for this receiver over `ledger`'s contract (its facilitator unless another is given). */
  const claimPass = (
    ledger: ReturnType<typeof contractLedger>,
    options: Pick<ChannelClaimsOptions, 'now'> & Partial<ChannelClaimsOptions>,
  ) =>
    new ChannelClaims({
      db,
      facilitator: ledger.facilitator,
      network: NETWORK,
      receiver: RECEIVER,
      token: USDC,
      chainState: ledger.chainState,
      ...options,
    });

  /** A channel funded with 1000 on chain and in the store, with `charged` charged through one voucher. */
  async function chargedChannel(ledger: ReturnType<typeof contractLedger>, charged: string) {
    const payer = `0x${(++serial).toString(16).padStart(40, '0')}` as `0x${string}`;
    const config = {
      payer,
      payerAuthorizer: payer,
      receiver: RECEIVER,
      receiverAuthorizer: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
      token: USDC,
      withdrawDelay: 900,
      salt: `0x${'0'.repeat(64)}`,
    } as const;
    const channelId = computeChannelId(config, NETWORK).toLowerCase();
    ledger.channels.set(channelId, { balance: 1000n, totalClaimed: 0n, withdrawRequestedAt: 0 });
    await recordChannelDeposit(db, { channelId, network: NETWORK, config, balance: '1000', totalClaimed: '0', now: 1 });
    const pendingId = `p${++serial}`;
    const reservation = {
      channelId,
      pendingId,
      price: charged,
      maxClaimable: charged,
      signature: '0x5167',
      now: 2,
      expiresAt: 10_000,
    };
    expect((await reserveVoucher(db, reservation)).reserved).toBe(true);
    await commitVoucher(db, { channelId, pendingId, now: 3 });
    return channelId;
  }

  it("claims the other channels when one channel's claim reverts, and takes the chain's state for that one", async () => {
    const ledger = contractLedger();
    const good = [await chargedChannel(ledger, '100'), await chargedChannel(ledger, '200')];
    const bad = await chargedChannel(ledger, '300');
    // The payer withdrew behind the store's back: the chain holds less than was charged, so claiming 300 reverts.
    ledger.channels.get(bad)!.balance = 0n;
    ledger.channels.get(bad)!.withdrawRequestedAt = 1_700_000_000;
    const refused: string[][] = [];
    const claims = claimPass(ledger, {
      onClaimRefused: (channelIds) => refused.push([...channelIds]),
      now: () => 5, // the deposit's state is fresh: only the refusal makes the pass read the chain
    });

    const batches = await claims.claim();

    expect(batches.reduce((sum, batch) => sum + batch.vouchers, 0)).toBe(2);
    expect(ledger.channels.get(good[0]!)!.totalClaimed).toBe(100n);
    expect(ledger.channels.get(good[1]!)!.totalClaimed).toBe(200n);
    expect((await paymentChannel(db, good[0]!))?.totalClaimed).toBe('100');
    expect((await paymentChannel(db, good[1]!))?.totalClaimed).toBe('200');
    expect(refused.some((ids) => ids.length === 1 && ids[0] === bad)).toBe(true);
    expect(await paymentChannel(db, bad)).toMatchObject({
      balance: '0',
      totalClaimed: '0',
      withdrawRequestedAt: 1_700_000_000,
    });
    // The next pass has nothing to claim: the refused channel has nothing left on chain.
    expect(await claims.claim()).toEqual([]);
  });

  it('claims what is left of a stale channel the payer partly withdrew, after re-reading it', async () => {
    const ledger = contractLedger();
    const channelId = await chargedChannel(ledger, '500');
    ledger.channels.get(channelId)!.balance = 400n;
    const claims = claimPass(ledger, {
      now: () => 1 + 900_000, // past a third of the 900 s withdraw delay since the deposit was read
    });

    expect(await claims.claim()).toHaveLength(1);
    expect(ledger.submitted).toEqual([[channelId]]);
    expect(ledger.channels.get(channelId)!.totalClaimed).toBe(400n);
    expect(await paymentChannel(db, channelId)).toMatchObject({ balance: '400', totalClaimed: '400' });
  });

  it('keeps a close hold when the refund outcome is unknown, re-reading the chain; a refused refund lets it go', async () => {
    const ledger = contractLedger();
    const lost = await chargedChannel(ledger, '100');
    const refused = await chargedChannel(ledger, '100');
    // The refund of `lost` landed on chain (balance back to what was charged), but its answer never came.
    ledger.channels.get(lost)!.balance = 100n;
    ledger.channels.get(lost)!.totalClaimed = 100n;
    const facilitator = {
      async settle(payload: PaymentPayload): Promise<SettleResponse> {
        const { voucher } = payload.payload as { voucher: { channelId: string } };
        if (voucher.channelId === lost) throw new Error('socket hang up');
        return {
          success: false,
          errorReason: 'invalid_batch_settlement_evm_refund_reverted',
          transaction: '',
          network: NETWORK,
        };
      },
    } as unknown as FacilitatorClient;
    const claims = claimPass(ledger, { facilitator, now: () => 5 });
    const next = (channelId: string) => ({
      channelId,
      pendingId: `p${++serial}`,
      price: '100',
      maxClaimable: '200',
      signature: '0x5167',
      now: 6,
      expiresAt: 10_000,
    });

    await expect(claims.close(lost)).rejects.toThrow(/socket hang up/);
    expect((await reserveVoucher(db, next(lost))).reserved).toBe(false);
    expect(await paymentChannel(db, lost)).toMatchObject({ balance: '100', totalClaimed: '100' });

    await expect(claims.close(refused)).rejects.toThrow(/refund_reverted/);
    expect((await reserveVoucher(db, next(refused))).reserved).toBe(true);
  });
});
