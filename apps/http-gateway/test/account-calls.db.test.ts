import { newMasterKeyText } from '@svc/chains';
import { accountForWallet, recordCall } from '@svc/store';
import {
  createSIWxMessage,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CALLS_PATH } from '../src/routes/account-calls.js';
import { LIVE_SETTINGS, pglite, useGateway } from './harness.js';

describe('GET /api/account/calls', () => {
  const sandbox = useGateway(pglite);
  const live = useGateway(pglite, {
    ...LIVE_SETTINGS,
    PUBLIC_BASE_URL: 'http://127.0.0.1:8402',
    FACILITATOR_URL: 'http://127.0.0.1:9',
    SVC_MASTER_KEY: newMasterKeyText(),
  });

  /** GET `url` signed in as `wallet`: the unsigned call's 402 challenge, signed, sent again. */
  async function as(wallet: PrivateKeyAccount, url: string, app: FastifyInstance = sandbox.app) {
    const unsigned = await app.inject({ method: 'GET', url });
    expect(unsigned.statusCode).toBe(402);
    const challenge = unsigned.json().extensions[SIGN_IN_WITH_X] as SIWxExtension;
    const info = { ...challenge.info, chainId: 'eip155:8453', type: 'eip191' as const };
    const signature = await wallet.signMessage({ message: createSIWxMessage(info, wallet.address) });
    return app.inject({
      method: 'GET',
      url,
      headers: { 'sign-in-with-x': encodeSIWxHeader({ ...info, address: wallet.address, signature }) },
    });
  }
  const accountOf = async (app: { db: Parameters<typeof accountForWallet>[0] }, wallet: PrivateKeyAccount) =>
    (await accountForWallet(app.db, 'eip155:8453', wallet.address)).accountId;
  const call = (accountId: string, tool: string, token: string, amount: string, txHash: string) =>
    recordCall(sandbox.db, {
      tool,
      accountId,
      token,
      amount,
      txHash,
      outcome: 'settled',
      httpStatus: 200,
      latencyMs: 5,
    });

  it("pages the account's own calls newest first, with amounts in token units and USD where pegged", async () => {
    const alice = privateKeyToAccount(generatePrivateKey());
    const bob = privateKeyToAccount(generatePrivateKey());
    const [aliceId, bobId] = [await accountOf(sandbox, alice), await accountOf(sandbox, bob)];
    await call(aliceId, 'getWalletBalance', 'BASE_USDC', '1200', '0xaa');
    await call(bobId, 'createMemory', 'BASE_USDC', '1200', '0xbb');
    await call(aliceId, 'createMemory', 'CREDIT', '1200', 'credit:7');
    await call(aliceId, 'transferStx', 'STX', '2500000', '0xcc');

    const first = await as(alice, `${ACCOUNT_CALLS_PATH}?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page = first.json();
    expect(page).toMatchObject({ accountId: aliceId, creditBalanceUsd: '0' });
    expect(page.calls).toMatchObject([
      { tool: 'transferStx', token: 'STX', amount: '2.5', amountUsd: null, transaction: '0xcc', transactionUrl: null },
      { tool: 'createMemory', token: 'CREDIT', amount: '0.0012', amountUsd: '0.0012', transaction: 'credit:7' },
    ]);
    expect(page.nextBefore).toEqual(expect.any(String));

    const rest = (await as(alice, `${ACCOUNT_CALLS_PATH}?limit=2&before=${page.nextBefore}`)).json();
    expect(rest.calls).toMatchObject([{ tool: 'getWalletBalance', amount: '0.0012', amountUsd: '0.0012' }]);
    expect(rest.nextBefore).toBeNull();

    const bobs = (await as(bob, ACCOUNT_CALLS_PATH)).json();
    expect(bobs.calls.map((c: { transaction: string }) => c.transaction)).toEqual(['0xbb']);
  });

  it('links live transactions to their explorer, never credit entries', async () => {
    const carol = privateKeyToAccount(generatePrivateKey());
    const carolId = await accountOf(live, carol);
    for (const [token, txHash] of [
      ['BASE_USDC', '0xdd'],
      ['CREDIT', 'credit:9'],
    ] as const)
      await recordCall(live.db, {
        tool: 'createMemory',
        accountId: carolId,
        token,
        amount: '1200',
        txHash,
        outcome: 'settled',
        httpStatus: 200,
        latencyMs: 5,
      });
    const { calls } = (await as(carol, ACCOUNT_CALLS_PATH, live.app)).json();
    expect(calls.map((c: { transactionUrl: string | null }) => c.transactionUrl)).toEqual([
      null,
      'https://basescan.org/tx/0xdd',
    ]);
  });

  it('refuses a bad page before asking for a sign-in, naming the field', async () => {
    for (const query of ['limit=0', 'limit=201', 'before=abc']) {
      const res = await sandbox.app.inject({ method: 'GET', url: `${ACCOUNT_CALLS_PATH}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues[0].field, query).toBe(query.split('=')[0]);
    }
    const unknown = await sandbox.app.inject({ method: 'GET', url: `${ACCOUNT_CALLS_PATH}?page=2` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('"page"');
  });
});
