import { PAYMENT_TOKENS } from '@svc/payments';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import {
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from '@x402/core/http';
import { recoverTypedDataAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import holdings from '../nansen/fixtures/smart-money-holdings.json' with { type: 'json' };
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import { type UpstreamBudgetLedger, UpstreamPayer } from './x402-payer.js';

const NANSEN = 'https://api.nansen.ai';
const HOLDINGS = '/api/v1/smart-money/holdings';
const PAYEE = '0x000000000000000000000000000000000000dEaD';
const PAYER_KEY = generatePrivateKey();
const JSON_HEADERS = { 'content-type': 'application/json' };
const NOON = new Date('2026-11-26T12:00:00Z');

/** The ledger's contract in memory (the store's is tested on PGlite and PostgreSQL): reservations per day. */
class MemoryLedger implements UpstreamBudgetLedger {
  readonly days = new Map<string, bigint>();
  async reserve({ day, microUsd, dailyCapMicroUsd }: { day: string; microUsd: bigint; dailyCapMicroUsd: bigint }) {
    const spent = this.days.get(day) ?? 0n;
    if (spent + microUsd > dailyCapMicroUsd) return { reserved: false, spentMicroUsd: spent };
    this.days.set(day, spent + microUsd);
    return { reserved: true, spentMicroUsd: spent + microUsd };
  }
  async release({ day, microUsd }: { day: string; microUsd: bigint }) {
    this.days.set(day, (this.days.get(day) ?? 0n) - microUsd);
  }
}

const requirements = (amount: bigint, token = PAYMENT_TOKENS.BASE_USDC): PaymentRequirements => ({
  scheme: 'exact',
  network: token.network as PaymentRequirements['network'],
  asset: token.asset,
  amount: amount.toString(),
  payTo: PAYEE,
  maxTimeoutSeconds: 60,
  extra: { ...token.extra },
});

const paymentRequired = (accepts: PaymentRequirements[]) =>
  encodePaymentRequiredHeader({
    x402Version: 2,
    resource: { url: `${NANSEN}${HOLDINGS}`, mimeType: 'application/json' },
    accepts,
  });

const payerOf = (ledger: UpstreamBudgetLedger, dailyBudgetUsd = '1', maxPerCallUsd = '0.10') =>
  new UpstreamPayer({ evmPrivateKey: PAYER_KEY, dailyBudgetUsd, maxPerCallUsd }, ledger, () => NOON);

/** Does the payment carry the payer's own EIP-3009 signature over exactly these terms? */
async function signer(payment: PaymentPayload): Promise<string> {
  const { authorization, signature } = payment.payload as {
    authorization: {
      from: `0x${string}`;
      to: `0x${string}`;
      value: string;
      validAfter: string;
      validBefore: string;
      nonce: `0x${string}`;
    };
    signature: `0x${string}`;
  };
  return recoverTypedDataAddress({
    domain: {
      name: 'USD Coin',
      version: '2',
      chainId: 8453,
      verifyingContract: PAYMENT_TOKENS.BASE_USDC.asset as `0x${string}`,
    },
    types: {
      TransferWithAuthorization: [
        { name: 'from', type: 'address' },
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'validAfter', type: 'uint256' },
        { name: 'validBefore', type: 'uint256' },
        { name: 'nonce', type: 'bytes32' },
      ],
    },
    primaryType: 'TransferWithAuthorization',
    message: {
      ...authorization,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
    },
    signature,
  });
}

describe('paying Nansen per call over x402', () => {
  const mockAgent = useMockAgent();
  const nansen = () => mockAgent().get(NANSEN);

  /** The provider's 402 for an unpaid call; records every payment it is then sent. */
  function standIn(accepts: PaymentRequirements[], paidAnswer: { status: number; settled: boolean }) {
    const payments: (PaymentPayload & { sentKey: boolean })[] = [];
    nansen()
      .intercept({ path: HOLDINGS, method: 'POST', headers: (headers) => !('payment-signature' in headers) })
      .reply(402, {}, { headers: { 'PAYMENT-REQUIRED': paymentRequired(accepts) } });
    nansen()
      .intercept({ path: HOLDINGS, method: 'POST', headers: (headers) => 'payment-signature' in headers })
      .reply((request) => {
        const headers = new Headers(request.headers as Record<string, string>);
        const payment = decodePaymentSignatureHeader(headers.get('payment-signature')!);
        payments.push({ ...payment, sentKey: headers.has('apikey') });
        const settle = {
          success: paidAnswer.settled,
          transaction: paidAnswer.settled ? '0xabc' : '',
          network: payment.accepted.network,
        };
        return {
          statusCode: paidAnswer.status,
          data: paidAnswer.status === 200 ? holdings : {},
          responseOptions: { headers: { ...JSON_HEADERS, 'PAYMENT-RESPONSE': encodePaymentResponseHeader(settle) } },
        };
      });
    return payments;
  }

  it('pays the asked price with a signed EIP-3009 authorization, sends no key, and counts it against the day', async () => {
    const ledger = new MemoryLedger();
    const payments = standIn([requirements(10_000n)], { status: 200, settled: true });
    const client = new Providers('live', {}, payerOf(ledger)).nansen!;
    const page = await client.smartMoneyHoldings('ethereum', 1);
    expect(page.rows).toEqual(holdings.data);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.accepted).toMatchObject({ amount: '10000', payTo: PAYEE });
    expect(payments[0]!.sentKey).toBe(false);
    expect(await signer(payments[0]!)).toBe(privateKeyToAccount(PAYER_KEY).address);
    expect(ledger.days.get('2026-11-26')).toBe(10_000n);
  });

  it('refuses a price above the per-call cap: 502, nothing signed or counted', async () => {
    const ledger = new MemoryLedger();
    nansen()
      .intercept({ path: HOLDINGS, method: 'POST' })
      .reply(402, {}, { headers: { 'PAYMENT-REQUIRED': paymentRequired([requirements(150_000n)]) } });
    await expect(
      new Providers('live', {}, payerOf(ledger, '5', '0.10')).nansen!.smartMoneyHoldings('ethereum', 1),
    ).rejects.toMatchObject({ code: 'upstream_error', status: 502, extra: { askedUsd: '0.15', maxPerCallUsd: '0.1' } });
    expect(ledger.days.size).toBe(0);
  });

  it("answers 503 upstream_budget_exhausted, saying when it resets, once the day's budget is spent; nothing is sent", async () => {
    const ledger = new MemoryLedger();
    ledger.days.set('2026-11-26', 995_000n);
    nansen()
      .intercept({ path: HOLDINGS, method: 'POST' })
      .reply(402, {}, { headers: { 'PAYMENT-REQUIRED': paymentRequired([requirements(10_000n)]) } });
    const refused = new Providers('live', {}, payerOf(ledger)).nansen!.smartMoneyHoldings('ethereum', 1);
    await expect(refused).rejects.toMatchObject({
      code: 'upstream_budget_exhausted',
      status: 503,
      extra: { dailyBudgetUsd: '1', spentUsd: '0.995', resetsAt: '2026-11-27T00:00:00.000Z' },
    });
    await expect(refused).rejects.toThrow(/resets at 2026-11-27T00:00:00.000Z/);
    expect(ledger.days.get('2026-11-26')).toBe(995_000n);
  });

  it('releases the reservation of a payment the provider refused', async () => {
    const ledger = new MemoryLedger();
    const payments = standIn([requirements(10_000n)], { status: 402, settled: false });
    await expect(
      new Providers('live', {}, payerOf(ledger)).nansen!.smartMoneyHoldings('ethereum', 1),
    ).rejects.toMatchObject({ code: 'upstream_error', extra: { upstreamStatus: 402 } });
    expect(payments).toHaveLength(1);
    expect(ledger.days.get('2026-11-26')).toBe(0n);
  });

  it('pays only USDC on a network it has a key for: another asset is refused, nothing paid', async () => {
    const ledger = new MemoryLedger();
    const other = { ...requirements(10_000n), asset: '0x0000000000000000000000000000000000000001' };
    nansen()
      .intercept({ path: HOLDINGS, method: 'POST' })
      .reply(
        402,
        {},
        { headers: { 'PAYMENT-REQUIRED': paymentRequired([requirements(10_000n, PAYMENT_TOKENS.SOL_USDC), other]) } },
      );
    await expect(
      new Providers('live', {}, payerOf(ledger)).nansen!.smartMoneyHoldings('ethereum', 1),
    ).rejects.toMatchObject({
      code: 'upstream_error',
      status: 502,
      message: expect.stringMatching(/nothing was paid/),
    });
    expect(ledger.days.size).toBe(0);
  });

  it('uses the API key when both the key and the payer are set: no payment', async () => {
    const ledger = new MemoryLedger();
    nansen()
      .intercept({ path: HOLDINGS, method: 'POST', headers: { apiKey: 'the-key' } })
      .reply(200, holdings, { headers: JSON_HEADERS });
    const client = new Providers('live', { NANSEN_API_KEY: 'the-key' }, payerOf(ledger)).nansen!;
    expect((await client.smartMoneyHoldings('ethereum', 1)).rows).toEqual(holdings.data);
    expect(ledger.days.size).toBe(0);
  });
});

