import { x402Client } from '@x402/core/client';
import { x402Facilitator } from '@x402/core/facilitator';
import {
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from '@x402/core/http';
import { x402ResourceServer } from '@x402/core/server';
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SupportedResponse } from '@x402/core/types';
import { wrapFetchWithPayment } from '@x402/fetch';
import { Cl, makeContractCall, makeSTXTokenTransfer, Pc, privateKeyToAddress } from '@stacks/transactions';
import { beforeEach, describe, expect, it } from 'vitest';
// The sandbox ledger (a dev dependency) gets the real codec injected, as the gateway's sandbox does.
import { StacksSandboxLedger } from '@svc/sandbox';
import { PAYMENT_TOKENS } from '../../tokens.js';
import { ExactStacksClientScheme } from './client.js';
import { EXACT_STACKS_ERRORS } from './errors.js';
import { ExactStacksFacilitatorScheme, registerExactStacksScheme } from './facilitator.js';
import { ExactStacksServerScheme } from './server.js';
import { stacksTransactionCodec } from './post-conditions.js';
import { decodeStacksTransaction } from './transaction.js';

const PAYER_KEY = 'a096d31c7aa41db28401d4e24859bc4c378d28ed34af9e3f7fcb6da167154af701';
const OTHER_KEY = '6d430bb91222408e7706c9001cfaeb91b08c2be6d5ac95779ab52c6b431950e001';
const PAYER = privateKeyToAddress(PAYER_KEY, 'mainnet');
const PAY_TO = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const USDCX = PAYMENT_TOKENS.USDCx.extra['tokenContract'] as string;
const SBTC = PAYMENT_TOKENS.SBTC.extra['tokenContract'] as string;

const STX_REQUIREMENTS: PaymentRequirements = {
  scheme: 'exact',
  network: 'stacks:1',
  asset: 'slip44:5757',
  amount: '1847',
  payTo: PAY_TO,
  maxTimeoutSeconds: 300,
  extra: { tokenType: 'native' },
};
const USDCX_REQUIREMENTS: PaymentRequirements = {
  ...STX_REQUIREMENTS,
  asset: PAYMENT_TOKENS.USDCx.asset,
  amount: '10000',
  extra: { ...PAYMENT_TOKENS.USDCx.extra },
};

function paymentRequired(...accepts: PaymentRequirements[]): PaymentRequired {
  return { x402Version: 2, resource: { url: 'https://svc.test/tools/x' }, accepts };
}

function withTransaction(accepted: PaymentRequirements, transaction: string): PaymentPayload {
  return { x402Version: 2, accepted, payload: { transaction } };
}

let ledger: StacksSandboxLedger;
let facilitator: x402Facilitator;
let client: x402Client;

beforeEach(() => {
  ledger = new StacksSandboxLedger({ codec: stacksTransactionCodec });
  ledger.credit(PAYER, 'STX', 5_000_000n);
  ledger.credit(PAYER, USDCX, 1_000_000n);
  ledger.credit(PAYER, SBTC, 100_000n);
  facilitator = registerExactStacksScheme(new x402Facilitator(), { target: ledger });
  client = new x402Client()
    .register(
      'stacks:*',
      new ExactStacksClientScheme({ privateKey: PAYER_KEY, nonce: (address) => ledger.nextNonce(address) }),
    )
    .setSpendControls({
      allowedAssets: [
        { network: 'stacks:1', asset: 'slip44:5757' },
        { network: 'stacks:1', asset: PAYMENT_TOKENS.SBTC.asset },
      ],
    });
});

