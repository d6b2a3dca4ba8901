import { ServiceError } from '@svc/contracts';
import { type Db, nonceUsed } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { generateKeyPairSigner } from '@solana/kit';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import {
  buildSIWxSchema,
  type CompleteSIWxInfo,
  createSIWxClientHook,
  createSIWxMessage,
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
  type SIWxExtensionInfo,
  type SIWxSigner,
  SOLANA_MAINNET,
  wrapFetchWithSIWx,
} from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxPriceOracle } from '../oracle.js';
import { decodePaymentSignature } from '../payment-header.js';
import { PaymentRequirementsBuilder } from '../requirements.js';
import { NETWORKS } from '../tokens.js';
import {
  ephemeralSiwxNonces,
  issueSiwxChallenge,
  SIWX_SUPPORTED_CHAINS,
  siwxChallengeOf,
  siwxHeaderFrom,
  verifySiwxProof,
  withSiwxChallenge,
} from './index.js';

const BASE = 'https://tools.example.com';
const RESOURCE = `${BASE}/api/tools/execute/unified/wallet`;
const EVM = { chainId: NETWORKS.base, type: 'eip191' } as const;
const SOL = { chainId: NETWORKS.solana, type: 'ed25519' } as const;

type Chain = { chainId: string; type: 'eip191' | 'ed25519' };

/** What the official client does with the challenge: pick a chain, sign it with the SDK, encode the header. */
async function answer(
  challenge: SIWxExtension,
  signer: SIWxSigner,
  chain: Chain = EVM,
  requestUrl = challenge.info.uri,
): Promise<string> {
  return encodeSIWxHeader(await createSIWxPayload({ ...challenge.info, ...chain }, signer, requestUrl));
}

/** Sign arbitrary info with an EVM account, bypassing the SDK client's own origin check (a hostile or buggy client). */
async function signRaw(
  info: SIWxExtensionInfo,
  account: ReturnType<typeof privateKeyToAccount>,
  chain: Chain = EVM,
): Promise<string> {
  const complete: CompleteSIWxInfo = { ...info, ...chain };
  const signature = await account.signMessage({ message: createSIWxMessage(complete, account.address) });
  return encodeSIWxHeader({ ...complete, address: account.address, signature });
}

/** A header with a given payload and a dummy signature (for checks that must fail before the signature is looked at). */
function unsigned(info: SIWxExtensionInfo, address: string, chain: Chain = EVM): string {
  return encodeSIWxHeader({ ...info, ...chain, address, signature: `0x${'11'.repeat(65)}` });
}

async function rejection(promise: Promise<unknown>): Promise<{ status: number; reason: unknown; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  const se = error as ServiceError;
  expect(se.code).toBe('identity_invalid');
  return { status: se.status, reason: se.extra?.reason, message: se.message };
}

describe('siwxHeaderFrom', () => {
  it('reads SIGN-IN-WITH-X, or else Authorization: SIWX, from Fetch Headers and Node header records', () => {
    expect(siwxHeaderFrom(new Headers({ 'SIGN-IN-WITH-X': 'abc=' }))).toBe('abc=');
    expect(siwxHeaderFrom(new Headers({ Authorization: 'SIWX abc=' }))).toBe('abc=');
    expect(siwxHeaderFrom({ authorization: 'siwx   abc=  ' })).toBe('abc=');
    expect(siwxHeaderFrom({ 'sign-in-with-x': 'one', authorization: 'SIWX two' })).toBe('one');
    expect(siwxHeaderFrom({ 'Sign-In-With-X': 'mixed' })).toBe('mixed');
    expect(siwxHeaderFrom({ authorization: 'Bearer abc' })).toBeUndefined();
    expect(siwxHeaderFrom({ authorization: 'SIWX' })).toBeUndefined();
  });

  it('reads a bare Authorization: <proof> too (siwx is an API-key-style scheme in Authorization), never another scheme', () => {
    expect(siwxHeaderFrom({ authorization: 'eyJkb21haW4iOiJ4In0=' })).toBe('eyJkb21haW4iOiJ4In0=');
    expect(siwxHeaderFrom(new Headers({ Authorization: '  abc_-+/==  ' }))).toBe('abc_-+/==');
    expect(siwxHeaderFrom({ authorization: 'Bearer abc' })).toBeUndefined();
    expect(siwxHeaderFrom({ authorization: 'siwx' })).toBeUndefined();
    expect(siwxHeaderFrom({ authorization: 'not a proof' })).toBeUndefined();
    expect(siwxHeaderFrom({})).toBeUndefined();
    expect(siwxHeaderFrom({ 'sign-in-with-x': ['a', 'b'] })).toBe('a, b');
  });
});