describe('choosing between the key and the payer', () => {
  const ledger = new MemoryLedger();

  it('names both ways in the 503 when neither is set', () => {
    expect(() => new Providers('live', {}).birdeye).toThrow(
      'Market data (Birdeye) is not configured: set BIRDEYE_API_KEY, or pay it per call over x402 with ' +
        'UPSTREAM_X402_SVM_PRIVATE_KEY (Solana USDC) and UPSTREAM_X402_DAILY_BUDGET_USD.',
    );
    expect(() => new Providers('live', {}).coingecko).toThrow(
      expect.objectContaining({
        code: 'not_configured',
        extra: {
          setting: 'COINGECKO_API_KEY',
          x402Settings: [
            'UPSTREAM_X402_EVM_PRIVATE_KEY',
            'UPSTREAM_X402_SVM_PRIVATE_KEY',
            'UPSTREAM_X402_DAILY_BUDGET_USD',
          ],
        },
      }),
    );
  });

  it('pays Nansen and CoinGecko with an EVM payer, but not Birdeye, which takes Solana USDC only', () => {
    const providers = new Providers('live', {}, payerOf(ledger));
    expect(providers.nansen).toBeDefined();
    expect(providers.coingecko).toBeDefined();
    expect(() => providers.birdeye).toThrow(expect.objectContaining({ code: 'not_configured' }));
  });

  it('refuses, uncharged, the CoinGecko calls it does not sell over x402', () => {
    const coingecko = new Providers('live', {}, payerOf(ledger)).coingecko!;
    expect(() => coingecko.assertServes('price')).not.toThrow();
    expect(() => coingecko.assertServes('trending')).toThrow(
      expect.objectContaining({ code: 'not_configured', extra: { setting: 'COINGECKO_API_KEY' } }),
    );
  });

  it('never pays in sandbox mode', () => {
    expect(new Providers('sandbox', {}, payerOf(ledger)).nansen).toBeUndefined();
  });
});
