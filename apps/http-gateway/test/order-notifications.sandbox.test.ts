import {
  LocalMasterKeyRing,
  newMasterKeyText,
  parseMasterKey,
  setWebhookEndpoint,
  vaultAddressesOf,
} from '@svc/chains';
import { accountForWallet } from '@svc/store';
import type { OrderEngine } from '@svc/tools';
import { deliverDueWebhooks } from '@svc/worker';
import { headerRecord, startTestReceiver, type TestReceiver } from '@svc/worker/testing';
import { Webhook } from 'standardwebhooks';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, UNCAPPED, useSandboxGateway } from './harness.js';

type Notification = { type: string; timestamp: string; data: Record<string, unknown> };

describe.each(backendsFor(import.meta.url))(
  'conditional-order notifications through the signed webhook outbox ($name)',
  (backend) => {
    const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
    const gateway = useSandboxGateway(backend, {}, { masterKey });
    let receiver: TestReceiver;
    beforeAll(async () => {
      receiver = await startTestReceiver();
    });
    afterAll(() => receiver?.close());

    const setPrice = async (token: string, priceUsd: string) =>
      expect(
        (
          await fetch(`${gateway.url}/api/sandbox/prices`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ chain: 'base', token, priceUsd }),
          })
        ).status,
      ).toBe(200);
    const pass = async () => {
      const engine = gateway.app.orderEngine as OrderEngine;
      await engine.pass();
      await engine.idle();
    };

    /** A signed-in wallet whose Base vault holds `usdc` sandbox USDC and gas, with its webhook at the receiver. */
    async function subscribedTrader(usdc: string) {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      const { accountId } = await accountForWallet(gateway.db, 'eip155:8453', wallet.account.address);
      const vault = (await vaultAddressesOf(gateway.db, masterKey, accountId)).evm as Address;
      for (const [token, amount] of [
        ['USDC', usdc],
        ['ETH', '1'],
      ] as const)
        expect((await gateway.faucet({ address: vault, chain: 'base', token, amount })).status).toBe(200);
      const { secret } = await setWebhookEndpoint(gateway.db, masterKey, accountId, receiver.url);
      return { ...wallet, webhook: new Webhook(secret!) };
    }

    /** Deliver everything due; each new delivery verified with the account's secret, in arrival order. */
    async function delivered(webhook: Webhook): Promise<Notification[]> {
      const before = receiver.received.length;
      while ((await deliverDueWebhooks({ db: gateway.db, masterKey })) > 0);
      return receiver.received
        .slice(before)
        .map((delivery) => webhook.verify(delivery.body, headerRecord(delivery.headers)) as Notification);
    }

    it('an entry filled on chain, its take-profit crossing and the position closing each reach the receiver signed, exactly once', async () => {
      const market = await gateway.sandbox.evm(8453);
      const usdc = (market.token('USDC')?.address as string).toLowerCase();
      const link = (market.token('LINK')?.address as string).toLowerCase();
      await setPrice('LINK', '15');
      const alice = await subscribedTrader('100');
      const created = await alice.call('createBaseConditionalEntry', {
        targetToken: link,
        fundingToken: usdc,
        fundingQuantity: 30,
        entryType: 'MARKET',
        stopLossPriceUsd: '10',
        stopLossDirection: 'BELOW',
        takeProfitPriceUsd: '20',
        takeProfitDirection: 'ABOVE',
      });
      expect(created.status).toBe(200);
      const { position } = (await created.json()) as {
        position: { positionId: string; orders: { orderId: string }[] };
      };
      const [entryId, , takeProfitId] = position.orders.map((order) => order.orderId);

      await pass();
      const [entryFilled, ...nothingElse] = await delivered(alice.webhook);
      expect(nothingElse).toEqual([]);
      expect(entryFilled).toMatchObject({
        type: 'order.filled',
        data: {
          orderId: entryId,
          positionId: position.positionId,
          role: 'ENTRY',
          status: 'EXECUTED',
          soldQuantity: '30',
        },
      });
      expect(entryFilled!.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);

      await setPrice('LINK', '21');
      await pass();
      // Deliveries are sent side by side, so they may arrive in any order: the event ids (`oev_<n>`) tell it.
      const notifications = await delivered(alice.webhook);
      expect(notifications).toHaveLength(2);
      const byType = Object.fromEntries(notifications.map((n) => [n.type, n]));
      expect(Object.keys(byType).sort()).toEqual(['order.filled', 'position.closed']);
      expect(byType['order.filled']).toMatchObject({
        data: { orderId: takeProfitId, role: 'TAKE_PROFIT', priceSeenUsd: '21', sellToken: link, buyToken: usdc },
      });
      expect(byType['position.closed']).toMatchObject({ data: { positionId: position.positionId, status: 'CLOSED' } });
      const eventNumber = (n: Notification) => Number(String(n.data.eventId).slice('oev_'.length));
      expect(eventNumber(byType['position.closed']!)).toBeGreaterThan(eventNumber(byType['order.filled']!));

      // Exactly once: nothing more is due, and every delivery carried its own webhook-id.
      await pass();
      expect(await delivered(alice.webhook)).toEqual([]);
      const ids = receiver.received.map((delivery) => delivery.headers['webhook-id']);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('an order that cannot execute is delivered as order.failed with its reason', async () => {
      const market = await gateway.sandbox.evm(8453);
      const bob = await subscribedTrader('5');
      const created = await bob.call('createBaseConditionalEntry', {
        targetToken: market.token('LINK')?.address,
        fundingToken: market.token('USDC')?.address,
        fundingQuantity: 50,
        entryType: 'MARKET',
      });
      expect(created.status).toBe(200);
      await pass();
      const [failed, ...nothingElse] = await delivered(bob.webhook);
      expect(nothingElse).toEqual([]);
      expect(failed).toMatchObject({ type: 'order.failed', data: { status: 'FAILED', txHash: null } });
      expect(failed!.data.failureReason).toMatch(/needs 50 USDC/);
    });
  },
);