describe.each(testBackends())('sign-in-with-x on $name', (backend) => {
  let db: Db;
  const account = privateKeyToAccount(generatePrivateKey());
  const nonces = ephemeralSiwxNonces();
  const verify = (header: string, options: Partial<Parameters<typeof verifySiwxProof>[2]> = {}) =>
    verifySiwxProof(db, header, { nonces, origin: BASE, resourceUrl: RESOURCE, ...options });
  const challenge = (options: Partial<Parameters<typeof issueSiwxChallenge>[0]> = {}) =>
    issueSiwxChallenge({ nonces, publicBaseUrl: BASE, resourceUrl: RESOURCE, ...options });

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('challenge', () => {
    it('is the SDK declaration filled with our tagged nonce, times, domain, uri and both sign-in chains', async () => {
      const before = Date.now();
      const c = challenge();
      expect(c.info).toMatchObject({ domain: 'tools.example.com', uri: RESOURCE, version: '1', resources: [RESOURCE] });
      expect(c.info.statement).toMatch(/Sign in/);
      expect(c.info.nonce).toMatch(/^[0-9a-f]{48}$/);
      const issued = Date.parse(c.info.issuedAt);
      expect(issued).toBeGreaterThanOrEqual(before);
      expect(Date.parse(c.info.expirationTime!) - issued).toBe(300_000);
      expect(c.supportedChains).toEqual([
        { chainId: 'eip155:8453', type: 'eip191' },
        { chainId: SOLANA_MAINNET, type: 'ed25519' },
      ]);
      expect(c.schema).toEqual(buildSIWxSchema());
      expect(c).not.toHaveProperty('_options');
      expect(nonces.check(c.info.nonce).state).toBe('ok');
      // Issuing writes nothing: the nonce is stored only when a proof uses it.
      expect(await nonceUsed(db, c.info.nonce)).toBe(false);
      expect(challenge().info.nonce).not.toBe(c.info.nonce);
    });

    it('keeps host:port as the domain and rebases the resource onto the public origin', async () => {
      const c = issueSiwxChallenge({
        nonces,
        publicBaseUrl: 'http://127.0.0.1:8080/',
        resourceUrl: 'http://internal:3000/api/tools/x?y=1',
        expirationSeconds: 60,
      });
      expect(c.info.domain).toBe('127.0.0.1:8080');
      expect(c.info.uri).toBe('http://127.0.0.1:8080/api/tools/x?y=1');
      expect(Date.parse(c.info.expirationTime!) - Date.parse(c.info.issuedAt)).toBe(60_000);
    });

    it('travels in the PAYMENT-REQUIRED header and body under extensions["sign-in-with-x"]', async () => {
      const builder = new PaymentRequirementsBuilder(
        {
          payTo: {
            base: account.address,
            solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
            stacks: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
          },
          maxTimeoutSeconds: 300,
        },
        new SandboxPriceOracle(),
      );
      const cached = await builder.paymentRequired({ url: RESOURCE, description: 'wallet' }, '0.001');
      const c = challenge();
      const response = withSiwxChallenge(cached, c);
      expect(cached.body.extensions).toBeUndefined();
      const decoded = decodePaymentRequiredHeader(response.header);
      expect(decoded).toEqual(response.body);
      expect(JSON.parse(response.json)).toEqual(response.body);
      expect(decoded.extensions?.[SIGN_IN_WITH_X]).toEqual(c);
      expect(siwxChallengeOf(decoded)).toEqual(c);
      // wrapFetchWithSIWx signs for the chain of accepts[0]: it must be one we offer.
      expect(c.supportedChains.map((x) => x.chainId)).toContain(decoded.accepts[0]!.network);
    });

    it('offers the payment networks of Base and Solana (tokens.ts) as sign-in chains', () => {
      expect(SIWX_SUPPORTED_CHAINS.map((c) => c.chainId)).toEqual([NETWORKS.base, NETWORKS.solana]);
      expect(NETWORKS.solana).toBe(SOLANA_MAINNET);
    });
  });

  describe('verification', () => {
    it('accepts an answer to our challenge signed by the SDK client and creates the account on first sign-in', async () => {
      const identity = await verify(await answer(challenge(), account));
      expect(identity).toMatchObject({ address: account.address, chainId: 'eip155:8453', createdAccount: true });
      expect(identity.accountId).toMatch(/^acct_/);

      const again = await verify(await answer(challenge(), account));
      expect(again).toMatchObject({ address: account.address, accountId: identity.accountId, createdAccount: false });
    });

    it('refuses a replayed proof, and lets exactly one of concurrent submissions of a proof through', async () => {
      const header = await answer(challenge(), account);
      await verify(header);
      const replay = await rejection(verify(header));
      expect(replay).toMatchObject({ status: 401, reason: 'replayed' });
      expect(replay.message).toMatch(/replayed/);

      const fresh = await answer(challenge(), account);
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => verify(fresh)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as ServiceError).extra?.reason).toBe('replayed');
    });

    it('refuses an expired challenge (signed expirationTime, and the expiry sealed into the nonce)', async () => {
      const header = await answer(challenge({ expirationSeconds: 60 }), account);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      expect(await rejection(verify(header))).toMatchObject({ status: 401, reason: 'expired' });
      vi.useRealTimers();

      // A client that stretches the signed expirationTime still cannot outlive the nonce's own expiry.
      const c = challenge({ expirationSeconds: 60 });
      const stretched = await signRaw(
        { ...c.info, expirationTime: new Date(Date.now() + 3_600_000).toISOString() },
        account,
      );
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      expect(await rejection(verify(stretched))).toMatchObject({ reason: 'expired' });
    });

    it('refuses a challenge issued too long ago, or issued in the future beyond the clock skew', async () => {
      const header = await answer(challenge({ expirationSeconds: 3600 }), account);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
      expect(await rejection(verify(header))).toMatchObject({ reason: 'issued_at_too_old' });
      vi.useRealTimers();

      const future = challenge();
      const ahead = await signRaw({ ...future.info, issuedAt: new Date(Date.now() + 60_000).toISOString() }, account);
      expect(await rejection(verify(ahead))).toMatchObject({ reason: 'issued_at_in_future' });

      const skewed = challenge();
      const slightlyAhead = await signRaw(
        { ...skewed.info, issuedAt: new Date(Date.now() + 2_000).toISOString() },
        account,
      );
      expect(await verify(slightlyAhead)).toMatchObject({ address: account.address });

      const late = challenge();
      expect(
        await rejection(
          verify(await signRaw({ ...late.info, notBefore: new Date(Date.now() + 60_000).toISOString() }, account)),
        ),
      ).toMatchObject({ reason: 'not_yet_valid' });
    });

    it('refuses a proof for another domain or another origin or resource', async () => {
      const evil = issueSiwxChallenge({
        nonces,
        publicBaseUrl: 'https://evil.example',
        resourceUrl: 'https://evil.example/api/tools/execute/unified/wallet',
      });
      expect(await rejection(verify(await answer(evil, account)))).toMatchObject({ reason: 'domain_mismatch' });

      const c = challenge();
      const otherOrigin = await signRaw(
        { ...c.info, uri: 'https://evil.example/api/tools/execute/unified/wallet' },
        account,
      );
      expect(await rejection(verify(otherOrigin))).toMatchObject({ reason: 'uri_mismatch' });
      const plainHttp = await signRaw({ ...c.info, uri: RESOURCE.replace('https:', 'http:') }, account);
      expect(await rejection(verify(plainHttp))).toMatchObject({ reason: 'uri_mismatch' });

      const other = challenge({ resourceUrl: `${BASE}/api/tools/execute/unified/other` });
      expect(await rejection(verify(await answer(other, account)))).toMatchObject({ reason: 'uri_mismatch' });
      // Without resourceUrl only the origin is bound (SDK rule).
      expect(
        await verify(await answer(challenge({ resourceUrl: `${BASE}/api/tools/execute/unified/other` }), account), {
          resourceUrl: undefined,
        }),
      ).toMatchObject({
        createdAccount: false,
      });
    });

    it('refuses a tampered signature or a tampered signed field', async () => {
      const header = await answer(challenge(), account);
      const payload = JSON.parse(Buffer.from(header, 'base64').toString()) as Record<string, string>;
      const flipped = payload.signature!.slice(0, -2) + (payload.signature!.endsWith('1b') ? '1c' : '1b'); // other recovery id: recovers another address
      const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');
      expect(
        await rejection(
          verify(
            b64({
              ...payload,
              signature: `${payload.signature!.slice(0, 10)}${'00'.repeat(20)}${payload.signature!.slice(50)}`,
            }),
          ),
        ),
      ).toMatchObject({ reason: 'bad_signature' });
      expect(await rejection(verify(b64({ ...payload, signature: flipped })))).toMatchObject({
        reason: 'bad_signature',
      });
      expect(await rejection(verify(b64({ ...payload, statement: 'Something else' })))).toMatchObject({
        reason: 'bad_signature',
      });
      const other = privateKeyToAccount(generatePrivateKey());
      expect(await rejection(verify(b64({ ...payload, address: other.address })))).toMatchObject({
        reason: 'bad_signature',
      });
      // The nonce survives failed attempts: the genuine proof still works once.
      expect(await verify(header)).toMatchObject({ address: account.address });
    });

    it('refuses a nonce we never issued (self-made challenges are not accepted)', async () => {
      const c = challenge();
      expect(
        await rejection(verify(await signRaw({ ...c.info, nonce: ephemeralSiwxNonces().issue(300) }, account))),
      ).toMatchObject({ reason: 'unknown_nonce' });
      expect(
        await rejection(verify(unsigned({ ...c.info, nonce: 'client-made-nonce' }, account.address))),
      ).toMatchObject({ reason: 'unknown_nonce' });
    });

    it('refuses a malformed header and chains it does not offer', async () => {
      expect(await rejection(verify('not base64!'))).toMatchObject({ status: 401, reason: 'malformed' });
      expect(await rejection(verify(Buffer.from('{"domain":"x"}').toString('base64')))).toMatchObject({
        reason: 'malformed',
      });
      const c = challenge();
      expect(
        await rejection(verify(await signRaw(c.info, account, { chainId: 'eip155:1', type: 'eip191' }))),
      ).toMatchObject({ reason: 'unsupported_chain' });
      expect(
        await rejection(verify(await signRaw(c.info, account, { chainId: 'eip155:8453', type: 'ed25519' }))),
      ).toMatchObject({ reason: 'unsupported_chain' });
      expect(await rejection(verify(unsigned({ ...c.info, version: '2' }, account.address)))).toMatchObject({
        reason: 'malformed',
      });
      // The SIWE formatter refuses a non-EIP-55 address before any signature check: still a clean 401.
      expect(
        await rejection(verify(unsigned(c.info, account.address.toLowerCase().replace('0x', '0X')))),
      ).toMatchObject({ reason: 'bad_signature' });
    });

    it('takes the proof from Authorization: SIWX <value> as well', async () => {
      const header = await answer(challenge(), account);
      const value = siwxHeaderFrom({ authorization: `SIWX ${header}` });
      expect(value).toBe(header);
      expect(await verify(value!)).toMatchObject({ address: account.address, createdAccount: false });
    });

    it('takes the proof from a bare Authorization: <value> as well', async () => {
      const header = await answer(challenge(), account);
      const value = siwxHeaderFrom({ authorization: header });
      expect(value).toBe(header);
      expect(await verify(value!)).toMatchObject({ address: account.address, createdAccount: false });
    });

    it('uses the EIP-1271 verifier when one is configured', async () => {
      const wallet = '0x4e59b44847b379578588920cA78FbF26c0B4956C';
      const c = challenge();
      const info: CompleteSIWxInfo = { ...c.info, ...EVM };
      const message = createSIWxMessage(info, wallet);
      const signature = await account.signMessage({ message });
      const header = encodeSIWxHeader({ ...info, address: wallet, signature });
      const evmVerifier = vi.fn(
        async (args: { address: `0x${string}`; message: string; signature: `0x${string}` }) =>
          args.address === wallet && args.message === message,
      );
      const identity = await verify(header, { evmVerifier });
      expect(evmVerifier).toHaveBeenCalledOnce();
      expect(identity).toMatchObject({ address: wallet, createdAccount: true });

      const c2 = challenge();
      const info2: CompleteSIWxInfo = { ...c2.info, ...EVM };
      const header2 = encodeSIWxHeader({
        ...info2,
        address: wallet,
        signature: await account.signMessage({ message: createSIWxMessage(info2, wallet) }),
      });
      expect(await rejection(verify(header2))).toMatchObject({ reason: 'bad_signature' });
      expect(
        await rejection(verify(header2, { evmVerifier: async () => Promise.reject(new Error('rpc down')) })),
      ).toMatchObject({ reason: 'verifier_error' });
    });

    it('verifies a Solana wallet (SIWS, Ed25519) signing our challenge with the SDK client', async () => {
      const signer = await generateKeyPairSigner();
      const c = challenge();
      const header = await answer(c, signer as unknown as SIWxSigner, SOL);
      const identity = await verify(header);
      expect(identity).toMatchObject({ address: signer.address, chainId: SOLANA_MAINNET, createdAccount: true });
      expect(await rejection(verify(header))).toMatchObject({ reason: 'replayed' });

      const again = await verify(await answer(challenge(), signer as unknown as SIWxSigner, SOL));
      expect(again).toMatchObject({ accountId: identity.accountId, createdAccount: false });

      const tampered = JSON.parse(
        Buffer.from(await answer(challenge(), signer as unknown as SIWxSigner, SOL), 'base64').toString(),
      ) as Record<string, string>;
      const other = await generateKeyPairSigner();
      expect(
        await rejection(
          verify(Buffer.from(JSON.stringify({ ...tampered, address: other.address })).toString('base64')),
        ),
      ).toMatchObject({ reason: 'bad_signature' });
    });
  });

  describe('official clients answer our challenge', () => {
    /**
     * A minimal identity-gated paid resource: without a valid proof AND a payment it answers 402 with a fresh
     * challenge; a present but invalid proof is a 401; only a request carrying both "settles".
     */
    function gatedResource(paymentRequired: Awaited<ReturnType<PaymentRequirementsBuilder['paymentRequired']>>) {
      const seen: { siwx: boolean; payment: boolean; status: number }[] = [];
      const settled: { accountId: string; payer: string }[] = [];
      const serve = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
        const request = new Request(input, init);
        const proof = siwxHeaderFrom(request.headers);
        const paymentHeader = request.headers.get('PAYMENT-SIGNATURE');
        const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
          seen.push({ siwx: Boolean(proof), payment: Boolean(paymentHeader), status });
          return new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json', ...headers },
          });
        };
        let identity: Awaited<ReturnType<typeof verifySiwxProof>> | undefined;
        if (proof) {
          try {
            identity = await verifySiwxProof(db, proof, { nonces, origin: BASE, resourceUrl: request.url });
          } catch (error) {
            if (error instanceof ServiceError)
              return reply(error.status, { code: error.code, reason: error.extra?.reason });
            throw error;
          }
        }
        if (!identity || !paymentHeader) {
          const response = withSiwxChallenge(
            paymentRequired,
            issueSiwxChallenge({ nonces, publicBaseUrl: BASE, resourceUrl: request.url }),
          );
          return reply(402, response.body, { 'PAYMENT-REQUIRED': response.header });
        }
        const payment = decodePaymentSignature(paymentHeader);
        settled.push({ accountId: identity.accountId, payer: String((payment.payload as { from?: string }).from) });
        return reply(200, { accountId: identity.accountId, address: identity.address });
      };
      return { serve, seen, settled };
    }

    let paymentRequired: Awaited<ReturnType<PaymentRequirementsBuilder['paymentRequired']>>;
    beforeAll(async () => {
      const builder = new PaymentRequirementsBuilder(
        {
          payTo: {
            base: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
            solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
            stacks: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
          },
          maxTimeoutSeconds: 300,
        },
        new SandboxPriceOracle(),
      );
      paymentRequired = await builder.paymentRequired({ url: RESOURCE, description: 'wallet' }, '0.001');
    });

    it('wrapFetchWithSIWx signs our 402 challenge and the retry is verified', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const server = gatedResource(paymentRequired);
      const response = await wrapFetchWithSIWx(server.serve, wallet)(RESOURCE, { method: 'POST', body: '{}' });
      // Proof valid but no payment: the gate answers 402 again (the SIWX wrapper does not pay).
      expect(response.status).toBe(402);
      expect(server.seen).toEqual([
        { siwx: false, payment: false, status: 402 },
        { siwx: true, payment: false, status: 402 },
      ]);
      const accounts = await db.query<{ account_id: string }>(
        'SELECT account_id FROM account_wallets WHERE address = $1',
        [wallet.address.toLowerCase()],
      );
      expect(accounts.rows).toHaveLength(1);
    });

    it('wrapFetchWithPayment(wrapFetchWithSIWx(fetch, account), x402Client) ends with proof and payment on one request', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const server = gatedResource(paymentRequired);
      // A stand-in payment scheme: the payment side is not under test here, only that it composes with the proof.
      const client = x402Client.fromConfig({
        schemes: [
          {
            network: 'eip155:*',
            client: {
              scheme: 'exact',
              createPaymentPayload: async (x402Version) => ({
                x402Version,
                payload: { from: wallet.address, signature: '0xstub' },
              }),
            },
          },
        ],
        spendControls: false,
      });
      const response = await wrapFetchWithPayment(wrapFetchWithSIWx(server.serve, wallet), client)(RESOURCE, {
        method: 'POST',
        body: '{}',
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { accountId: string; address: string };
      expect(body.address).toBe(wallet.address);
      expect(server.seen).toEqual([
        { siwx: false, payment: false, status: 402 },
        { siwx: true, payment: false, status: 402 },
        { siwx: false, payment: true, status: 402 },
        { siwx: true, payment: true, status: 200 },
      ]);
      expect(server.settled).toEqual([{ accountId: body.accountId, payer: wallet.address }]);
    });

    it('createSIWxClientHook (Solana signer) answers our challenge', async () => {
      const signer = await generateKeyPairSigner();
      const c = challenge();
      const hook = createSIWxClientHook(signer as unknown as SIWxSigner);
      const result = await hook({ paymentRequired: withSiwxChallenge(paymentRequired, c).body, requestUrl: RESOURCE });
      expect(result?.headers[SIGN_IN_WITH_X]).toBeDefined();
      expect(await verify(result!.headers[SIGN_IN_WITH_X]!)).toMatchObject({
        address: signer.address,
        chainId: SOLANA_MAINNET,
      });
    });
  });
});
