import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { formatUnits } from '@svc/payments';
import { addCredit, createAccessKey, creditBalance } from '@svc/store';
import { x402Client } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment } from '@x402/fetch';
import { getAddress, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { backendsFor, usdcOf, useSandboxGateway } from './harness.js';
import { deployReceiverOpenFor } from './recipient-contracts.js';

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));

describe.each(backendsFor(import.meta.url))(
  'a paid call that fails after its payment settled is credited its price ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend, {}, { masterKey });
    const fund = async (address: string, chain: string, token: string, amount: string) => {
      const res = await gateway.faucet({ address, chain, token, amount });
      expect(res.status, await res.clone().text()).toBe(200);
    };

    /** A signed-in paying wallet whose every request's PAYMENT-SIGNATURE is kept, so a test can present it again. */
    const payingWallet = async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      await fund(account.address, 'base', 'BASE_USDC', '5');
      const signatures: string[] = [];
      const keepingFetch: typeof fetch = (input, init) => {
        const signature = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
          'payment-signature',
        );
        if (signature) signatures.push(signature);
        return fetch(input, init);
      };
      const client = new x402Client().register(
        'eip155:*',
        new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
      );
      const signedIn = wrapFetchWithSIWx(keepingFetch, account);
      const paid = wrapFetchWithPayment(signedIn, client);
      const request = (body: unknown, headers: Record<string, string>) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const url = (tool: string) => `${gateway.url}/api/tools/execute/unified/${tool}`;
      return {
        account,
        signatures,
        call: (tool: string, body: unknown, headers: Record<string, string> = {}) =>
          paid(url(tool), request(body, headers)),
        /** Signed in, without any payment. */
        unpaid: (tool: string, body: unknown) => signedIn(url(tool), request(body, {})),
        /** Signed in afresh, paying with an earlier PAYMENT-SIGNATURE instead of a new payment. */
        replay: (tool: string, body: unknown, signature: string, headers: Record<string, string> = {}) =>
          signedIn(url(tool), request(body, { ...headers, 'payment-signature': signature })),
      };
    };

    it('a native send whose transaction reverts after settlement: 502 naming the refund, credited once, in the credit history', async () => {
      const alice = await payingWallet();
      const info = (await (await alice.call('wallet', {})).json()) as {
        accountId: string;
        vault: { networks: { base: { address: string } } };
      };
      const vault = getAddress(info.vault.networks.base.address);
      await fund(vault, 'base', 'ETH', '0.1');
      const base = await gateway.sandbox.evm(8453);
      // Open for one block after its deployment: gas estimation passes, the settlement mines that block on Base, and
      // the send, mined after it, reverts.
      const recipient = await deployReceiverOpenFor(base.chain, (address) => fund(address, 'base', 'ETH', '0.01'), 1n);
      // 0.001 ETH (3 USD in the sandbox) stays within the default per-call cap, which counts what a send moves.
      const paidBefore = await usdcOf(gateway.sandbox, alice.account.address);

      const failed = await alice.call(
        'baseNativeSend',
        { to: recipient, amount: '0.001' },
        { 'idempotency-key': 'refund-test-1' },
      );
      const failedPayment = alice.signatures.at(-1)!;
      const problem = (await failed.json()) as Record<string, any>;
      expect(failed.status, JSON.stringify(problem)).toBe(502);
      expect(failed.headers.get('payment-response')).toBeTruthy();
      const price = formatUnits(paidBefore - (await usdcOf(gateway.sandbox, alice.account.address)), 6);
      expect(Number(price)).toBeGreaterThan(0);
      expect(problem).toMatchObject({
        code: 'upstream_error',
        txHash: expect.any(String),
        refund: { creditedUsd: price, accountId: info.accountId, balanceUsd: price, where: '/api/account/credit' },
      });
      expect(problem.detail).toContain(
        `Its price, ${price} USD, was credited to the credit of account ${info.accountId}`,
      );
      expect((await base.chain.publicClient.getTransactionReceipt({ hash: problem.txHash })).status).toBe('reverted');
      expect(await base.chain.publicClient.getBalance({ address: recipient })).toBe(0n);

      const { key } = await createAccessKey(gateway.db, {
        accountId: info.accountId,
        name: 'statement',
        environment: 'development',
      });
      const statement = async () =>
        (await (await fetch(`${gateway.url}/api/account/credit`, { headers: { 'x-api-key': key } })).json()) as Record<
          string,
          any
        >;
      const credited = await statement();
      expect(credited.balanceUsd).toBe(price);
      expect(credited.entries).toEqual([
        expect.objectContaining({
          kind: 'call_refund',
          direction: 'in',
          amountUsd: price,
          tool: 'baseNativeSend',
          callId: expect.any(String),
          reference: expect.any(String),
        }),
      ]);

      // A retry under the same Idempotency-Key replays the answer (its new payment released), and the settled payment
      // presented again is refused: neither credits a second time.
      const retried = await alice.call(
        'baseNativeSend',
        { to: recipient, amount: '0.001' },
        { 'idempotency-key': 'refund-test-1' },
      );
      expect(retried.status).toBe(502);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(await retried.json()).toMatchObject({ refund: { creditedUsd: price } });
      const replayed = await alice.replay('baseNativeSend', { to: recipient, amount: '0.001' }, failedPayment);
      expect(replayed.status).toBe(402);
      expect(((await replayed.json()) as { error: string }).error).toMatch(/already|used|claimed|replay/i);
      expect(await statement()).toMatchObject({
        balanceUsd: price,
        entries: [expect.objectContaining({ kind: 'call_refund' })],
      });
      expect(await base.chain.publicClient.getBalance({ address: vault })).toBeGreaterThan(parseEther('0.09'));
    });

    it('charges no credit for a REST call a sign-in identifies: without a payment it is asked to pay', async () => {
      // The credit pays calls whose transport authenticated the account (MCP, A2A). A prepared call once took a
      // signed-in REST caller for one, so a refund's credit paid that wallet's unpaid calls.
      const bob = await payingWallet();
      const { accountId } = (await (await bob.call('wallet', {})).json()) as { accountId: string };
      await addCredit(gateway.db, { accountId, amount: 1_000_000n, kind: 'grant' });
      const unpaid = await bob.unpaid('wallet', {});
      expect(unpaid.status).toBe(402);
      expect(await creditBalance(gateway.db, accountId)).toBe(1_000_000n);
    });
  },
);