describe('exact Stacks scheme through x402Facilitator and the sandbox ledger', () => {
  it('advertises stacks:1 under the stacks:* family', () => {
    expect(facilitator.getSupported()).toEqual({
      kinds: [{ x402Version: 2, scheme: 'exact', network: 'stacks:1' }],
      extensions: [],
      signers: { 'stacks:*': [] },
    });
  });

  it('verifies and settles a client-signed STX payment', async () => {
    const payload = await client.createPaymentPayload(paymentRequired(STX_REQUIREMENTS));
    expect(Object.keys(payload.payload)).toEqual(['transaction']);

    const verified = await facilitator.verify(payload, STX_REQUIREMENTS);
    expect(verified).toEqual({ isValid: true, payer: PAYER });

    const settled = await facilitator.settle(payload, STX_REQUIREMENTS);
    const txid = decodeStacksTransaction(payload.payload['transaction'] as string).txid;
    expect(settled).toEqual({ success: true, transaction: txid, network: 'stacks:1', payer: PAYER });
    expect(ledger.balanceOf(PAY_TO)).toBe(1847n);
    expect(ledger.balanceOf(PAYER)).toBe(5_000_000n - 1847n - 3000n);
    expect(ledger.nextNonce(PAYER)).toBe(1n);
    expect(ledger.getTransaction(txid)).toMatchObject({
      sender: PAYER,
      recipient: PAY_TO,
      amount: 1847n,
      asset: 'STX',
    });
  });

  it('refuses a replay of a settled transaction (nonce used)', async () => {
    const payload = await client.createPaymentPayload(paymentRequired(STX_REQUIREMENTS));
    expect((await facilitator.settle(payload, STX_REQUIREMENTS)).success).toBe(true);

    expect(await facilitator.verify(payload, STX_REQUIREMENTS)).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.nonceUsed,
      payer: PAYER,
    });
    expect(await facilitator.settle(payload, STX_REQUIREMENTS)).toMatchObject({
      success: false,
      errorReason: EXACT_STACKS_ERRORS.nonceUsed,
      transaction: '',
    });
    expect(ledger.balanceOf(PAY_TO)).toBe(1847n);
  });

  it('refuses a payment to another recipient', async () => {
    const payload = await client.createPaymentPayload(
      paymentRequired({ ...STX_REQUIREMENTS, payTo: privateKeyToAddress(OTHER_KEY, 'mainnet') }),
    );
    expect(
      await facilitator.verify(
        withTransaction(STX_REQUIREMENTS, payload.payload['transaction'] as string),
        STX_REQUIREMENTS,
      ),
    ).toMatchObject({
      isValid: false,
      invalidReason: 'invalid_exact_stacks_recipient_mismatch',
      payer: PAYER,
    });
  });

  it('refuses a lower amount and accepts a higher one', async () => {
    const low = await client.createPaymentPayload(paymentRequired({ ...STX_REQUIREMENTS, amount: '1846' }));
    expect(
      await facilitator.verify(
        withTransaction(STX_REQUIREMENTS, low.payload['transaction'] as string),
        STX_REQUIREMENTS,
      ),
    ).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.amountInsufficient,
    });
    const high = await client.createPaymentPayload(paymentRequired({ ...STX_REQUIREMENTS, amount: '1848' }));
    expect(
      await facilitator.verify(
        withTransaction(STX_REQUIREMENTS, high.payload['transaction'] as string),
        STX_REQUIREMENTS,
      ),
    ).toEqual({ isValid: true, payer: PAYER });
  });

  it('refuses tampered transaction bytes (signature no longer verifies)', async () => {
    const payload = await client.createPaymentPayload(paymentRequired(STX_REQUIREMENTS));
    const hex = payload.payload['transaction'] as string;
    // Redirect the transfer: swap the recipient's hash160 for another address's, leaving the signature as it was.
    const original = decodeStacksTransaction(hex);
    expect(original.payload.kind).toBe('token-transfer');
    const recipientHash = (address: string) => Cl.serialize(Cl.principal(address)).slice(4);
    const tampered = hex.replace(recipientHash(PAY_TO), recipientHash(privateKeyToAddress(OTHER_KEY, 'mainnet')));
    expect(tampered).not.toBe(hex);
    const redirected = withTransaction(STX_REQUIREMENTS, tampered);
    expect(
      await facilitator.verify(redirected, { ...STX_REQUIREMENTS, payTo: privateKeyToAddress(OTHER_KEY, 'mainnet') }),
    ).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.signature,
    });
    // Flip a byte of the amount.
    const amountHex = 1847n.toString(16).padStart(16, '0');
    const bumped = hex.replace(amountHex, 1848n.toString(16).padStart(16, '0'));
    expect(bumped).not.toBe(hex);
    expect(await facilitator.verify(withTransaction(STX_REQUIREMENTS, bumped), STX_REQUIREMENTS)).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.signature,
    });
    // Garbage and trailing bytes.
    expect(await facilitator.verify(withTransaction(STX_REQUIREMENTS, `${hex}00`), STX_REQUIREMENTS)).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.malformedTransaction,
    });
    expect(await facilitator.verify(withTransaction(STX_REQUIREMENTS, 'zz'), STX_REQUIREMENTS)).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.malformedTransaction,
    });
    expect(await facilitator.verify({ ...payload, payload: {} }, STX_REQUIREMENTS)).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.missingTransaction,
    });
    expect(ledger.balanceOf(PAY_TO)).toBe(0n);
  });

  it('refuses a testnet transaction for stacks:1', async () => {
    const testnetTx = await makeSTXTokenTransfer({
      recipient: PAY_TO,
      amount: 1847n,
      fee: 3000n,
      nonce: 0n,
      senderKey: PAYER_KEY,
      network: 'testnet',
    });
    expect(
      await facilitator.verify(withTransaction(STX_REQUIREMENTS, testnetTx.serialize()), STX_REQUIREMENTS),
    ).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.transactionNetworkMismatch,
    });
    // A scheme instance only settles the networks it was configured for.
    const testnet = { ...STX_REQUIREMENTS, network: 'stacks:2147483648' as const };
    expect(
      await new ExactStacksFacilitatorScheme({ target: ledger }).verify(
        withTransaction(testnet, testnetTx.serialize()),
        testnet,
      ),
    ).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.networkMismatch,
    });
  });

  it('refuses the wrong kind of payment for the asset, and insufficient balances', async () => {
    const stx = await client.createPaymentPayload(paymentRequired(STX_REQUIREMENTS));
    expect(
      await facilitator.verify(
        withTransaction(USDCX_REQUIREMENTS, stx.payload['transaction'] as string),
        USDCX_REQUIREMENTS,
      ),
    ).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.payloadTypeMismatch,
    });
    const sbtc = await client.createPaymentPayload(
      paymentRequired({
        ...USDCX_REQUIREMENTS,
        asset: PAYMENT_TOKENS.SBTC.asset,
        extra: { ...PAYMENT_TOKENS.SBTC.extra },
      }),
    );
    expect(
      await facilitator.verify(
        withTransaction(USDCX_REQUIREMENTS, sbtc.payload['transaction'] as string),
        USDCX_REQUIREMENTS,
      ),
    ).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.contractMismatch,
    });
    const big = { ...STX_REQUIREMENTS, amount: '5000000' };
    const tooMuch = await client.createPaymentPayload(paymentRequired(big));
    expect(await facilitator.verify(tooMuch, big)).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.insufficientBalance,
    });
  });

  it('refuses a SIP-010 transfer of somebody else’s tokens and one whose post-conditions would abort', async () => {
    const victim = privateKeyToAddress(OTHER_KEY, 'mainnet');
    ledger.credit(victim, USDCX, 50_000n);
    const theft = await makeContractCall({
      contractAddress: USDCX.split('.')[0] as string,
      contractName: 'usdcx',
      functionName: 'transfer',
      functionArgs: [Cl.uint(10_000), Cl.principal(victim), Cl.principal(PAY_TO), Cl.none()],
      postConditionMode: 'allow',
      fee: 3000n,
      nonce: 0n,
      senderKey: PAYER_KEY,
      network: 'mainnet',
    });
    expect(
      await facilitator.verify(withTransaction(USDCX_REQUIREMENTS, theft.serialize()), USDCX_REQUIREMENTS),
    ).toMatchObject({ isValid: false, invalidReason: EXACT_STACKS_ERRORS.senderMismatch });
    const unguarded = await makeContractCall({
      contractAddress: USDCX.split('.')[0] as string,
      contractName: 'usdcx',
      functionName: 'transfer',
      functionArgs: [Cl.uint(10_000), Cl.principal(PAYER), Cl.principal(PAY_TO), Cl.none()],
      postConditionMode: 'deny',
      postConditions: [
        Pc.principal(PAYER)
          .willSendLte(9_999)
          .ft(USDCX as `${string}.${string}`, 'usdcx-token'),
      ],
      fee: 3000n,
      nonce: 0n,
      senderKey: PAYER_KEY,
      network: 'mainnet',
    });
    expect(
      await facilitator.verify(withTransaction(USDCX_REQUIREMENTS, unguarded.serialize()), USDCX_REQUIREMENTS),
    ).toMatchObject({ isValid: false, invalidReason: EXACT_STACKS_ERRORS.postConditions });
  });

  it('verifies and settles a USDCx (SIP-010) payment; the signedTransaction field is accepted too', async () => {
    const payload = await client.createPaymentPayload(paymentRequired(USDCX_REQUIREMENTS));
    const decoded = decodeStacksTransaction(payload.payload['transaction'] as string);
    expect(decoded.payload).toMatchObject({
      kind: 'contract-call',
      contract: USDCX,
      functionName: 'transfer',
      sip010Transfer: { amount: 10_000n, sender: PAYER, recipient: PAY_TO },
    });
    const draftSpecPayload: PaymentPayload = {
      ...payload,
      payload: { signedTransaction: payload.payload['transaction'] },
    };

    expect(await facilitator.verify(draftSpecPayload, USDCX_REQUIREMENTS)).toEqual({ isValid: true, payer: PAYER });
    expect(await facilitator.settle(draftSpecPayload, USDCX_REQUIREMENTS)).toEqual({
      success: true,
      transaction: decoded.txid,
      network: 'stacks:1',
      payer: PAYER,
    });
    expect(ledger.balanceOf(PAY_TO, USDCX)).toBe(10_000n);
    expect(ledger.balanceOf(PAYER, USDCX)).toBe(990_000n);
    expect(ledger.balanceOf(PAYER)).toBe(5_000_000n - 3000n);
  });

  it('settles an sBTC payment', async () => {
    const requirements = {
      ...STX_REQUIREMENTS,
      asset: PAYMENT_TOKENS.SBTC.asset,
      amount: '1200',
      extra: { ...PAYMENT_TOKENS.SBTC.extra },
    };
    const payload = await client.createPaymentPayload(paymentRequired(requirements));
    expect((await facilitator.settle(payload, requirements)).success).toBe(true);
    expect(ledger.balanceOf(PAY_TO, SBTC)).toBe(1200n);
  });

  it('reports a failure of the settlement target as a failed settlement', async () => {
    const failing = new ExactStacksFacilitatorScheme({
      target: {
        balanceOf: (p, a) => ledger.balanceOf(p, a),
        nextNonce: (p) => ledger.nextNonce(p),
        submit: () => Promise.reject(new Error('node unreachable')),
      },
    });
    const payload = await client.createPaymentPayload(paymentRequired(STX_REQUIREMENTS));
    const settled = await failing.settle(payload, STX_REQUIREMENTS);
    expect(settled).toMatchObject({
      success: false,
      errorReason: EXACT_STACKS_ERRORS.transactionFailed,
      errorMessage: 'node unreachable',
      payer: PAYER,
    });
    // The same bytes are not submitted twice by one facilitator.
    expect(await failing.verify(payload, STX_REQUIREMENTS)).toMatchObject({
      isValid: false,
      invalidReason: EXACT_STACKS_ERRORS.alreadySubmitted,
    });
  });
});

