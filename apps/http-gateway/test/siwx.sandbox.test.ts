import { findTool, priceOf } from '@svc/contracts';
import { recentCalls } from '@svc/store';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import {
  createSIWxMessage,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
  type SIWxExtensionInfo,
} from '@x402/extensions/sign-in-with-x';
import { type Address } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PAY_TO } from '@svc/config';
import { backendsFor, fundedWallet as signedInWallet, usdcOf as baseUsdcOf, useSandboxGateway } from './harness.js';

const PRICE = BigInt(Math.round(Number(priceOf(findTool('createMemory')!)) * 1e6));
const payee = SANDBOX_PAY_TO.base as Address;

describe.each(backendsFor(import.meta.url))('identity-gated tools with SIWX ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);

  const usdcOf = (address: Address) => baseUsdcOf(gateway.sandbox, address);

  const fundedWallet = () => signedInWallet(gateway);

  async function challengeOf(res: Response): Promise<{ required: PaymentRequired; challenge: SIWxExtension }> {
    expect(res.status).toBe(402);
    const required = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
    const challenge = required.extensions?.[SIGN_IN_WITH_X] as SIWxExtension | undefined;
    expect(challenge, 'the 402 carries a sign-in challenge').toBeDefined();
    return { required, challenge: challenge! };
  }

  /** Sign (possibly tampered) challenge info as an EVM wallet would, without the SDK client's own checks. */
  async function proof(info: SIWxExtensionInfo, account: PrivateKeyAccount): Promise<string> {
    const complete = { ...info, chainId: 'eip155:8453', type: 'eip191' as const };
    const signature = await account.signMessage({ message: createSIWxMessage(complete, account.address) });
    return encodeSIWxHeader({ ...complete, address: account.address, signature });
  }

  const MEMORY = { category: 'c', content: 'x' };

  async function freshChallenge(tool = 'getUserMemoryCategories', body: unknown = {}) {
    return challengeOf(await gateway.call(tool, body));
  }

  async function rejection(res: Response) {
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    return (await res.json()) as { code: string; reason: string; detail: string };
  }

  it('an identity-gated tool without a proof answers 402 with a fresh tagged challenge (nothing stored) for this origin and resource', async () => {
    const first = await freshChallenge();
    const second = await freshChallenge();
    const url = new URL(gateway.url);
    expect(first.challenge.info).toMatchObject({
      domain: url.host,
      uri: `${gateway.url}/api/tools/execute/unified/getUserMemoryCategories`,
      version: '1',
    });
    expect(first.challenge.info.nonce).toMatch(/^[0-9a-f]{48}$/);
    expect(second.challenge.info.nonce).not.toBe(first.challenge.info.nonce);
    expect(first.challenge.supportedChains.map((c) => c.chainId)).toEqual([
      'eip155:8453',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ]);
    // One per payment token, and BASE_USDC's batch-settlement beside its exact.
    expect(first.required.accepts).toHaveLength(6);
    // A tool without the identity flag is not asked for a sign-in.
    const open = decodePaymentRequiredHeader(
      (await gateway.call('hederaContractIdToEvmAddress', { contractId: '0.0.1' })).headers.get('payment-required')!,
    );
    expect(open.extensions?.[SIGN_IN_WITH_X]).toBeUndefined();
  });

  it('wrapFetchWithPayment(wrapFetchWithSIWx(fetch, account), x402Client) signs in, pays and the account keeps its memories', async () => {
    const { account, call } = await fundedWallet();
    const before = await usdcOf(payee);
    const created = await call('createMemory', { category: 'prefs', content: 'prefers Base' });
    expect(created.status).toBe(200);
    const { memory } = (await created.json()) as { memory: { memoryId: string; category: string; content: string } };
    expect(memory).toMatchObject({ category: 'prefs', content: 'prefers Base' });
    expect(decodePaymentResponseHeader(created.headers.get('payment-response')!)).toMatchObject({
      success: true,
      payer: account.address,
    });
    expect((await usdcOf(payee)) - before).toBe(PRICE);

    // A second sign-in by the same wallet reaches the same account.
    const listed = await call('getUserMemoriesByCategory', { category: 'prefs' });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { memories: { memoryId: string }[] }).memories.map((m) => m.memoryId)).toEqual([
      memory.memoryId,
    ]);

    const [row] = await recentCalls(gateway.db, { tool: 'getUserMemoriesByCategory', limit: 1 });
    expect(row).toMatchObject({ outcome: 'settled', payer: account.address });
    expect(row?.accountId).toMatch(/^acct_[0-9a-f]{24}$/);
  });

  it('a payment sent without a proof is not looked at: 402 with a challenge, and the same payment pays later', async () => {
    const { account, client } = await fundedWallet();
    const { required, challenge } = await freshChallenge('createMemory', MEMORY);
    const payment = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    const unsigned = await gateway.call('createMemory', MEMORY, { 'payment-signature': payment });
    const refused = await challengeOf(unsigned);
    expect(refused.required.error).toMatch(/^sign_in_required/);
    expect(unsigned.headers.get('payment-response')).toBeNull();

    const ok = await gateway.call('createMemory', MEMORY, {
      'payment-signature': payment,
      'sign-in-with-x': await proof(challenge.info, account),
    });
    expect(ok.status).toBe(200);
  });

  it('accepts Authorization: SIWX <value> as an alias', async () => {
    const { account } = await fundedWallet();
    const { challenge } = await freshChallenge();
    const res = await gateway.call(
      'getUserMemoryCategories',
      {},
      { authorization: `SIWX ${await proof(challenge.info, account)}` },
    );
    // Signed in, not paid yet: the 402 asks for payment (and offers the next challenge).
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: string }).error).toBe('Payment required');
  });

  it('accepts a bare Authorization: <value>, as the spec describes siwx (API-key-style, in Authorization)', async () => {
    const { account } = await fundedWallet();
    const { challenge } = await freshChallenge();
    const res = await gateway.call(
      'getUserMemoryCategories',
      {},
      { authorization: await proof(challenge.info, account) },
    );
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: string }).error).toBe('Payment required');
  });

  it('a replayed proof answers 401 naming the reason, and nothing is charged', async () => {
    const { account, client } = await fundedWallet();
    const { required, challenge } = await freshChallenge('createMemory', MEMORY);
    const signIn = await proof(challenge.info, account);
    expect((await gateway.call('createMemory', MEMORY, { 'sign-in-with-x': signIn })).status).toBe(402);

    const before = await usdcOf(account.address);
    const payment = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    const replay = await gateway.call('createMemory', MEMORY, {
      'sign-in-with-x': signIn,
      'payment-signature': payment,
    });
    const problem = await rejection(replay);
    expect(problem).toMatchObject({ code: 'identity_invalid', reason: 'replayed' });
    expect(problem.detail).toMatch(/single use/);
    expect(await usdcOf(account.address)).toBe(before);
  });

  it('expired, wrong-domain, unknown-nonce and forged proofs each answer 401 with their reason', async () => {
    const { account } = await fundedWallet();
    const cases: [string, (info: SIWxExtensionInfo) => Promise<string>][] = [
      [
        'expired',
        (info) =>
          proof(
            {
              ...info,
              issuedAt: new Date(Date.now() - 120_000).toISOString(),
              expirationTime: new Date(Date.now() - 60_000).toISOString(),
            },
            account,
          ),
      ],
      ['domain_mismatch', (info) => proof({ ...info, domain: 'evil.example' }, account)],
      ['unknown_nonce', (info) => proof({ ...info, nonce: 'f'.repeat(32) }, account)],
      [
        'bad_signature',
        async (info) => {
          const header = JSON.parse(Buffer.from(await proof(info, account), 'base64').toString()) as Record<
            string,
            string
          >;
          return Buffer.from(
            JSON.stringify({ ...header, address: privateKeyToAccount(generatePrivateKey()).address }),
          ).toString('base64');
        },
      ],
    ];
    for (const [reason, forge] of cases) {
      const { challenge } = await freshChallenge();
      const problem = await rejection(
        await gateway.call('getUserMemoryCategories', {}, { 'sign-in-with-x': await forge(challenge.info) }),
      );
      expect(problem, reason).toMatchObject({ code: 'identity_invalid', reason });
    }
  });

  it("one account cannot change another's memory: 404 as for a missing one, and the failed call is not charged", async () => {
    const alice = await fundedWallet();
    const bob = await fundedWallet();
    const created = await alice.call('createMemory', { category: 'secret', content: 'mine' });
    const { memory } = (await created.json()) as { memory: { memoryId: string } };

    const before = await usdcOf(bob.account.address);
    const stolen = await bob.call('updateMemory', {
      memoryId: memory.memoryId,
      category: 'secret',
      content: 'yours now',
    });
    expect(stolen.status).toBe(404);
    expect(((await stolen.json()) as { code: string }).code).toBe('not_found');
    expect(await usdcOf(bob.account.address)).toBe(before);
    expect((await bob.call('deleteMemory', { memoryId: memory.memoryId })).status).toBe(404);

    const mine = await alice.call('getUserMemoriesByCategory', { category: 'secret' });
    expect(((await mine.json()) as { memories: { content: string }[] }).memories.map((m) => m.content)).toEqual([
      'mine',
    ]);
  });
});
