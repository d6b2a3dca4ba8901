import { findTool, priceOf } from '@svc/contracts';
import { creditBalance, creditEntries, type Db, findPaymentClaim, type Queryable, recentCalls } from '@svc/store';
import { until } from '@svc/worker/testing';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import type { FastifyInstance } from 'fastify';
import { createTestClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, SANDBOX_PAY_TO } from '@svc/config';
import type { Sandbox } from '../src/sandbox.js';
import { backendsFor, freePort, usdcOf, workerSandbox } from './harness.js';
import { newAccessKey } from './mcp-harness.js';

const TOOL = 'hederaContractIdToEvmAddress';
const PRICE = BigInt(Math.round(Number(priceOf(findTool(TOOL)!)) * 1e6));

/**
 * The gateway's database handle as its process holds it: `kill()` cuts it, so whatever that process still had in
 * flight (a request waiting for its settlement's receipt) writes nothing more, as after a real kill.
 */
function killableDb(db: Db): { db: Db; kill(): void } {
  let killed = false;
  const alive = () => {
    if (killed) throw new Error('the gateway process was killed');
  };
  const guarded = (inner: Queryable): Queryable => ({
    query: async (sql, params) => (alive(), inner.query(sql, params)),
    exec: async (sql) => (alive(), inner.exec(sql)),
  });
  return {
    db: {
      kind: db.kind,
      ...guarded(db),
      transaction: async (work) => (alive(), db.transaction((tx) => work(guarded(tx)))),
      // The database outlives the process: the restarted gateway opens it again.
      close: async () => undefined,
    },
    kill: () => {
      killed = true;
    },
  };
}

/**
 * Defect: a gateway killed after its settlement transaction was broadcast but before the receipt left the payer
 * charged on chain with no ledger row, and nothing reconciled it after a restart.
 *
 * The kill is done in process: a real kill of a child gateway would need the built gateway and PostgreSQL (a PGlite
 * directory belongs to one process) and a bounded wait for its start-up. Here the first gateway's database handle is
 * cut at the kill and the client's connection is dropped, so that gateway records nothing more, exactly what a killed
 * process records; the restarted gateway is a new app over the same database and the same chain. Anvil's automine is
 * off between the broadcast and the kill, so the settlement is broadcast and pending when the gateway dies.
 */
