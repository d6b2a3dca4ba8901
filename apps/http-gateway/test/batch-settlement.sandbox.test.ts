import { Writable } from 'node:stream';
import { findTool, priceOf } from '@svc/contracts';
import { loadConfig } from '@svc/config';
import { BATCH_SETTLEMENT_ABI, BATCH_SETTLEMENT_ADDRESS } from '@svc/sandbox';
import { paymentChannel, recentCalls } from '@svc/store';
import { x402Client } from '@x402/core/client';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { BatchSettlementEvmScheme, signVoucher } from '@x402/evm/batch-settlement/client';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment } from '@x402/fetch';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { pglite, usdcOf, useSandboxGateway } from './harness.js';

/** Two tools at one price: a voucher made out for one matches the other's requirements field for field. */
const TOOL = 'hederaContractIdToEvmAddress';
const INPUT = { contractId: '0.0.1234' };
const OTHER = 'calculateAdjustedPrice';
const OTHER_INPUT = { priceUsd: 2, adjustPercent: 10 };
/** The sandbox's receiver authorizer (BATCH_SETTLEMENT_RECEIVER_AUTHORIZER_KEY's sandbox default). */
const SANDBOX_RECEIVER_AUTHORIZER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

type VoucherPayload = { type: string; voucher: { channelId: Hex; maxClaimableAmount: string } };
const voucherOf = (payment: PaymentPayload) => payment.payload as unknown as VoucherPayload;