describe('@x402/fetch with the Stacks client scheme', () => {
  it('pays a 402 in STX and gets the resource', async () => {
    const required = paymentRequired(STX_REQUIREMENTS);
    const resource = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const header = (input instanceof Request ? input.headers : new Headers(init?.headers)).get('payment-signature');
      if (!header)
        return new Response('{}', {
          status: 402,
          headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(required) },
        });
      const payload = decodePaymentSignatureHeader(header);
      const verified = await facilitator.verify(payload, STX_REQUIREMENTS);
      if (!verified.isValid) return new Response(JSON.stringify(verified), { status: 400 });
      const settled = await facilitator.settle(payload, STX_REQUIREMENTS);
      return new Response('{"ok":true}', {
        status: 200,
        headers: { 'PAYMENT-RESPONSE': encodePaymentResponseHeader(settled) },
      });
    };
    const payFetch = wrapFetchWithPayment(resource as typeof fetch, client);
    const response = await payFetch('https://svc.test/tools/x', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('PAYMENT-RESPONSE')).toBeTruthy();
    expect(ledger.balanceOf(PAY_TO)).toBe(1847n);
  });
});

describe('the sandbox ledger with real signed transactions', () => {
  it('applies a signed transfer and refuses a bad signature, a wrong nonce, an unknown contract', async () => {
    const good = await makeSTXTokenTransfer({
      recipient: PAY_TO,
      amount: 500n,
      fee: 200n,
      nonce: 0n,
      senderKey: PAYER_KEY,
      network: 'mainnet',
    });
    const hex = good.serialize();
    const forged = hex.replace(500n.toString(16).padStart(16, '0'), 5000n.toString(16).padStart(16, '0'));
    expect(() => ledger.applyTransaction(forged)).toThrow(/bad_signature/);
    const skipped = await makeSTXTokenTransfer({
      recipient: PAY_TO,
      amount: 500n,
      fee: 200n,
      nonce: 1n,
      senderKey: PAYER_KEY,
      network: 'mainnet',
    });
    expect(() => ledger.applyTransaction(skipped.serialize())).toThrow(/bad_nonce/);
    expect(ledger.applyTransaction(hex)).toMatchObject({ txid: good.txid(), sender: PAYER, amount: 500n });
    const unknown = await makeContractCall({
      contractAddress: 'SP000000000000000000002Q6VF78',
      contractName: 'fake-token',
      functionName: 'transfer',
      functionArgs: [Cl.uint(1), Cl.principal(PAYER), Cl.principal(PAY_TO), Cl.none()],
      postConditionMode: 'allow',
      fee: 200n,
      nonce: 1n,
      senderKey: PAYER_KEY,
      network: 'mainnet',
    });
    expect(() => ledger.applyTransaction(unknown.serialize())).toThrow(/unknown_contract/);
  });
});

