import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTool, priceOf } from '@svc/contracts';
import {
  amountInToken,
  ExactStacksClientScheme,
  NETWORKS,
  PAYMENT_TOKENS,
  type PaymentToken,
  SandboxPriceOracle,
  stacksAssetKey,
  parseStacksAsset,
} from '@svc/payments';
import { recentCalls } from '@svc/store';
import { privateKeyToAddress, randomPrivateKey } from '@stacks/transactions';
import { x402Client } from '@x402/core/client';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import { wrapFetchWithPayment } from '@x402/fetch';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PAY_TO } from '@svc/config';
import { startSandbox } from '../src/sandbox.js';
import { backendsFor, useSandboxGateway } from './harness.js';

const TOOL = 'hederaContractIdToEvmAddress';
const USD = priceOf(findTool(TOOL)!);
const TXID = /^[0-9a-f]{64}$/;
const PAYEE = SANDBOX_PAY_TO.stacks;

/** The ledger's name for a payment token's asset ('STX' or the SIP-010 contract). */
const ledgerAsset = (token: PaymentToken) => stacksAssetKey(parseStacksAsset(token.asset)!);

describe.each(backendsFor(import.meta.url))(
  'Stacks payments settle on the sandbox Stacks ledger ($name)',
  (backend) => {
    const oracle = new SandboxPriceOracle();
    const gateway = useSandboxGateway(backend, {}, { oracle });
    const balanceOf = (principal: string, token: PaymentToken) =>
      gateway.sandbox.stacks.balanceOf(principal, ledgerAsset(token));
    const quoted = async (token: PaymentToken) => BigInt(amountInToken(USD, token, await oracle.snapshot()));

    async function faucet(address: string, token: 'STX' | 'SBTC' | 'USDCx', amount: string) {
      const res = await gateway.faucet({ address, token, amount });
      expect(res.status).toBe(200);
      return res.json() as Promise<Record<string, unknown>>;
    }

    /**
     * A fresh Stacks key with 1 STX (for fees, and to pay in) and `extra` funded, and an x402 client paying in `token`
     * only: `@x402/core` picks among the accepts it can pay by order, so a policy names the one the test is about.
     */
    async function fundedPayer(token: PaymentToken, extra: 'SBTC' | 'USDCx' | null = null) {
      const privateKey = randomPrivateKey();
      const address = privateKeyToAddress(privateKey, 'mainnet');
      await faucet(address, 'STX', '1');
      if (extra) await faucet(address, extra, '1');
      const client = new x402Client()
        .register(
          'stacks:*',
          new ExactStacksClientScheme({ privateKey, nonce: (payer) => gateway.sandbox.stacks.nextNonce(payer) }),
        )
        // STX and sBTC are not USD-pegged defaults, so @x402/core's spend controls need them named.
        .setSpendControls({ allowedAssets: [{ network: NETWORKS.stacks, asset: token.asset }] })
        .registerPolicy((_version, accepts) =>
          accepts.filter((accept) => accept.network === token.network && accept.asset === token.asset),
        );
      return { address, client };
    }

    /** Sign one payment for the tool from its 402, as @x402/fetch would, without sending it. */
    async function signedPayment(client: x402Client, body: unknown): Promise<string> {
      const res = await gateway.call(TOOL, body);
      expect(res.status).toBe(402);
      const required = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
      return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    }

    it('faucet: STX, sBTC and USDCx for a Stacks mainnet address, in whole tokens', async () => {
      const address = privateKeyToAddress(randomPrivateKey(), 'mainnet');
      expect(await faucet(address, 'STX', '1.5')).toEqual({
        sandbox: true,
        chain: 'stacks',
        network: NETWORKS.stacks,
        address,
        token: 'STX',
        amount: '1.5',
        atomic: '1500000',
        transaction: null,
      });
      expect(await faucet(address, 'SBTC', '0.001')).toMatchObject({
        token: 'SBTC',
        asset: PAYMENT_TOKENS.SBTC.asset,
        atomic: '100000',
      });
      expect(await faucet(address, 'USDCx', '2')).toMatchObject({
        token: 'USDCx',
        asset: PAYMENT_TOKENS.USDCx.asset,
        atomic: '2000000',
      });
      expect(balanceOf(address, PAYMENT_TOKENS.STX)).toBe(1_500_000n);
      expect(balanceOf(address, PAYMENT_TOKENS.SBTC)).toBe(100_000n);
      expect(balanceOf(address, PAYMENT_TOKENS.USDCx)).toBe(2_000_000n);
    });

    it('faucet: refuses anything but a canonical c32check mainnet address for Stacks tokens', async () => {
      const key = randomPrivateKey();
      const mainnet = privateKeyToAddress(key, 'mainnet');
      const badChecksum = `${mainnet.slice(0, -1)}${mainnet.endsWith('0') ? '1' : '0'}`;
      for (const address of [
        privateKeyToAddress(key, 'testnet'),
        mainnet.toLowerCase(),
        badChecksum,
        `${mainnet}.contract`,
        '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      ]) {
        const res = await gateway.faucet({ address, token: 'STX', amount: '1' });
        expect(res.status, address).toBe(400);
        expect(((await res.json()) as { detail: string }).detail).toMatch(
          /address: must be a Stacks mainnet address \(c32check/,
        );
      }
      expect((await gateway.faucet({ address: mainnet, token: 'SOL', amount: '1' })).status).toBe(400);
      expect((await gateway.faucet({ address: mainnet, token: 'BASE_USDC', amount: '1' })).status).toBe(400);
    });

    it('@x402/fetch pays in STX: 200 with the ledger txid; the payee gains exactly the quoted amount', async () => {
      const { address, client } = await fundedPayer(PAYMENT_TOKENS.STX);
      const amount = await quoted(PAYMENT_TOKENS.STX);
      const payeeBefore = balanceOf(PAYEE, PAYMENT_TOKENS.STX);
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
        network: NETWORKS.stacks,
        payer: address,
        transaction: expect.stringMatching(TXID),
      });
      expect(gateway.sandbox.stacks.getTransaction(settlement.transaction)).toMatchObject({
        sender: address,
        recipient: PAYEE,
        asset: 'STX',
        amount,
      });
      expect(balanceOf(PAYEE, PAYMENT_TOKENS.STX)).toBe(payeeBefore + amount);
      const [row] = await recentCalls(gateway.db, { tool: TOOL, limit: 1 });
      expect(row).toMatchObject({
        outcome: 'settled',
        httpStatus: 200,
        token: 'STX',
        amount: amount.toString(),
        txHash: settlement.transaction,
        payer: address,
      });
    });

    it.each(['SBTC', 'USDCx'] as const)(
      '@x402/fetch pays in %s (a SIP-010 transfer; the fee is paid in STX)',
      async (id) => {
        const token = PAYMENT_TOKENS[id];
        const { address, client } = await fundedPayer(token, id);
        const amount = await quoted(token);
        const payeeBefore = balanceOf(PAYEE, token);
        const res = await wrapFetchWithPayment(fetch, client)(`${gateway.url}/api/tools/execute/unified/${TOOL}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ contractId: '0.0.1234' }),
        });
        expect(res.status).toBe(200);
        expect(decodePaymentResponseHeader(res.headers.get('payment-response')!)).toMatchObject({
          success: true,
          payer: address,
          transaction: expect.stringMatching(TXID),
        });
        expect(balanceOf(PAYEE, token)).toBe(payeeBefore + amount);
        expect(balanceOf(address, token)).toBe(10n ** BigInt(token.decimals) - amount);
      },
    );

    it('answers a replayed PAYMENT-SIGNATURE with 402 and charges nothing more', async () => {
      const { address, client } = await fundedPayer(PAYMENT_TOKENS.STX);
      const payment = await signedPayment(client, { contractId: '0.0.7' });
      expect((await gateway.call(TOOL, { contractId: '0.0.7' }, { 'payment-signature': payment })).status).toBe(200);
      const payeeBefore = balanceOf(PAYEE, PAYMENT_TOKENS.STX);
      const payerBefore = balanceOf(address, PAYMENT_TOKENS.STX);
      const replay = await gateway.call(TOOL, { contractId: '0.0.7' }, { 'payment-signature': payment });
      expect(replay.status).toBe(402);
      expect(decodePaymentRequiredHeader(replay.headers.get('payment-required')!).error).toMatch(/already_used/);
      expect(balanceOf(PAYEE, PAYMENT_TOKENS.STX)).toBe(payeeBefore);
      expect(balanceOf(address, PAYMENT_TOKENS.STX)).toBe(payerBefore);
    });

    it('accepts a payment quoted before a price move (within maxTimeoutSeconds), at the quoted amount', async () => {
      const { client } = await fundedPayer(PAYMENT_TOKENS.STX);
      const before = await quoted(PAYMENT_TOKENS.STX);
      const payment = await signedPayment(client, { contractId: '0.0.8' });
      const { prices } = await oracle.snapshot();
      oracle.set('STX', '1.3');
      try {
        expect(await quoted(PAYMENT_TOKENS.STX)).not.toBe(before);
        const payeeBefore = balanceOf(PAYEE, PAYMENT_TOKENS.STX);
        expect((await gateway.call(TOOL, { contractId: '0.0.8' }, { 'payment-signature': payment })).status).toBe(200);
        expect(balanceOf(PAYEE, PAYMENT_TOKENS.STX)).toBe(payeeBefore + before);
      } finally {
        oracle.set('STX', prices.STX);
      }
    });
  },
);

describe('sandbox Stacks ledger under dataDir', () => {
  it('is saved to <dataDir>/chains/stacks-1.json on stop and loaded on the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-stacks-'));
    try {
      const owner = privateKeyToAddress(randomPrivateKey(), 'mainnet');
      const first = await startSandbox({ dataDir });
      first.stacks.credit(owner, 'STX', 777n);
      await first.stop();
      expect(existsSync(join(dataDir, 'chains', 'stacks-1.json'))).toBe(true);
      const second = await startSandbox({ dataDir });
      try {
        expect(second.stacks.balanceOf(owner)).toBe(777n);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