describe('x402 batch-settlement through the gateway (official client, sandbox Base chain)', () => {
  // Claims run only when a test asks (an instance's close): the scheduled ones would race the shutdown test's count.
  const gateway = useSandboxGateway(pglite, { BATCH_SETTLEMENT_CLAIM_INTERVAL_SECONDS: '86400' });
  const url = (tool: string) => `${gateway.url}/api/tools/execute/unified/${tool}`;
  const post = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  /**
   * A wallet paying through the official batch-settlement client (its deposit `depositCalls` prices), keeping every
   * PAYMENT-SIGNATURE it sent so a test can present one again.
   */
  const channelPayer = async (depositCalls: number) => {
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await gateway.faucet({ address: account.address, token: 'BASE_USDC', amount: '1' })).status).toBe(200);
    const sent: PaymentPayload[] = [];
    const keeping: typeof fetch = (input, init) => {
      const header = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
        'payment-signature',
      );
      if (header) sent.push(decodePaymentSignatureHeader(header));
      return fetch(input, init);
    };
    const signer = toClientEvmSigner(account, gateway.sandbox.base.publicClient);
    const scheme = new BatchSettlementEvmScheme(signer, {
      depositStrategy: ({ requestAmount }) => (BigInt(requestAmount) * BigInt(depositCalls)).toString(),
    });
    const paid = wrapFetchWithPayment(keeping, new x402Client().register('eip155:*', scheme));
    return {
      account,
      signer,
      sent,
      call: (tool: string, body: unknown) => paid(url(tool), post(body)),
      /** The call paid with `payment` as it is, no client in between. */
      present: (tool: string, body: unknown, payment: PaymentPayload) =>
        fetch(url(tool), post(body, { 'payment-signature': encodePaymentSignatureHeader(payment) })),
    };
  };

  const onchainChannel = async (channelId: Hex) => {
    const [balance, totalClaimed] = (await gateway.sandbox.base.publicClient.readContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: BATCH_SETTLEMENT_ABI,
      functionName: 'channels',
      args: [channelId],
    })) as readonly [bigint, bigint];
    return { balance, totalClaimed };
  };
  const settledCalls = async (tool: string) =>
    (await recentCalls(gateway.db, { tool, limit: 500 })).filter((call) => call.outcome === 'settled').length;
  const price = async () => {
    const response = await fetch(url(TOOL), post(INPUT));
    const accepts = decodePaymentRequiredHeader(response.headers.get('payment-required')!).accepts;
    return BigInt(accepts.find((accept) => accept.scheme === 'batch-settlement')!.amount);
  };

  it('offers batch-settlement beside exact for BASE_USDC, and only there', async () => {
    expect(priceOf(findTool(OTHER)!)).toBe(priceOf(findTool(TOOL)!));
    const response = await fetch(url(TOOL), post(INPUT));
    expect(response.status).toBe(402);
    const { accepts } = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
    const base = accepts.filter((accept) => accept.network === 'eip155:8453');
    expect(base.map((accept) => accept.scheme)).toEqual(['exact', 'batch-settlement']);
    expect(base[1]).toMatchObject({
      asset: base[0]!.asset,
      amount: base[0]!.amount,
      payTo: base[0]!.payTo,
      extra: { receiverAuthorizer: SANDBOX_RECEIVER_AUTHORIZER, withdrawDelay: 86_400, assetTransferMethod: 'eip3009' },
    });
    expect(accepts.filter((accept) => accept.scheme === 'batch-settlement')).toHaveLength(1);
  });

  it('deposits once, then serves each call on a voucher verified locally: the chain sees only the deposit', async () => {
    const payer = await channelPayer(10);
    const unit = await price();
    const before = await usdcOf(gateway.sandbox, payer.account.address);
    const settledBefore = await settledCalls(TOOL);
    for (let call = 0; call < 4; call++) {
      const response = await payer.call(TOOL, INPUT);
      expect(response.status, await response.clone().text()).toBe(200);
      const receipt = decodePaymentResponseHeader(response.headers.get('payment-response')!);
      expect(receipt).toMatchObject({ success: true, extra: { chargedAmount: unit.toString() } });
      expect((receipt.extra as { channelState: { chargedCumulativeAmount: string } }).channelState).toMatchObject({
        chargedCumulativeAmount: (unit * BigInt(call + 1)).toString(),
      });
    }
    expect(payer.sent.map((payment) => voucherOf(payment).type)).toEqual(['deposit', 'voucher', 'voucher', 'voucher']);
    const { channelId } = voucherOf(payer.sent[0]!).voucher;
    // The deposit left the wallet for the channel; the vouchers moved nothing on chain.
    expect(await usdcOf(gateway.sandbox, payer.account.address)).toBe(before - unit * 10n);
    expect(await onchainChannel(channelId)).toEqual({ balance: unit * 10n, totalClaimed: 0n });
    expect(await paymentChannel(gateway.db, channelId)).toMatchObject({
      chargedCumulativeAmount: (unit * 4n).toString(),
      balance: (unit * 10n).toString(),
    });
    expect(await settledCalls(TOOL)).toBe(settledBefore + 4);
  });

  it('refuses a replayed voucher, the voucher on another tool, and a voucher above the balance: 402, nothing charged', async () => {
    const payer = await channelPayer(2);
    const unit = await price();
    expect((await payer.call(TOOL, INPUT)).status).toBe(200);
    expect((await payer.call(TOOL, INPUT)).status).toBe(200);
    const used = payer.sent.at(-1)!;
    const { channelId } = voucherOf(used).voucher;
    const settled = { tool: await settledCalls(TOOL), other: await settledCalls(OTHER) };
    const expectNothingCharged = async () => {
      expect((await paymentChannel(gateway.db, channelId))?.chargedCumulativeAmount).toBe((unit * 2n).toString());
      expect(await settledCalls(TOOL)).toBe(settled.tool);
      expect(await settledCalls(OTHER)).toBe(settled.other);
    };

    const replayed = await payer.present(TOOL, INPUT, used);
    expect(replayed.status).toBe(402);
    expect(decodePaymentRequiredHeader(replayed.headers.get('payment-required')!).error).toBe(
      'invalid_batch_settlement_evm_cumulative_amount_mismatch',
    );
    // On another tool: made out for the first tool's resource, and (rewritten to name the other) for a spent state.
    expect((await payer.present(OTHER, OTHER_INPUT, used)).status).toBe(402);
    const rewritten = { ...used, resource: { ...used.resource!, url: url(OTHER) } };
    expect((await payer.present(OTHER, OTHER_INPUT, rewritten)).status).toBe(402);
    await expectNothingCharged();

    // The next voucher in sequence, but the channel holds two calls only: its ceiling passes the balance.
    const over = await signVoucher(payer.signer, channelId, (unit * 3n).toString(), 'eip155:8453');
    const aboveBalance = await payer.present(TOOL, INPUT, { ...used, payload: { ...used.payload, voucher: over } });
    expect(aboveBalance.status).toBe(402);
    expect(decodePaymentRequiredHeader(aboveBalance.headers.get('payment-required')!).error).toMatch(
      /^invalid_batch_settlement_evm_cumulative_exceeds_balance/,
    );
    // A voucher not signed by the payer.
    const forged = await signVoucher(
      toClientEvmSigner(privateKeyToAccount(generatePrivateKey()), gateway.sandbox.base.publicClient),
      channelId,
      (unit * 3n).toString(),
      'eip155:8453',
    );
    expect((await payer.present(TOOL, INPUT, { ...used, payload: { ...used.payload, voucher: forged } })).status).toBe(
      402,
    );
    await expectNothingCharged();
  });

  it('lets the payer see and close their channel: the refund returns exactly the unclaimed balance on chain', async () => {
    const payer = await channelPayer(10);
    const unit = await price();
    for (let call = 0; call < 3; call++) expect((await payer.call(TOOL, INPUT)).status).toBe(200);
    const { channelId } = voucherOf(payer.sent[0]!).voucher;
    const signedIn = wrapFetchWithSIWx(fetch, payer.account);
    const channelUrl = `${gateway.url}/api/payments/channels/${channelId}`;

    const seen = await signedIn(channelUrl);
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({
      channelId: channelId.toLowerCase(),
      balance: (unit * 10n).toString(),
      charged: (unit * 3n).toString(),
      refundable: (unit * 7n).toString(),
    });
    // Another wallet does not see it, nor close it.
    const stranger = wrapFetchWithSIWx(fetch, privateKeyToAccount(generatePrivateKey()));
    expect((await stranger(channelUrl)).status).toBe(404);
    expect((await stranger(`${channelUrl}/close`, { method: 'POST' })).status).toBe(404);

    const before = await usdcOf(gateway.sandbox, payer.account.address);
    const closed = await signedIn(`${channelUrl}/close`, { method: 'POST' });
    expect(closed.status, await closed.clone().text()).toBe(200);
    expect(await closed.json()).toMatchObject({ refunded: (unit * 7n).toString(), charged: (unit * 3n).toString() });
    expect(await usdcOf(gateway.sandbox, payer.account.address)).toBe(before + unit * 7n);
    // The refund claimed the charged vouchers on its way; the channel is empty and forgotten.
    expect(await onchainChannel(channelId)).toMatchObject({ totalClaimed: unit * 3n });
    expect(await paymentChannel(gateway.db, channelId)).toBeUndefined();
    // A voucher on the closed channel is refused.
    const next = await signVoucher(payer.signer, channelId, (unit * 4n).toString(), 'eip155:8453');
    const last = payer.sent.at(-1)!;
    expect((await payer.present(TOOL, INPUT, { ...last, payload: { ...last.payload, voucher: next } })).status).toBe(
      402,
    );
  });

  it('claims on shutdown, each channel once, when two gateway instances on one database close together', async () => {
    const payers = [await channelPayer(10), await channelPayer(10), await channelPayer(10)];
    const unit = await price();
    for (const payer of payers)
      for (let call = 0; call < 2; call++) expect((await payer.call(TOOL, INPUT)).status).toBe(200);
    const channelIds = payers.map((payer) => voucherOf(payer.sent[0]!).voucher.channelId);
    const unclaimedChannels = async () =>
      (
        await gateway.db.query<{ unclaimed: number }>(
          'SELECT count(*)::int AS unclaimed FROM payment_channels WHERE charged > total_claimed',
        )
      ).rows[0]!.unclaimed;
    // This test's channels, and any an earlier test left charged and unclaimed.
    const toClaim = await unclaimedChannels();
    expect(toClaim).toBeGreaterThanOrEqual(channelIds.length);

    const logged: { msg?: string; vouchers?: number }[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    const instance = (): Promise<FastifyInstance> =>
      buildApp(loadConfig({ LOG_LEVEL: 'info', BATCH_SETTLEMENT_CLAIM_INTERVAL_SECONDS: '3600' }), {
        db: gateway.db,
        sandbox: gateway.sandbox,
        logStream,
      });
    const [first, second] = await Promise.all([instance(), instance()]);
    await Promise.all([first.close(), second.close()]);

    const claimed = logged.filter((line) => line.msg === 'claimed batch-settlement vouchers');
    // Every charged channel went into exactly one claim of one of the two instances.
    expect(claimed.reduce((sum, line) => sum + line.vouchers!, 0)).toBe(toClaim);
    for (const channelId of channelIds) {
      expect(await onchainChannel(channelId)).toEqual({ balance: unit * 10n, totalClaimed: unit * 2n });
      expect((await paymentChannel(gateway.db, channelId))?.totalClaimed).toBe((unit * 2n).toString());
    }
    expect(await unclaimedChannels()).toBe(0);
  });
});