describe('ExactStacksServerScheme with x402ResourceServer', () => {
  it('builds Stacks requirements and runs a payment end to end', async () => {
    const local = {
      verify: (p: PaymentPayload, r: PaymentRequirements) => facilitator.verify(p, r),
      settle: (p: PaymentPayload, r: PaymentRequirements) => facilitator.settle(p, r),
      getSupported: async () => facilitator.getSupported() as SupportedResponse,
    };
    const server = new x402ResourceServer(local).register('stacks:1', new ExactStacksServerScheme());
    await server.initialize();
    const [usd, stx] = await Promise.all([
      server.buildPaymentRequirements({ scheme: 'exact', network: 'stacks:1', payTo: PAY_TO, price: '$0.01' }),
      server.buildPaymentRequirements({
        scheme: 'exact',
        network: 'stacks:1',
        payTo: PAY_TO,
        price: { asset: 'STX', amount: '1847' },
        maxTimeoutSeconds: 300,
      }),
    ]);
    expect(usd).toEqual([{ ...USDCX_REQUIREMENTS, maxTimeoutSeconds: expect.any(Number) as number }]);
    expect(stx).toEqual([STX_REQUIREMENTS]);

    const required = await server.createPaymentRequiredResponse([...usd, ...(stx ?? [])], {
      url: 'https://svc.test/tools/x',
    });
    const payload = await client.createPaymentPayload({ ...required, accepts: stx ?? [] });
    const requirements = server.findMatchingRequirements(required.accepts, payload);
    expect(requirements).toEqual(STX_REQUIREMENTS);
    expect(await server.verifyPayment(payload, requirements as PaymentRequirements)).toMatchObject({
      isValid: true,
      payer: PAYER,
    });
    expect(await server.settlePayment(payload, requirements as PaymentRequirements)).toMatchObject({
      success: true,
      payer: PAYER,
      network: 'stacks:1',
    });
    expect(ledger.balanceOf(PAY_TO)).toBe(1847n);
  });

  it('parses prices', async () => {
    const scheme = new ExactStacksServerScheme();
    expect(await scheme.parsePrice('$0.01', 'stacks:1')).toEqual({
      asset: PAYMENT_TOKENS.USDCx.asset,
      amount: '10000',
      extra: { tokenType: 'sip010', tokenContract: USDCX },
    });
    expect(await scheme.parsePrice('0.5 STX', 'stacks:1')).toEqual({
      asset: 'slip44:5757',
      amount: '500000',
      extra: { tokenType: 'native' },
    });
    expect(await scheme.parsePrice({ asset: 'SBTC', amount: '12' }, 'stacks:1')).toEqual({
      asset: PAYMENT_TOKENS.SBTC.asset,
      amount: '12',
      extra: { tokenType: 'sip010', tokenContract: SBTC },
    });
    scheme.registerMoneyParser(async (amount) => ({
      asset: 'slip44:5757',
      amount: String(Math.round(Number(amount) * 2_000_000)),
      extra: { tokenType: 'native' },
    }));
    expect(await scheme.parsePrice('$0.01', 'stacks:1')).toMatchObject({ asset: 'slip44:5757', amount: '20000' });
    expect(scheme.getAssetDecimals(PAYMENT_TOKENS.SBTC.asset, 'stacks:1')).toBe(8);
    await expect(scheme.parsePrice('$0.01', 'eip155:8453')).rejects.toThrow(/Not a Stacks network/);
  });
});

describe('ExactStacksClientScheme', () => {
  it('honours the spend cap it is given, and USDCx counts as a USD default asset', async () => {
    const scheme = new ExactStacksClientScheme({ privateKey: PAYER_KEY, nonce: () => 0n });
    await expect(scheme.createPaymentPayload(2, STX_REQUIREMENTS, { maxAmountPerPayment: '1000' })).rejects.toThrow(
      /spend cap/,
    );
    expect(scheme.findDefaultAsset(PAYMENT_TOKENS.USDCx.asset, 'stacks:1')).toEqual({
      asset: PAYMENT_TOKENS.USDCx.asset,
      decimals: 6,
      symbol: 'USDCx',
    });
    expect(scheme.findDefaultAsset('slip44:5757', 'stacks:1')).toBeUndefined();
    // The default $1 cap applies to USDCx through x402Client.
    const capped = new x402Client().register('stacks:*', scheme);
    await expect(
      capped.createPaymentPayload(paymentRequired({ ...USDCX_REQUIREMENTS, amount: '1000001' })),
    ).rejects.toThrow(/spendControls/);
  });
});
