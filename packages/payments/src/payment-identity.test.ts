import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { makeSTXTokenTransfer } from '@stacks/transactions';
import { x402Client } from '@x402/core/client';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { type Hex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { paymentIdOf, signedPaymentOf } from './payment-identity.js';
import { PaymentRejected } from './payment-rejected.js';
import { BASE_USDC_REQUIREMENTS as BASE_USDC } from './testing.js';
import { NETWORKS, PAYMENT_TOKENS } from './tokens.js';

const RESOURCE = {
  url: 'https://svc.test/api/tools/execute/unified/probe',
  description: 'probe',
  mimeType: 'application/json',
};

const BASE_SEPOLIA_USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const BLOCKHASH = '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY' as Blockhash;

/** A payment on another network: the requirements of BASE_USDC with these fields, around `scheme`. */
const paymentOn =
  (accepted: Pick<PaymentRequirements, 'network' | 'asset' | 'payTo'>) =>
  (scheme: Record<string, unknown>): PaymentPayload => ({
    x402Version: 2,
    resource: RESOURCE,
    accepted: { ...BASE_USDC, ...accepted },
    payload: scheme,
  });

async function signedEip3009(): Promise<PaymentPayload> {
  const payer = privateKeyToAccount(generatePrivateKey());
  const client = new x402Client().register('eip155:*', new ExactEvmScheme(toClientEvmSigner(payer)));
  return client.createPaymentPayload({ x402Version: 2, resource: RESOURCE, accepts: [BASE_USDC] });
}

type Authorization = Record<string, string>;
const authorizationOf = (payload: PaymentPayload) => payload.payload['authorization'] as Authorization;
const withScheme = (payload: PaymentPayload, scheme: Record<string, unknown>): PaymentPayload => ({
  ...payload,
  payload: scheme,
});
const upperHex = (hex: string) => `0x${hex.slice(2).toUpperCase()}`;

/** The same signed authorization, spelled as an attacker would re-spell it to get a second claim. */
function respellings(payload: PaymentPayload): PaymentPayload[] {
  const { signature } = payload.payload as { signature: string };
  const authorization = authorizationOf(payload);
  const reversed = Object.fromEntries(Object.entries(authorization).reverse());
  return [
    withScheme(payload, { ...payload.payload, extra: 'field' }),
    withScheme(payload, { authorization: reversed, signature }),
    withScheme(payload, { signature, authorization: { ...authorization, nonce: upperHex(authorization['nonce']!) } }),
    withScheme(payload, { signature, authorization: { ...authorization, from: authorization['from']!.toLowerCase() } }),
    { ...payload, accepted: { ...payload.accepted, asset: payload.accepted.asset.toLowerCase() } },
    { ...payload, extensions: { unrelated: true } },
  ];
}

const rejection = (payload: PaymentPayload) => {
  try {
    paymentIdOf(payload);
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentRejected);
    return (error as PaymentRejected).reason;
  }
  throw new Error('the payload was not refused');
};

