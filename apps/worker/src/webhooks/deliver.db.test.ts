import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey, setWebhookEndpoint } from '@svc/chains';
import { accountForWallet, type Db, recordActivity, trackWallet } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../worker.js';
import { deliverDueWebhooks } from './deliver.js';
import { headerRecord, startTestReceiver, type TestReceiver, until } from '../testing.js';

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
const FAST_RETRY = { baseDelayMs: 10, maxDelayMs: 40, maxAttempts: 3 };

describe.each(testBackends())('webhook delivery on $name', (backend) => {
  let db: Db;
  let receiver: TestReceiver | undefined;
  let wallets = 0;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  /** An account tracking a fresh address with its webhook at `url`, and `events` transfers to that address. */
  async function subscribedAccount(url: string, events: number) {
    wallets += 1;
    const address = `0x${wallets.toString(16).padStart(40, 'a')}`;
    const { accountId } = await accountForWallet(db, 'eip155:8453', address);
    await trackWallet(db, accountId, { kind: 'evm', address, label: undefined, chains: ['base'] }, 100);
    const { secret } = await setWebhookEndpoint(db, masterKey, accountId, url);
    const transfers = Array.from({ length: events }, (_, i) => ({
      chain: 'base',
      address,
      kind: 'native_transfer_in',
      txHash: `0x${wallets}${i}`,
      logIndex: null,
      blockNumber: i,
      occurredAt: new Date(),
      details: { from: '0x01', to: address, amount: String(i + 1) },
    }));
    await recordActivity(db, 'base', transfers, events);
    return { accountId, secret: secret! };
  }

  const outboxOf = async (accountId: string) =>
    (
      await db.query<{ id: string; state: string; attempts: number; last_error: string | null }>(
        'SELECT id, state, attempts, last_error FROM webhook_outbox WHERE account_id = $1 ORDER BY id',
        [accountId],
      )
    ).rows;

  it('signs each delivery so the standardwebhooks library verifies it', async () => {
    receiver = await startTestReceiver();
    const { accountId, secret } = await subscribedAccount(receiver.url, 1);
    expect(await deliverDueWebhooks({ db, masterKey })).toBe(1);
    const [delivery] = receiver.received;
    const verified = new Webhook(secret).verify(delivery!.body, headerRecord(delivery!.headers)) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(verified).toMatchObject({
      type: 'tracked_wallet.native_transfer_in',
      data: { kind: 'native_transfer_in', chain: 'base', amount: '1' },
    });
    const [row] = await outboxOf(accountId);
    expect(delivery!.headers['webhook-id']).toBe(row!.id);
    expect(row).toMatchObject({ state: 'delivered' });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        delivery!.body,
        headerRecord(delivery!.headers),
      ),
    ).toThrow();
  });

  it('sends nothing when the master key cannot open the secret, and retries once it can', async () => {
    receiver = await startTestReceiver();
    const { accountId } = await subscribedAccount(receiver.url, 1);
    const otherKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
    expect(await deliverDueWebhooks({ db, masterKey: otherKey, retry: FAST_RETRY })).toBe(1);
    expect(receiver.received).toEqual([]);
    expect(await outboxOf(accountId)).toMatchObject([
      { state: 'pending', attempts: 1, last_error: expect.stringMatching(/^the signing secret cannot be opened: /) },
    ]);
    await until(async () => {
      await deliverDueWebhooks({ db, masterKey, retry: FAST_RETRY });
      return receiver!.received.length === 1;
    });
  });

  it('retries after two 500s with the same webhook-id and lands on the third try', async () => {
    receiver = await startTestReceiver((n) => (n < 2 ? 500 : 204));
    const { accountId } = await subscribedAccount(receiver.url, 1);
    await until(async () => {
      await deliverDueWebhooks({ db, masterKey, retry: FAST_RETRY });
      return receiver!.received.length === 3;
    });
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(await outboxOf(accountId)).toMatchObject([{ state: 'delivered', attempts: 3, last_error: null }]);
  });

  it('gives a delivery up as dead after the last attempt', async () => {
    receiver = await startTestReceiver(() => 500);
    const { accountId } = await subscribedAccount(receiver.url, 1);
    await until(async () => {
      await deliverDueWebhooks({ db, masterKey, retry: FAST_RETRY });
      return (await outboxOf(accountId))[0]!.state === 'dead';
    });
    expect(receiver.received).toHaveLength(FAST_RETRY.maxAttempts);
    expect(await outboxOf(accountId)).toMatchObject([{ state: 'dead', attempts: 3, last_error: 'HTTP 500' }]);
  });

  it('survives a restart of the delivery loop: nothing lost, nothing doubled', async () => {
    const total = 12;
    receiver = await startTestReceiver(() => 200, 20);
    await subscribedAccount(receiver.url, total);
    const loop = () =>
      startWorker(
        [
          {
            name: 'webhooks',
            intervalMs: 5,
            run: () => deliverDueWebhooks({ db, masterKey, batchSize: 2 }).then(() => undefined),
          },
        ],
        { error: () => undefined },
      );
    const first = loop();
    await until(() => receiver!.received.length >= 4);
    await first.stop();
    const beforeRestart = receiver.received.length;
    expect(beforeRestart).toBeLessThan(total);
    const second = loop();
    await until(() => receiver!.received.length >= total);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await second.stop();
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });
});
