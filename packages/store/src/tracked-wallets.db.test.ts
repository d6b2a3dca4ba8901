import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentActivityOf, recordActivity, watchCursor } from './activity-events.js';
import type { Db } from './db.js';
import { accountForWallet } from './identity.js';
import { accountsOf, testBackends } from './testing.js';
import { trackedAddressesOn, trackedWalletsOf, trackWallet, untrackWallet } from './tracked-wallets.js';
import {
  rotateWebhookSecret,
  sealWebhookSecret,
  setWebhookEndpoint,
  webhookEndpointOf,
  webhookSecretsToSeal,
} from './webhook-endpoints.js';
import { claimDueDeliveries, markAttemptFailed, markDelivered } from './webhook-outbox.js';

const EVM = '0x00000000000000000000000000000000000000AA';
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const ALL = ['eth', 'base', 'bsc', 'polygon'];
/** The store keeps the custody package's envelope as it is; its bytes mean nothing here. */
const sealedSecret = (ciphertext: string) => ({
  version: 1,
  masterKeyId: 'local:test',
  wrappedDataKey: 'wk',
  ciphertext,
});

const transferIn = (txHash: string, logIndex: number | null = 0) => ({
  chain: 'base',
  address: EVM.toLowerCase(),
  kind: 'token_transfer_in',
  txHash,
  logIndex,
  blockNumber: 7,
  occurredAt: new Date('2026-01-01T00:00:00Z'),
  details: { from: '0x01', to: EVM.toLowerCase(), amount: '5' },
});

