import { x402Client } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import {
  createSIWxMessage,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
  wrapFetchWithSIWx,
} from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment } from '@x402/fetch';
import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { deliverDueWebhooks, watchEvmChainOnce } from '@svc/worker';
import { headerRecord, startTestReceiver, type TestReceiver } from '@svc/worker/testing';
import { Webhook } from 'standardwebhooks';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsFor, useSandboxGateway } from './harness.js';

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));

describe.each(backendsFor(import.meta.url))(
  'tracked wallets and webhooks through the sandbox gateway ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend, {}, { masterKey });
    let receiver: TestReceiver;
    beforeAll(async () => {
      receiver = await startTestReceiver();
    });
    afterAll(() => receiver?.close());

    /** A funded wallet calling tools signed in and paying with the official x402 clients. */
    async function signedInWallet() {
      const account = privateKeyToAccount(generatePrivateKey());
      expect((await gateway.faucet({ address: account.address, token: 'BASE_USDC', amount: '2' })).status).toBe(200);
      const client = new x402Client().register(
        'eip155:*',
        new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
      );
      const paidFetch = wrapFetchWithPayment(wrapFetchWithSIWx(fetch, account), client);
      const call = async (tool: string, body: unknown) => {
        const res = await paidFetch(`${gateway.url}/api/tools/execute/unified/${tool}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as Record<string, any> };
      };
      return { account, call };
    }

    /** PUT /api/account/webhook signed in as `account` (the route's 402 carries the challenge). */
    async function setWebhook(account: PrivateKeyAccount, url: string): Promise<string> {
      const route = `${gateway.url}/api/account/webhook`;
      const put = (headers: Record<string, string> = {}) =>
        fetch(route, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ url }),
        });
      const challenge = ((await (await put()).json()) as { extensions: Record<string, SIWxExtension> }).extensions[
        SIGN_IN_WITH_X
      ]!;
      const info = { ...challenge.info, chainId: 'eip155:8453', type: 'eip191' as const };
      const signature = await account.signMessage({ message: createSIWxMessage(info, account.address) });
      const res = await put({ 'sign-in-with-x': encodeSIWxHeader({ ...info, address: account.address, signature }) });
      expect(res.status).toBe(201);
      return ((await res.json()) as { secret: string }).secret;
    }

    it('a paid, signed-in account tracks a wallet, sees its USDC arrive in getTrackedWallets and gets a verifiable webhook', async () => {
      const alice = await signedInWallet();
      const watched = privateKeyToAccount(generatePrivateKey()).address;

      const mismatch = await alice.call('addTrackedWallet', { address: watched, chains: ['solana'] });
      expect(mismatch).toMatchObject({ status: 400, body: { code: 'invalid_input', issues: [{ field: 'chains' }] } });
      expect(
        await alice.call('addTrackedWallet', { address: watched, label: 'savings', chains: ['base'] }),
      ).toMatchObject({
        status: 200,
        body: { created: true, wallet: { address: watched, label: 'savings', chains: ['base'] }, sandbox: true },
      });
      const secret = await setWebhook(alice.account, receiver.url);

      expect((await gateway.faucet({ address: watched, token: 'BASE_USDC', amount: '3' })).status).toBe(200);
      // The worker's sandbox chain also holds other files' blocks: the faucet transfer is among the last few.
      const pass = await watchEvmChainOnce({
        db: gateway.db,
        client: gateway.sandbox.base.publicClient,
        chain: 'base',
        nativeSymbol: 'ETH',
        initialLookbackBlocks: 10,
      });
      expect(pass).toMatchObject({ stored: 1, enqueued: 1 });

      const listed = await alice.call('getTrackedWallets', {});
      expect(listed.status).toBe(200);
      expect(listed.body.events).toEqual([
        expect.objectContaining({
          kind: 'token_transfer_in',
          chain: 'base',
          address: watched.toLowerCase(),
          amount: '3000000',
        }),
      ]);

      expect(await deliverDueWebhooks({ db: gateway.db, masterKey })).toBe(1);
      const [delivery] = receiver.received;
      const verified = new Webhook(secret).verify(delivery!.body, headerRecord(delivery!.headers)) as {
        type: string;
        data: { eventId: string };
      };
      expect(verified).toMatchObject({
        type: 'tracked_wallet.token_transfer_in',
        data: { eventId: listed.body.events[0].eventId },
      });

      // Another account cannot see or remove alice's wallet.
      const bob = await signedInWallet();
      expect((await bob.call('getTrackedWallets', {})).body).toMatchObject({ wallets: [], events: [] });
      expect(await bob.call('removeTrackedWallet', { address: watched })).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      });
      expect(await alice.call('removeTrackedWallet', { address: watched })).toMatchObject({
        status: 200,
        body: { removed: true },
      });
    });

    it('getLeaderboard ranks the accounts that paid for calls', async () => {
      const res = await fetch(`${gateway.url}/api/tools/execute/unified/getLeaderboard`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(402);
      const { call } = await signedInWallet();
      const board = await call('getLeaderboard', { orderBy: 'transactions' });
      expect(board.status).toBe(200);
      expect(board.body.entries.length).toBeGreaterThanOrEqual(2);
      expect(board.body.entries[0]).toMatchObject({ rank: 1, referrals: 0, pnlUsd: '0' });
    });
  },
);
