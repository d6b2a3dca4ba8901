import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTool, priceOf } from '@svc/contracts';
import { NETWORKS } from '@svc/payments';
import { recentCalls } from '@svc/store';
import { createSolanaRpc, generateKeyPairSigner, type KeyPairSigner, type Signature } from '@solana/kit';
import { x402Client } from '@x402/core/client';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import { wrapFetchWithPayment } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PAY_TO } from '@svc/config';
import { startSandbox } from '../src/sandbox.js';
import { backendsFor, useSandboxGateway } from './harness.js';

const TOOL = 'hederaContractIdToEvmAddress';
const PRICE = BigInt(Math.round(Number(priceOf(findTool(TOOL)!)) * 1e6));
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const BASE58_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

describe.each(backendsFor(import.meta.url))(
  'SOL_USDC payments settle on the sandbox Solana chain ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);

    const payee = SANDBOX_PAY_TO.solana;
    const usdcOf = (owner: string) => gateway.sandbox.solana.tokenBalance(owner);

    async function fundedPayer(): Promise<{ signer: KeyPairSigner; client: x402Client }> {
      const signer = await generateKeyPairSigner();
      const res = await gateway.faucet({ address: signer.address, token: 'SOL_USDC', amount: '1' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        network: NETWORKS.solana,
        address: signer.address,
        token: 'SOL_USDC',
        asset: USDC_MINT,
        atomic: '1000000',
        transaction: expect.stringMatching(BASE58_SIGNATURE),
      });
      const client = new x402Client().register(
        'solana:*',
        new ExactSvmScheme(signer, { rpcUrl: gateway.sandbox.solana.rpcUrl }),
      );
      return { signer, client };
    }

    /** Sign one payment for `tool` from its 402, as @x402/fetch would, without sending it. */
    async function signedPayment(client: x402Client, tool: string, body: unknown): Promise<string> {
      const res = await gateway.call(tool, body);
      expect(res.status).toBe(402);
      const required = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
      return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    }

    it('offers SOL_USDC with the facilitator fee payer in extra.feePayer', async () => {
      const res = await gateway.call(TOOL, { contractId: '0.0.1234' });
      expect(res.status).toBe(402);
      const required = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
      const solUsdc = required.accepts.find((a) => a.network === NETWORKS.solana);
      expect(solUsdc).toMatchObject({
        scheme: 'exact',
        asset: USDC_MINT,
        amount: PRICE.toString(),
        payTo: payee,
        extra: { feePayer: gateway.sandbox.feePayer.solana },
      });
      expect(required.accepts.find((a) => a.network === NETWORKS.base)?.extra).not.toHaveProperty('feePayer');
    });

    it('@x402/fetch with the @x402/svm client pays SOL_USDC; payee +price, payer -price, fee payer pays the fee', async () => {
      const { signer, client } = await fundedPayer();
      const payeeBefore = await usdcOf(payee);
      const feePayerLamports = await gateway.sandbox.solana.solBalance(gateway.sandbox.feePayer.solana);
      const payFetch = wrapFetchWithPayment(fetch, client);
      const res = await payFetch(`${gateway.url}/api/tools/execute/unified/${TOOL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contractId: '0.0.1234' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        contractId: '0.0.1234',
        evmAddress: '0x00000000000000000000000000000000000004d2',
        sandbox: true,
      });
      const settlement = decodePaymentResponseHeader(res.headers.get('payment-response')!);
      expect(settlement).toMatchObject({
        success: true,
        network: NETWORKS.solana,
        payer: signer.address,
        transaction: expect.stringMatching(BASE58_SIGNATURE),
      });
      expect(await usdcOf(payee)).toBe(payeeBefore + PRICE);
      expect(await usdcOf(signer.address)).toBe(1_000_000n - PRICE);
      // The payer needs no SOL: the facilitator's fee payer paid for the transaction.
      expect(await gateway.sandbox.solana.solBalance(signer.address)).toBe(0n);
      expect(await gateway.sandbox.solana.solBalance(gateway.sandbox.feePayer.solana)).toBeLessThan(feePayerLamports);
      const rpc = createSolanaRpc(gateway.sandbox.solana.rpcUrl);
      const [status] = (await rpc.getSignatureStatuses([settlement.transaction as Signature]).send()).value;
      expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' });
      const [row] = await recentCalls(gateway.db, { tool: TOOL, limit: 1 });
      expect(row).toMatchObject({
        outcome: 'settled',
        httpStatus: 200,
        token: 'SOL_USDC',
        amount: PRICE.toString(),
        txHash: settlement.transaction,
        payer: signer.address,
      });
    });

    it('answers a replayed PAYMENT-SIGNATURE with 402 and charges nothing more', async () => {
      const { signer, client } = await fundedPayer();
      const payment = await signedPayment(client, TOOL, { contractId: '0.0.7' });
      expect((await gateway.call(TOOL, { contractId: '0.0.7' }, { 'payment-signature': payment })).status).toBe(200);
      const payeeBefore = await usdcOf(payee);
      const replay = await gateway.call(TOOL, { contractId: '0.0.7' }, { 'payment-signature': payment });
      expect(replay.status).toBe(402);
      expect(decodePaymentRequiredHeader(replay.headers.get('payment-required')!).error).toMatch(/already_used/);
      expect(await usdcOf(payee)).toBe(payeeBefore);
      expect(await usdcOf(signer.address)).toBe(1_000_000n - PRICE);
    });

    it('the facilitator itself settles a signed transaction only once', async () => {
      const { client } = await fundedPayer();
      const res = await gateway.call(TOOL, { contractId: '0.0.5' });
      const required = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
      const payload = await client.createPaymentPayload(required);
      const requirements = required.accepts.find((a) => a.network === NETWORKS.solana)!;
      expect(await gateway.sandbox.facilitator.verify(payload, requirements)).toMatchObject({ isValid: true });
      expect(await gateway.sandbox.facilitator.settle(payload, requirements)).toMatchObject({ success: true });
      const payeeBefore = await usdcOf(payee);
      expect(await gateway.sandbox.facilitator.settle(payload, requirements)).toMatchObject({ success: false });
      expect(await usdcOf(payee)).toBe(payeeBefore);
    });

    it('answers an unfunded payer with 402 (simulation fails) and charges nothing', async () => {
      const signer = await generateKeyPairSigner();
      const client = new x402Client().register(
        'solana:*',
        new ExactSvmScheme(signer, { rpcUrl: gateway.sandbox.solana.rpcUrl }),
      );
      const payeeBefore = await usdcOf(payee);
      const res = await gateway.call(
        TOOL,
        { contractId: '0.0.2' },
        { 'payment-signature': await signedPayment(client, TOOL, { contractId: '0.0.2' }) },
      );
      expect(res.status).toBe(402);
      expect(decodePaymentRequiredHeader(res.headers.get('payment-required')!).error).toMatch(/simulation/i);
      expect(await usdcOf(payee)).toBe(payeeBefore);
    });

    it('faucet: SOL airdrops lamports to a Solana address; each token family needs its own address format', async () => {
      const signer = await generateKeyPairSigner();
      const sol = await gateway.faucet({ address: signer.address, token: 'SOL', amount: '0.5' });
      expect(sol.status).toBe(200);
      expect(await sol.json()).toMatchObject({
        network: NETWORKS.solana,
        token: 'SOL',
        atomic: '500000000',
        transaction: null,
      });
      expect(await gateway.sandbox.solana.solBalance(signer.address)).toBe(500_000_000n);
      expect(
        (
          await gateway.faucet({
            address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
            token: 'SOL_USDC',
            amount: '1',
          })
        ).status,
      ).toBe(400);
      expect((await gateway.faucet({ address: signer.address, token: 'BASE_USDC', amount: '1' })).status).toBe(400);
      expect(
        (await gateway.faucet({ address: '1111111111111111111111111111111111111111111', token: 'SOL', amount: '1' }))
          .status,
      ).toBe(400);
    });
  },
);

describe('sandbox Solana state under dataDir', () => {
  it('keeps the facilitator fee payer key (0600) and the ledger across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-sandbox-'));
    try {
      const owner = (await generateKeyPairSigner()).address;
      const first = await startSandbox({ dataDir });
      const feePayer = first.feePayer.solana;
      await first.solana.mintUsdc(owner, 777n);
      await first.stop();
      expect(statSync(join(dataDir, 'chains', 'solana-fee-payer.json')).mode & 0o777).toBe(0o600);
      const second = await startSandbox({ dataDir });
      try {
        expect(second.feePayer.solana).toBe(feePayer);
        expect(await second.solana.tokenBalance(owner)).toBe(777n);
        expect(await second.solana.solBalance(feePayer)).toBeGreaterThanOrEqual(1_000_000_000n);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