describe.each(backendsFor(import.meta.url))(
  'a gateway killed between the settlement broadcast and its receipt ($name)',
  (backend) => {
    let sandbox: Sandbox;
    let database: Db;
    const apps: FastifyInstance[] = [];
    const anvil = () =>
      createTestClient({ chain: sandbox.base.chain, transport: http(sandbox.base.rpcUrl), mode: 'anvil' });

    beforeAll(async () => {
      sandbox = await workerSandbox();
      database = await backend.open();
    });
    afterAll(async () => {
      await anvil()
        .setAutomine(true)
        .catch(() => undefined);
      for (const app of apps) {
        // The killed gateway's sockets died with it (the client's keep-alive ones included).
        app.server.closeAllConnections();
        await app.close();
      }
      await database?.close();
    });

    async function startGateway(db: Db): Promise<{ app: FastifyInstance; url: string }> {
      const port = await freePort();
      const app = await buildApp(loadConfig({ SVC_MODE: 'sandbox', LOG_LEVEL: 'silent', PORT: String(port) }), {
        db,
        sandbox,
        // Reconcile every claim the restart finds: the test's own settlement is seconds old, not a minute.
        settlementReconciliation: { olderThanMs: 0 },
      });
      apps.push(app);
      await app.listen({ host: '127.0.0.1', port });
      return { app, url: `http://127.0.0.1:${port}` };
    }
    const call = (url: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
      fetch(`${url}/api/tools/execute/unified/${TOOL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ contractId: '0.0.7' }),
        signal,
      });

    it('writes the ledger row after the restart (settled_unanswered), settles the claim, and the payment cannot pay again', async () => {
      const first = killableDb(database);
      const gateway = await startGateway(first.db);
      const payer = privateKeyToAccount(generatePrivateKey());
      const faucet = await fetch(`${gateway.url}/api/sandbox/faucet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: payer.address, token: 'BASE_USDC', amount: '1' }),
      });
      expect(faucet.status).toBe(200);
      const client = new x402Client().register(
        'eip155:*',
        new ExactEvmScheme(toClientEvmSigner(payer, sandbox.base.publicClient)),
      );
      const required = decodePaymentRequiredHeader((await call(gateway.url)).headers.get('payment-required')!);
      const payment = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
      const [payerBefore, payeeBefore] = await Promise.all([
        usdcOf(sandbox, payer.address),
        usdcOf(sandbox, SANDBOX_PAY_TO.base as `0x${string}`),
      ]);

      await anvil().setAutomine(false);
      const dropped = new AbortController();
      const answered = call(gateway.url, { 'payment-signature': payment }, dropped.signal).catch(() => 'dropped');
      // The settlement is broadcast, pending in the chain's pool, and its hash recorded: the moment the gateway dies.
      await until(async () => {
        const pool: { pending: string } = await sandbox.base.publicClient.request({ method: 'txpool_status' } as never);
        const { rows } = await database.query(`SELECT 1 FROM payment_claims WHERE payer = $1 AND tx_hash IS NOT NULL`, [
          payer.address,
        ]);
        return Number(pool.pending) > 0 && rows.length > 0;
      });
      // The kill: the process's database handle is gone, and so is the client's connection.
      first.kill();
      dropped.abort();
      expect(await answered).toBe('dropped');
      // What the gateway recorded before it died: the intent, and the hash right after the broadcast.
      const { rows: intents } = await database.query<{ tx_hash: string | null }>(
        `SELECT tx_hash FROM payment_claims WHERE state = 'settling' AND payer = $1`,
        [payer.address],
      );
      const txHash = intents[0]?.tx_hash;

      await anvil().setAutomine(true);
      await anvil().mine({ blocks: 1 });
      expect(await usdcOf(sandbox, payer.address)).toBe(payerBefore - PRICE);
      expect(await usdcOf(sandbox, SANDBOX_PAY_TO.base as `0x${string}`)).toBe(payeeBefore + PRICE);
      const { rows: beforeRestart } = await database.query(
        `SELECT id FROM call_ledger WHERE payer = $1 AND tx_hash IS NOT NULL`,
        [payer.address],
      );
      expect(beforeRestart).toEqual([]);

      const restarted = await startGateway(database);
      const ledgerRow = async () =>
        (await recentCalls(database, { tool: TOOL, limit: 100 })).find((row) => row.payer === payer.address);
      await until(async () => (await ledgerRow()) !== undefined);
      expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await ledgerRow()).toMatchObject({
        outcome: 'settled_unanswered',
        txHash,
        token: 'BASE_USDC',
        amount: PRICE.toString(),
      });
      const { rows: claims } = await database.query<{ payment_id: string }>(
        `SELECT payment_id FROM payment_claims WHERE payer = $1`,
        [payer.address],
      );
      expect(claims).toHaveLength(1);
      expect(await findPaymentClaim(database, claims[0]!.payment_id)).toEqual({ state: 'settled', txHash });

      const replay = await call(restarted.url, { 'payment-signature': payment });
      expect(replay.status).toBe(402);
      expect(await usdcOf(sandbox, payer.address)).toBe(payerBefore - PRICE);
      expect(
        (await recentCalls(database, { tool: TOOL, limit: 100 })).filter(
          (row) => row.payer === payer.address && row.txHash,
        ),
      ).toHaveLength(1);
    });

    it('a credit top-up killed the same way credits its account exactly once after the restart', async () => {
      const first = killableDb(database);
      const gateway = await startGateway(first.db);
      const { key, accountId } = await newAccessKey(database);
      const payer = privateKeyToAccount(generatePrivateKey());
      const faucet = await fetch(`${gateway.url}/api/sandbox/faucet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: payer.address, token: 'BASE_USDC', amount: '1' }),
      });
      expect(faucet.status).toBe(200);
      const client = new x402Client().register(
        'eip155:*',
        new ExactEvmScheme(toClientEvmSigner(payer, sandbox.base.publicClient)),
      );
      const topup = (url: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
        fetch(`${url}/api/account/credit/topup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key, ...headers },
          body: JSON.stringify({ amountUsd: '0.25' }),
          signal,
        });
      const required = decodePaymentRequiredHeader((await topup(gateway.url)).headers.get('payment-required')!);
      const payment = encodePaymentSignatureHeader(await client.createPaymentPayload(required));

      await anvil().setAutomine(false);
      const dropped = new AbortController();
      const answered = topup(gateway.url, { 'payment-signature': payment }, dropped.signal).catch(() => 'dropped');
      await until(async () => {
        const pool: { pending: string } = await sandbox.base.publicClient.request({ method: 'txpool_status' } as never);
        return Number(pool.pending) > 0;
      });
      first.kill();
      dropped.abort();
      expect(await answered).toBe('dropped');
      await anvil().setAutomine(true);
      await anvil().mine({ blocks: 1 });
      expect(await creditBalance(database, accountId)).toBe(0n);

      const restarted = await startGateway(database);
      await until(async () => (await creditBalance(database, accountId)) > 0n);
      expect(await creditBalance(database, accountId)).toBe(250_000n);
      expect(
        (await recentCalls(database, { tool: 'credit_topup', limit: 100 })).find((row) => row.payer === payer.address),
      ).toMatchObject({ outcome: 'settled_unanswered', accountId });
      // The payment presented again pays nothing more and credits nothing more.
      expect((await topup(restarted.url, { 'payment-signature': payment })).status).toBe(402);
      expect(await creditEntries(database, accountId)).toMatchObject([{ kind: 'topup', amount: 250_000n }]);
    });
  },
);