describe('paymentIdOf: the single-use identity of a signed payment', () => {
  it('EIP-3009: every spelling of one authorization is one id (network, asset, payer, nonce)', async () => {
    const payload = await signedEip3009();
    const id = paymentIdOf(payload);
    const { from, nonce } = authorizationOf(payload);
    const asset = BASE_USDC.asset.toLowerCase();
    const payer = from!.toLowerCase();
    expect(signedPaymentOf(payload).identity).toEqual({ kind: 'eip3009', network: NETWORKS.base, asset, payer, nonce });
    for (const spelling of respellings(payload)) expect(paymentIdOf(spelling)).toBe(id);
  });

  it('EIP-3009: another nonce of one payer is another id; so is one nonce on another token', async () => {
    const first = await signedEip3009();
    const nonce = toHex(1n, { size: 32 });
    const second = withScheme(first, { ...first.payload, authorization: { ...authorizationOf(first), nonce } });
    expect(paymentIdOf(second)).not.toBe(paymentIdOf(first));
    const otherToken = { ...first, accepted: { ...first.accepted, asset: BASE_SEPOLIA_USDC } };
    expect(paymentIdOf(otherToken)).not.toBe(paymentIdOf(first));
  });

  it('Permit2: keyed by payer and Permit2 nonce on the network, whatever the token or spelling', async () => {
    const payload = await signedEip3009();
    const from = privateKeyToAccount(generatePrivateKey()).address;
    const permit = (token: string, nonce: string) => ({
      signature: (payload.payload as { signature: Hex }).signature,
      permit2Authorization: {
        from,
        permitted: { token, amount: '1000' },
        spender: BASE_USDC.payTo,
        nonce,
        deadline: '1900000000',
        witness: { to: BASE_USDC.payTo, validAfter: '0' },
      },
    });
    const id = paymentIdOf(withScheme(payload, permit(BASE_USDC.asset, '42')));
    expect(id).toBe(`permit2/${NETWORKS.base}/${from.toLowerCase()}/42`);
    expect(paymentIdOf(withScheme(payload, { ...permit(BASE_USDC.asset.toLowerCase(), '42'), note: 1 }))).toBe(id);
    expect(paymentIdOf(withScheme(payload, permit(BASE_SEPOLIA_USDC, '42')))).toBe(id);
    expect(paymentIdOf(withScheme(payload, permit(BASE_USDC.asset, '43')))).not.toBe(id);
  });

  it('SVM: keyed by the signed message: re-spelled JSON is one id, another transaction another', async () => {
    const payer = await generateKeyPairSigner();
    const feePayer = await generateKeyPairSigner();
    const transfer = async (data: number) => {
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(feePayer.address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH, lastValidBlockHeight: 100n }, m),
        (m) =>
          appendTransactionMessageInstruction(
            {
              programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
              accounts: [{ address: payer.address, role: AccountRole.READONLY_SIGNER, signer: payer }],
              data: new Uint8Array([data]),
            },
            m,
          ),
      );
      return getBase64EncodedWireTransaction(await partiallySignTransactionMessageWithSigners(message));
    };
    const { asset } = PAYMENT_TOKENS.SOL_USDC;
    const payment = paymentOn({ network: NETWORKS.solana, asset, payTo: feePayer.address });
    const transaction = await transfer(1);
    const id = paymentIdOf(payment({ transaction }));
    expect(id).toMatch(new RegExp(`^svm/${NETWORKS.solana}/[0-9a-f]{64}$`));
    expect(paymentIdOf(payment({ extra: true, transaction }))).toBe(id);
    expect(paymentIdOf(payment({ transaction: await transfer(2) }))).not.toBe(id);
    const garbage = payment({ transaction: 'bm90IGEgdHJhbnNhY3Rpb24=' });
    expect(rejection(garbage)).toMatch(/^invalid_payload: payload\.transaction is not/);
  });

  it('Stacks: keyed by the signed sender and its nonce; a forged signature takes no claim', async () => {
    const senderKey = 'a096d31c7aa41db28401d4e24859bc4c378d28ed34af9e3f7fcb6da167154af701';
    const recipient = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
    const signed = async (nonce: bigint, fee: bigint) =>
      (await makeSTXTokenTransfer({ recipient, amount: 1000n, senderKey, network: 'mainnet', nonce, fee })).serialize();
    const payment = paymentOn({ network: NETWORKS.stacks, asset: PAYMENT_TOKENS.STX.asset, payTo: recipient });
    const transaction = await signed(7n, 300n);
    const id = paymentIdOf(payment({ transaction }));
    expect(id).toMatch(new RegExp(`^stacks/${NETWORKS.stacks}/SP[0-9A-Z]+/7$`));
    expect(paymentIdOf(payment({ transaction: `0x${transaction.toUpperCase()}` }))).toBe(id);
    // The same nonce re-signed with another fee is the same single-use slot: only one of them can ever land.
    expect(paymentIdOf(payment({ signedTransaction: await signed(7n, 400n) }))).toBe(id);
    expect(paymentIdOf(payment({ transaction: await signed(8n, 300n) }))).not.toBe(id);
    const forged = `${transaction.slice(0, 20)}${transaction[20] === '0' ? '1' : '0'}${transaction.slice(21)}`;
    expect(rejection(payment({ transaction: forged }))).toMatch(/^invalid_payload: /);
  });

  it('refuses a payload without the shape its scheme signs as invalid_payload, naming the field', async () => {
    const payload = await signedEip3009();
    const { signature } = payload.payload as { signature: string };
    const authorization = authorizationOf(payload);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ authorization }, /payload\.signature must be 0x-prefixed hex/],
      [{ signature }, /payload\.authorization must be an object/],
      [{ signature: 42, authorization }, /payload\.signature/],
      [{ signature, authorization: { ...authorization, nonce: '0x01' } }, /nonce must be 0x-prefixed 32-byte hex/],
      [{ signature, authorization: { ...authorization, value: 1000 } }, /value must be a decimal integer string/],
      [{ signature, authorization: { ...authorization, validBefore: `1${'0'.repeat(78)}` } }, /validBefore/],
      [{ signature, authorization: { ...authorization, from: 'alice' } }, /from must be a 0x-prefixed EVM address/],
      [{ signature, permit2Authorization: 'yes', authorization }, /payload\.permit2Authorization must be an object/],
    ];
    for (const [scheme, reason] of cases) {
      const refused = rejection(withScheme(payload, scheme));
      expect(refused).toMatch(/^invalid_payload: /);
      expect(refused).toMatch(reason);
    }
    expect(rejection({ ...payload, payload: null as never })).toMatch(/^invalid_payload: payload must be an object/);
    const accepting = (accepted: Record<string, unknown>) =>
      rejection({ ...payload, accepted: { ...payload.accepted, ...accepted } });
    expect(accepting({ network: 'cosmos:hub' })).toMatch(/^invalid_payload: accepted\.network/);
    expect(accepting({ scheme: 'upto' })).toMatch(/^invalid_payload: accepted must name/);
  });
});

describe('paymentIdOf: a batch-settlement voucher', () => {
  const voucherPayment = (voucher: unknown) =>
    ({
      x402Version: 2,
      accepted: { scheme: 'batch-settlement', network: 'eip155:8453' },
      payload: { voucher },
    }) as unknown as PaymentPayload;
  const channelId = `0x${'Ab'.repeat(32)}`;

  it('is its channel (one spelling) and ceiling, as the channel payments charge it', () => {
    expect(paymentIdOf(voucherPayment({ channelId, maxClaimableAmount: '1000', signature: '0x12' }))).toBe(
      `batch-settlement:${channelId.toLowerCase()}:1000`,
    );
  });

  it('refuses a voucher without a bytes32 channel id or a decimal ceiling, naming the field', () => {
    expect(() => paymentIdOf(voucherPayment({ channelId: '0x12', maxClaimableAmount: '1' }))).toThrow(
      /payload\.voucher\.channelId/,
    );
    expect(() => paymentIdOf(voucherPayment({ channelId, maxClaimableAmount: '-1' }))).toThrow(
      /payload\.voucher\.maxClaimableAmount/,
    );
  });
});
