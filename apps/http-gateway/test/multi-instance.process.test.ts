// Two gateway processes and the standalone worker on one PostgreSQL schema and one Redis, as behind a load balancer:
// gateway A runs the sandbox chains, gateway B and the worker reach A's Base (SANDBOX_EVM_RPC_URLS). What one
// instance did, the other must know.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey, vaultAddressesOf } from '@svc/chains';
import { connectSandboxEvmChain, openSandboxEvmMarket, type SandboxEvmChain } from '@svc/sandbox';
import { accountForWallet, type Db, openStore, orderById, positionsOf } from '@svc/store';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import {
  createSIWxMessage,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import { type Address, erc20Abi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@svc/worker/testing';
import type { Sandbox } from '../src/sandbox.js';
import { freePort, fundedWallet, type SandboxGateway, UNCAPPED } from './harness.js';
import { GATEWAY_MAIN, type RunningProcess, schemaUrl, startProcess, stopProcess, WORKER_MAIN } from './processes.js';
import { requiredService } from './services.js';

const DATABASE_URL = requiredService('DATABASE_URL', 'the multi-instance test');
const REDIS_URL = requiredService('REDIS_URL', 'the multi-instance test');
const TOOL = 'hederaContractIdToEvmAddress';
/** Unpaid requests a minute per client: more than this file makes from 127.0.0.1 outside the rate-limit check. */
const UNPAID_PER_MINUTE = 30;

describe.skipIf(!DATABASE_URL || !REDIS_URL)('two gateways and the standalone worker on one database', () => {
  const schema = `test_multi_${randomBytes(6).toString('hex')}`;
  const masterKeyText = newMasterKeyText();
  const masterKey = new LocalMasterKeyRing(parseMasterKey(masterKeyText));
  const dataDirs: string[] = [];
  const processes: RunningProcess[] = [];
  const state = {} as { db: Db; a: SandboxGateway; b: SandboxGateway; base: SandboxEvmChain };

  /** One gateway process on the shared schema and Redis; its address is its own, its public origin the shared one. */
  async function startGateway(port: number, publicBaseUrl: string, env: Record<string, string> = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-multi-'));
    dataDirs.push(dataDir);
    const gateway = await startProcess(
      GATEWAY_MAIN,
      {
        SVC_MODE: 'sandbox',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_BASE_URL: publicBaseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: schemaUrl(DATABASE_URL as string, schema),
        SVC_MASTER_KEY: masterKeyText,
        REDIS_URL: REDIS_URL as string,
        REDIS_KEY_PREFIX: `${schema}:`,
        RATE_LIMIT_UNPAID_PER_MINUTE: String(UNPAID_PER_MINUTE),
        TRUST_PROXY: '127.0.0.1',
        ...env,
      },
      'ready: ',
    );
    processes.push(gateway);
    return gateway;
  }

  /** A running gateway as the harness's helpers (fundedWallet) use one. */
  const remote = (url: string): SandboxGateway => {
    const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    return {
      url,
      db: state.db,
      sandbox: { base: state.base } as Sandbox,
      app: undefined as never,
      call: (tool, body, headers) => postJson(`/api/tools/execute/unified/${tool}`, body, headers),
      faucet: (body) => postJson('/api/sandbox/faucet', body),
    };
  };
  const setPrice = async (token: string, priceUsd: string) =>
    expect(
      (
        await fetch(`${state.a.url}/api/sandbox/prices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chain: 'base', token, priceUsd }),
        })
      ).status,
    ).toBe(200);

  beforeAll(async () => {
    // The schema and its tables, made before any process opens it.
    state.db = await openStore({ databaseUrl: DATABASE_URL as string, schema });
    const [portA, portB] = [await freePort(), await freePort()];
    // Both answer for one origin, as instances behind a load balancer do (402 resources and sign-in name it).
    const origin = `http://127.0.0.1:${portA}`;
    const a = await startGateway(portA, origin);
    const baseRpc = a.logLine('ready: ')?.sandboxBaseRpc as string;
    expect(baseRpc).toMatch(/^http:\/\//);
    state.base = await connectSandboxEvmChain({ chainId: 8453, rpcUrl: baseRpc });
    state.a = remote(origin);
    // The market is seeded once, by A, before anyone else opens it.
    await setPrice('LINK', '15');
    const shared = { SANDBOX_EVM_RPC_URLS: `8453=${baseRpc}` };
    const [, worker] = await Promise.all([
      startGateway(portB, origin, shared),
      startProcess(
        WORKER_MAIN,
        {
          SVC_MODE: 'sandbox',
          DATABASE_URL: schemaUrl(DATABASE_URL as string, schema),
          SVC_MASTER_KEY: masterKeyText,
          CONDITIONAL_ORDER_INTERVAL_MS: '100',
          ...shared,
        },
        'conditional-order worker ready',
      ),
    ]);
    processes.push(worker);
    state.b = remote(`http://127.0.0.1:${portB}`);
  }, 60_000);

  afterAll(async () => {
    // SIGTERM: gateway A stops its anvil on the way out.
    await Promise.all(processes.map(({ child }) => stopProcess(child, 'SIGTERM')));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (state.db) {
      await state.db.query(`DROP SCHEMA ${schema} CASCADE`);
      await state.db.close();
    }
  }, 30_000);

  /** A payer holding 1 sandbox USDC and its x402 client. */
  async function payer() {
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await state.a.faucet({ address: account.address, token: 'BASE_USDC', amount: '1' })).status).toBe(200);
    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(account, state.base.publicClient)),
    );
    return { account, client };
  }
  /** A payment for TOOL signed from gateway A's 402. */
  async function payment(client: x402Client, body: unknown): Promise<string> {
    const challenge = await state.a.call(TOOL, body);
    expect(challenge.status).toBe(402);
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
    return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
  }

  it('a payment claimed on one gateway is refused on the other', async () => {
    const { account, client } = await payer();
    const body = { contractId: '0.0.101' };
    const paid = await payment(client, body);
    // B settles on A's Base, with settlers of its own.
    expect((await state.b.call(TOOL, body, { 'payment-signature': paid })).status).toBe(200);
    const usdc = {
      address: state.base.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account.address],
    } as const;
    const spent = await state.base.publicClient.readContract(usdc);
    expect(spent).toBeLessThan(1_000_000n);
    const again = await state.a.call(TOOL, body, { 'payment-signature': paid });
    expect(again.status).toBe(402);
    expect(decodePaymentRequiredHeader(again.headers.get('payment-required')!).error).toMatch(/already_used/);
    expect(await state.base.publicClient.readContract(usdc)).toBe(spent);
  });

  it('an idempotent retry sent to the other gateway replays the answer', async () => {
    const { client } = await payer();
    const body = { contractId: '0.0.102' };
    const headers = { 'payment-signature': await payment(client, body), 'idempotency-key': 'multi-instance-retry' };
    const first = await state.a.call(TOOL, body, headers);
    expect(first.status).toBe(200);
    const retry = await state.b.call(TOOL, body, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
    expect(await retry.json()).toEqual(await first.json());
  });

  it('a sign-in nonce is single-use across both gateways', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const challenged = await state.a.call('getUserMemoryCategories', {});
    expect(challenged.status).toBe(402);
    const required = decodePaymentRequiredHeader(challenged.headers.get('payment-required')!);
    const { info } = required.extensions?.[SIGN_IN_WITH_X] as SIWxExtension;
    const complete = { ...info, chainId: 'eip155:8453', type: 'eip191' as const };
    const signature = await account.signMessage({ message: createSIWxMessage(complete, account.address) });
    const proof = encodeSIWxHeader({ ...complete, address: account.address, signature });
    // Signed in on A (the call still asks for payment); the same proof on B is a replay.
    const signedIn = await state.a.call('getUserMemoryCategories', {}, { 'sign-in-with-x': proof });
    expect(signedIn.status).toBe(402);
    const replayed = await state.b.call('getUserMemoryCategories', {}, { 'sign-in-with-x': proof });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ code: 'identity_invalid', reason: 'replayed' });
  });

  it('rate limits are counted once across both gateways', async () => {
    // A client address of its own, forwarded by the trusted proxy (127.0.0.1) as a load balancer would.
    const headers = { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
    const discover = (gateway: SandboxGateway) => fetch(`${gateway.url}/api/tools/discover`, { headers });
    for (let i = 0; i < UNPAID_PER_MINUTE; i++) expect((await discover(i % 2 ? state.b : state.a)).status).toBe(200);
    for (const gateway of [state.a, state.b]) {
      const refused = await discover(gateway);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it(
    'an order crossed while both embedded workers and the standalone worker run executes exactly once',
    { timeout: 40_000 },
    async () => {
      const market = await openSandboxEvmMarket(state.base);
      const usdc = market.token('USDC')?.address as Address;
      const link = market.token('LINK')?.address as Address;
      const trader = await fundedWallet(state.a, UNCAPPED);
      const { accountId } = await accountForWallet(state.db, 'eip155:8453', trader.account.address);
      const vault = (await vaultAddressesOf(state.db, masterKey, accountId)).evm as Address;
      expect((await state.a.faucet({ address: vault, chain: 'base', token: 'ETH', amount: '1' })).status).toBe(200);
      expect((await state.a.faucet({ address: vault, chain: 'base', token: 'LINK', amount: '20' })).status).toBe(200);
      const placed = await trader.call('createBaseConditionalExit', {
        assetToSell: link,
        receiveToken: usdc,
        sellQuantity: 5,
        exitType: 'STOP_MARKET',
        triggerPriceUsd: '12',
        triggerDirection: 'BELOW',
      });
      expect(placed.status).toBe(200);
      const orderId = ((await placed.json()) as any).position.orders[0].orderId as string;
      const before = await state.base.publicClient.getTransactionCount({ address: vault });

      await setPrice('LINK', '11');
      await until(async () => (await orderById(state.db, orderId))?.status === 'EXECUTED', 30_000);
      const balance = (token: Address) =>
        state.base.publicClient.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [vault],
        });
      expect(await balance(link)).toBe(15n * 10n ** 18n);
      // One approval and one swap from the vault, whoever of the three claimed it.
      expect((await state.base.publicClient.getTransactionCount({ address: vault })) - before).toBe(2);
      const events = (await positionsOf(state.db, accountId))
        .flatMap((position) => position.history)
        .filter((event) => event.orderId === orderId)
        .map((event) => event.event);
      expect(events.filter((event) => event === 'claimed')).toHaveLength(1);
      expect(events.filter((event) => event === 'executed')).toHaveLength(1);
      expect(Number(await balance(usdc))).toBeGreaterThan(0);
    },
  );
});