describe.each(testBackends())('tracked wallets, activity and webhook outbox on $name', (backend) => {
  let db: Db;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    db = await backend.open();
    [alice, bob] = await accountsOf(
      db,
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000b0',
    );
  });
  afterAll(() => db.close());

  it('tracks, updates on re-add (keeping an omitted label), lists and untracks per account', async () => {
    const added = await trackWallet(db, alice, { kind: 'evm', address: EVM, label: 'cold', chains: ALL }, 10);
    expect(added).toMatchObject({ created: true, wallet: { address: EVM, label: 'cold', chains: ALL } });
    const again = await trackWallet(
      db,
      alice,
      { kind: 'evm', address: EVM.toLowerCase(), label: undefined, chains: ['base'] },
      10,
    );
    expect(again).toMatchObject({ created: false, wallet: { label: 'cold', chains: ['base'] } });
    await trackWallet(db, alice, { kind: 'solana', address: SOL, label: undefined, chains: ['solana'] }, 10);
    expect((await trackedWalletsOf(db, alice)).map((w) => w.address)).toEqual([EVM.toLowerCase(), SOL]);
    expect(await trackedAddressesOn(db, 'base')).toEqual([EVM.toLowerCase()]);
    expect(await trackedAddressesOn(db, 'eth')).toEqual([]);

    expect(await untrackWallet(db, bob, 'solana', SOL)).toBe(false);
    expect(await untrackWallet(db, alice, 'solana', SOL)).toBe(true);
    expect(await untrackWallet(db, alice, 'solana', SOL)).toBe(false);
    expect(await trackedWalletsOf(db, bob)).toEqual([]);
  });

  it('refuses a new wallet past the per-account limit but still updates a tracked one', async () => {
    const { accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000000c0');
    const evm = (n: number) => `0x${String(n).padStart(40, '0')}`;
    expect(
      await trackWallet(db, accountId, { kind: 'evm', address: evm(1), label: undefined, chains: ALL }, 2),
    ).toBeDefined();
    expect(
      await trackWallet(db, accountId, { kind: 'evm', address: evm(2), label: undefined, chains: ALL }, 2),
    ).toBeDefined();
    expect(
      await trackWallet(db, accountId, { kind: 'evm', address: evm(3), label: undefined, chains: ALL }, 2),
    ).toBeUndefined();
    expect(
      await trackWallet(db, accountId, { kind: 'evm', address: evm(2), label: 'x', chains: ['eth'] }, 2),
    ).toMatchObject({ created: false });
  });

  it('stores each event once, enqueues one delivery per subscribed account and moves the cursor with it', async () => {
    await trackWallet(db, bob, { kind: 'evm', address: EVM, label: undefined, chains: ['base'] }, 10);
    expect(await setWebhookEndpoint(db, alice, 'http://127.0.0.1:9/hook', sealedSecret('alice'))).toMatchObject({
      created: true,
    });
    // Bob has no endpoint: the event is his to read, but nothing is delivered to him.
    expect(await recordActivity(db, 'base', [transferIn('0xaa'), transferIn('0xbb', null)], 10)).toEqual({
      stored: 2,
      enqueued: 2,
    });
    expect(await recordActivity(db, 'base', [transferIn('0xaa')], 12)).toEqual({ stored: 0, enqueued: 0 });
    expect(await watchCursor(db, 'base')).toBe(12);
    expect(await watchCursor(db, 'eth')).toBeUndefined();

    const aliceEvents = await recentActivityOf(db, alice, 50);
    // Same block: by position in it, logs after the native transfer.
    expect(aliceEvents.map((e) => [e.txHash, e.logIndex])).toEqual([
      ['0xaa', 0],
      ['0xbb', null],
    ]);
    expect(aliceEvents[1]).toMatchObject({
      eventId: expect.stringMatching(/^evt_\d+$/),
      kind: 'token_transfer_in',
      chain: 'base',
      address: EVM.toLowerCase(),
      amount: '5',
      blockNumber: 7,
    });
    expect(await recentActivityOf(db, bob, 1)).toHaveLength(1);
    const { accountId: carol } = await accountForWallet(
      db,
      'eip155:8453',
      '0x00000000000000000000000000000000000000d0',
    );
    expect(await recentActivityOf(db, carol, 50)).toEqual([]);

    const claimed = await claimDueDeliveries(db, 10, 60_000);
    expect(claimed).toHaveLength(2);
    expect(claimed[0]).toMatchObject({
      accountId: alice,
      attempts: 0,
      endpoint: { url: 'http://127.0.0.1:9/hook', secret: { sealed: sealedSecret('alice') } },
    });
    expect(JSON.parse(claimed[0]!.body)).toMatchObject({
      type: 'tracked_wallet.token_transfer_in',
      data: { kind: 'token_transfer_in' },
    });
    // Claimed rows are leased: nobody else gets them until the lease ends or the outcome is recorded.
    expect(await claimDueDeliveries(db, 10, 60_000)).toEqual([]);
    await markDelivered(db, claimed[0]!.id);
    await markAttemptFailed(db, claimed[1]!.id, 'HTTP 500', 0);
    const retried = await claimDueDeliveries(db, 10, 60_000);
    expect(retried.map((d) => [d.id, d.attempts])).toEqual([[claimed[1]!.id, 1]]);
    await markAttemptFailed(db, claimed[1]!.id, 'HTTP 500', null);
    expect(await claimDueDeliveries(db, 10, 0)).toEqual([]);
    const { rows } = await db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM webhook_outbox ORDER BY id',
    );
    expect(rows.map((r) => [r.state, Number(r.attempts)]).sort()).toEqual([
      ['dead', 2],
      ['delivered', 1],
    ]);
  });

  it('keeps the sealed secret when only the URL changes and replaces it on rotation', async () => {
    const { accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000000e0');
    expect(await rotateWebhookSecret(db, accountId, sealedSecret('none'))).toBeUndefined();
    expect(await setWebhookEndpoint(db, accountId, 'https://example.com/a', sealedSecret('first'))).toMatchObject({
      created: true,
    });
    const moved = await setWebhookEndpoint(db, accountId, 'https://example.com/b', sealedSecret('unused'));
    expect(moved).toMatchObject({ created: false, endpoint: { url: 'https://example.com/b' } });
    const stored = async () =>
      (await webhookSecretsToSeal(db, 'local:other', 100)).find((row) => row.accountId === accountId);
    expect((await stored())?.secret).toEqual({ sealed: sealedSecret('first') });
    expect(await rotateWebhookSecret(db, accountId, sealedSecret('second'))).toMatchObject({
      url: 'https://example.com/b',
    });
    expect((await stored())?.secret).toEqual({ sealed: sealedSecret('second') });
    // A re-seal of what was read before the rotation must not bring the old secret back.
    expect(await sealWebhookSecret(db, accountId, { sealed: sealedSecret('first') }, sealedSecret('old'))).toBe(false);
    expect(await sealWebhookSecret(db, accountId, { sealed: sealedSecret('second') }, sealedSecret('resealed'))).toBe(
      true,
    );
    expect((await stored())?.secret).toEqual({ sealed: sealedSecret('resealed') });
    expect(Object.keys((await webhookEndpointOf(db, accountId))!)).toEqual([
      'url',
      'createdAt',
      'updatedAt',
      'secretRotatedAt',
    ]);
  });
});
