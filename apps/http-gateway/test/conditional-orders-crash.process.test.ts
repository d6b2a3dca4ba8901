import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey, vaultAddressesOf } from '@svc/chains';
import { accountForWallet, type Db, openStore, orderById, positionsOf } from '@svc/store';
import { type Address, erc20Abi, type Hash } from 'viem';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { until } from '@svc/worker/testing';
import { fundedWallet, UNCAPPED, useSandboxGateway } from './harness.js';
import { schemaUrl, startProcess, stopProcess, WORKER_MAIN } from './processes.js';

const ETH_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
const DATABASE_URL = process.env.DATABASE_URL;

// Two processes share the order book, so this needs PostgreSQL: a PGlite directory belongs to one process.
describe.skipIf(!DATABASE_URL)('a worker process killed mid-order (PostgreSQL; skipped without DATABASE_URL)', () => {
  const schema = `test_crash_${randomBytes(6).toString('hex')}`;
  const backend = {
    name: 'postgres' as const,
    async open(): Promise<Db> {
      const db = await openStore({ databaseUrl: DATABASE_URL as string, schema });
      return {
        ...db,
        close: async () => {
          await db.query(`DROP SCHEMA ${schema} CASCADE`);
          await db.close();
        },
      };
    },
  };
  const masterKeyText = newMasterKeyText();
  const masterKey = new LocalMasterKeyRing(parseMasterKey(masterKeyText));
  const gateway = useSandboxGateway(backend, {}, { masterKey });
  const children = new Set<ChildProcess>();
  afterEach(() => {
    for (const child of children) child.kill('SIGKILL');
    children.clear();
  });
  afterAll(async () => {
    await rpc('evm_setAutomine', [true]).catch(() => undefined);
  });

  const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
  const setPrice = async (token: string, priceUsd: string) =>
    expect(
      (
        await fetch(`${gateway.url}/api/sandbox/prices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chain: 'base', token, priceUsd }),
        })
      ).status,
    ).toBe(200);
  const chain = () => gateway.sandbox.base.publicClient;
  async function rpc(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(gateway.sandbox.base.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const answer = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  }
  /** Anvil stops mining: what the worker broadcasts stays pending, so the worker waits for it, and can be killed there. */
  const holdBlocks = () => rpc('evm_setAutomine', [false]);
  const mineAgain = async () => {
    await rpc('evm_setAutomine', [true]);
    await rpc('evm_mine', []);
  };

  /** Start the worker process (WORKER_ID `workerId`, polling every `intervalMs`); resolves when it says it is ready. */
  async function startWorkerProcess(workerId: string, intervalMs = 50): Promise<ChildProcess> {
    const { child } = await startProcess(
      WORKER_MAIN,
      {
        SVC_MODE: 'sandbox',
        DATABASE_URL: schemaUrl(DATABASE_URL as string, schema),
        SVC_MASTER_KEY: masterKeyText,
        SANDBOX_EVM_RPC_URLS: `8453=${gateway.sandbox.base.rpcUrl}`,
        WORKER_ID: workerId,
        CONDITIONAL_ORDER_INTERVAL_MS: String(intervalMs),
      },
      'conditional-order worker ready',
    );
    children.add(child);
    return child;
  }
  async function kill(child: ChildProcess): Promise<void> {
    await stopProcess(child);
    children.delete(child);
  }

  /** A signed-in wallet whose Base vault holds 1 ETH and `link` LINK. */
  async function trader(link: string) {
    const wallet = await fundedWallet(gateway, UNCAPPED);
    const { accountId } = await accountForWallet(gateway.db, 'eip155:8453', wallet.account.address);
    const vault = (await vaultAddressesOf(gateway.db, masterKey, accountId)).evm as Address;
    expect((await gateway.faucet({ address: vault, chain: 'base', token: 'ETH', amount: '1' })).status).toBe(200);
    if (link !== '0')
      expect((await gateway.faucet({ address: vault, chain: 'base', token: 'LINK', amount: link })).status).toBe(200);
    return { ...wallet, accountId, vault };
  }
  const tokens = async () => {
    const market = await gateway.sandbox.evm(8453);
    return { usdc: market.token('USDC')?.address as Address, link: market.token('LINK')?.address as Address };
  };
  /** The order's history events, oldest first. */
  const historyOf = async (accountId: string, orderId: string) =>
    (await positionsOf(gateway.db, accountId))
      .flatMap((position) => position.history)
      .filter((event) => event.orderId === orderId)
      .map((event) => event.event);
  const balance = (token: Address, owner: Address) =>
    chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const nonces = async (vault: Address) => ({
    mined: await chain().getTransactionCount({ address: vault, blockTag: 'latest' }),
    pending: await chain().getTransactionCount({ address: vault, blockTag: 'pending' }),
  });

  it.runIf(existsSync(WORKER_MAIN))(
    'killed after the claim, before the swap was signed: the restarted worker releases the claim and swaps exactly once',
    { timeout: 60_000 },
    async () => {
      const { usdc, link } = await tokens();
      await setPrice('LINK', '15');
      const alice = await trader('20');
      const placed = await json(
        await alice.call('createBaseConditionalExit', {
          assetToSell: link,
          receiveToken: usdc,
          sellQuantity: 5,
          exitType: 'STOP_MARKET',
          triggerPriceUsd: '12',
          triggerDirection: 'BELOW',
        }),
      );
      expect(placed.status).toBe(200);
      const orderId = placed.body.position.orders[0].orderId as string;
      await setPrice('LINK', '11');
      const before = await nonces(alice.vault);

      await holdBlocks();
      const first = await startWorkerProcess('crash-claimed');
      // The worker claims, signs the vault's approval of the router and broadcasts it; the swap waits for it to be mined.
      await until(
        async () =>
          (await orderById(gateway.db, orderId))?.status === 'EXECUTING' &&
          (await nonces(alice.vault)).pending === before.mined + 1,
        20_000,
      );
      await kill(first);
      const claimed = await orderById(gateway.db, orderId);
      expect(claimed).toMatchObject({ status: 'EXECUTING', claimedBy: 'worker:crash-claimed', txHash: null });
      await mineAgain();
      expect(await balance(link, alice.vault)).toBe(20n * 10n ** 18n);

      const restarted = await startWorkerProcess('crash-claimed');
      await until(async () => (await orderById(gateway.db, orderId))?.status === 'EXECUTED', 20_000);
      await kill(restarted);
      const executed = await orderById(gateway.db, orderId);
      expect(await chain().getTransactionReceipt({ hash: executed?.txHash as Hash })).toMatchObject({
        status: 'success',
      });
      // Exactly one sale of 5 LINK: the approval the dead worker sent, then one swap.
      expect(await balance(link, alice.vault)).toBe(15n * 10n ** 18n);
      expect(Number(await balance(usdc, alice.vault)) / 1e6).toBeCloseTo(Number(executed?.boughtQuantity), 6);
      expect((await nonces(alice.vault)).mined - before.mined).toBe(2);
      const events = await historyOf(alice.accountId, orderId);
      expect(events.filter((event) => event === 'claimed')).toHaveLength(2);
      expect(events.filter((event) => event === 'released')).toHaveLength(1);
      expect(events.filter((event) => event === 'executed')).toHaveLength(1);
    },
  );

  it.runIf(existsSync(WORKER_MAIN))(
    'killed after broadcasting the swap, before recording it: the restarted worker reconciles it from the chain and never swaps again',
    { timeout: 60_000 },
    async () => {
      const { usdc } = await tokens();
      await setPrice('ETH', '3500');
      const bob = await trader('0');
      // Selling the native coin needs no approval: the first transaction the worker signs is the swap.
      const placed = await json(
        await bob.call('createBaseConditionalExit', {
          assetToSell: ETH_NATIVE,
          receiveToken: usdc,
          sellQuantity: 0.1,
          exitType: 'STOP_MARKET',
          triggerPriceUsd: '3000',
          triggerDirection: 'BELOW',
        }),
      );
      expect(placed.status).toBe(200);
      const orderId = placed.body.position.orders[0].orderId as string;
      await setPrice('ETH', '2900');
      const before = await nonces(bob.vault);

      await holdBlocks();
      const first = await startWorkerProcess('crash-broadcast');
      // The swap's hash is recorded before broadcast; it is in the node's pool, not mined.
      await until(async () => {
        const hash = (await orderById(gateway.db, orderId))?.txHash;
        return (
          hash !== null &&
          hash !== undefined &&
          (await chain()
            .getTransaction({ hash: hash as Hash })
            .catch(() => undefined)) !== undefined
        );
      }, 20_000);
      await kill(first);
      const signed = await orderById(gateway.db, orderId);
      expect(signed).toMatchObject({ status: 'EXECUTING', claimedBy: 'worker:crash-broadcast' });
      expect((await chain().getTransaction({ hash: signed?.txHash as Hash })).blockNumber).toBeNull();

      // The restarted worker takes the claim over and finds the transaction still pending: it waits for it instead of
      // releasing the order (a retry would swap a second time); then the chain mines it.
      const restarted = await startWorkerProcess('crash-broadcast');
      await until(async () => (await historyOf(bob.accountId, orderId)).includes('reconciling'), 20_000);
      await mineAgain();
      await until(async () => (await orderById(gateway.db, orderId))?.status === 'EXECUTED', 20_000);
      await kill(restarted);
      const executed = await orderById(gateway.db, orderId);
      expect(executed?.txHash).toBe(signed?.txHash);
      expect(await chain().getTransactionReceipt({ hash: executed?.txHash as Hash })).toMatchObject({
        status: 'success',
      });
      expect(executed?.soldQuantity).toBe('0.1');
      expect(Number(await balance(usdc, bob.vault)) / 1e6).toBeCloseTo(Number(executed?.boughtQuantity), 6);
      // One transaction from the vault: the swap the dead worker broadcast.
      expect((await nonces(bob.vault)).mined - before.mined).toBe(1);
      const events = await historyOf(bob.accountId, orderId);
      expect(events).not.toContain('released');
      expect(events.filter((event) => event === 'executed')).toHaveLength(1);
    },
  );

  it.runIf(existsSync(WORKER_MAIN))(
    'a worker polling every 10 minutes follows new orders at once: PostgreSQL announces them (LISTEN/NOTIFY)',
    { timeout: 60_000 },
    async () => {
      const { usdc, link } = await tokens();
      await setPrice('LINK', '15');
      const carol = await trader('10');
      const place = async () => {
        const placed = await json(
          await carol.call('createBaseConditionalExit', {
            assetToSell: link,
            receiveToken: usdc,
            sellQuantity: 2,
            exitType: 'STOP_MARKET',
            triggerPriceUsd: '16',
            triggerDirection: 'BELOW',
          }),
        );
        expect(placed.status).toBe(200);
        return placed.body.position.orders[0].orderId as string;
      };
      const worker = await startWorkerProcess('notified', 600_000);
      // The first order is run by the worker's first pass (it starts as soon as the worker listens) ...
      const first = await place();
      await until(async () => (await orderById(gateway.db, first))?.status === 'EXECUTED', 20_000);
      // ... the second only because its insert was announced: the next poll is ten minutes away.
      const second = await place();
      await until(async () => (await orderById(gateway.db, second))?.status === 'EXECUTED', 10_000);
      await kill(worker);
      expect(await balance(link, carol.vault)).toBe(6n * 10n ** 18n);
    },
  );
});
