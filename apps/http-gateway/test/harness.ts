import { createServer } from 'node:net';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { x402Client } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment } from '@x402/fetch';
import { type Address, erc20Abi } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { usdToCredit } from '@svc/payments';
import { accountForWallet, type Db, saveSpendingPolicy, type SpendingPolicy } from '@svc/store';
import { type TestBackend, testBackends } from '@svc/store/testing';
import type { HandlerTable } from '@svc/tools';
import { handlers } from '@svc/tools/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AppDependencies, buildApp } from '../src/app.js';
import { loadConfig } from '@svc/config';
import { type Sandbox, startSandbox } from '../src/sandbox.js';
import { checkedAnswer, expectPublishedOutput } from './published-output.js';

export const BASE_URL = 'http://127.0.0.1:8402';

/**
 * Rate limits off: every test calls from 127.0.0.1, and the fuzz runs make thousands of calls a minute. The
 * rate-limit tests set their own.
 */
const NO_RATE_LIMITS = { RATE_LIMIT_UNPAID_PER_MINUTE: '0', RATE_LIMIT_ACCOUNT_PER_MINUTE: '0' };

/** Every setting live mode requires but the master key (tests add SVC_MASTER_KEY, or test its absence). */
export const LIVE_SETTINGS = {
  SVC_MODE: 'live',
  PAY_TO_EVM: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  PAY_TO_SOLANA: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  PAY_TO_STACKS: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
  PUBLIC_BASE_URL: 'https://svc.example',
  FACILITATOR_URL: 'https://facilitator.example',
};

export interface Harness {
  readonly app: FastifyInstance;
  readonly db: Db;
}

/**
 * Every family's handlers but `tool`'s: a gateway built with it (`deps.handlers`) has a catalog tool without a handler,
 * to exercise the pipeline's 501 not_implemented path now that every catalog tool has one.
 */
export function withoutHandler(tool: keyof HandlerTable): HandlerTable {
  if (!handlers[tool]) throw new Error(`${tool} has no handler to leave out`);
  const { [tool]: _left, ...rest } = handlers;
  return rest;
}

/**
 * Start the real gateway (fastify.inject) on a fresh database of the given backend, for one test file.
 * `deps.handlers` replaces the tool handlers (see `withoutHandler`).
 */
export function useGateway(
  backend: TestBackend,
  env: Record<string, string> = {},
  deps: Pick<AppDependencies, 'handlers'> = {},
): Harness {
  const harness = {} as { app: FastifyInstance; db: Db };
  beforeAll(async () => {
    harness.db = await backend.open();
    harness.app = await buildApp(
      loadConfig({ SVC_MODE: 'sandbox', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: BASE_URL, ...NO_RATE_LIMITS, ...env }),
      { ...deps, db: harness.db },
    );
    await harness.app.ready();
  });
  afterAll(async () => {
    await harness.app?.close();
    await harness.db?.close();
  });
  return harness;
}

const allBackends = testBackends();
/** PGlite, the embedded database every gateway test file runs on. */
export const pglite = allBackends.find((backend) => backend.name === 'pglite')!;

/**
 * The gateway test files that also run on PostgreSQL when DATABASE_URL is set: the paid flows and the crash and
 * concurrency tests whose correctness rests on the database's transactions and locks. Every other gateway file runs
 * on PGlite only; the store's own tests (packages/store) run every query on both databases.
 */
const ON_BOTH_DATABASES = new Set([
  'a2a-approval',
  'conditional-orders-crash',
  'mcp-credit',
  'oauth-tokens',
  'paid',
  'refund',
  'refused-settlement',
  'settlement-crash',
]);

/** The databases the test file at `testFileUrl` (its `import.meta.url`) runs on: see ON_BOTH_DATABASES. */
export function backendsFor(testFileUrl: string): TestBackend[] {
  const name = basename(fileURLToPath(testFileUrl)).split('.')[0]!;
  return ON_BOTH_DATABASES.has(name) ? allBackends : [pglite];
}

/** The response's JSON body, once its status is `status` (a different status fails showing the body). */
export async function json(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text);
}

/** The sandbox Base USDC (the payment token) held by `address`, atomic units. */
export const usdcOf = (sandbox: Sandbox, address: Address) =>
  sandbox.base.publicClient.readContract({
    address: sandbox.base.usdc,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });

/** POST a tool call through inject; a 200 is checked against the tool's published response schema. */
export async function post(app: FastifyInstance, tool: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/tools/execute/unified/${tool}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expectPublishedOutput(tool, response.statusCode, response.body);
  return response;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let startedSandbox: Promise<Sandbox> | undefined;

/** The market simulator is off in tests (and in every benchmark but its own): a test steps it by hand. */
const NO_MARKET_SIMULATOR = { marketSimulatorRate: 0 };

/**
 * This vitest worker's sandbox chains and facilitator, started on first use and shared by every test file the worker
 * runs (the sandbox tier runs files without module isolation); they stop when the worker exits, anvil with it. Tests
 * on a shared sandbox pay from fresh wallets and measure balance changes, never absolute balances of shared addresses
 * such as the payee, and restore any chain-wide setting they change (automine).
 */
export function workerSandbox(): Promise<Sandbox> {
  startedSandbox ??= startSandbox(NO_MARKET_SIMULATOR);
  return startedSandbox;
}

export interface SandboxGateway extends Harness {
  readonly sandbox: Sandbox;
  /** http://127.0.0.1:<port>: the gateway's public base URL (what SIWX proofs must name). */
  readonly url: string;
  /** POST a tool call with a JSON body. */
  call(tool: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** POST /api/sandbox/faucet. */
  faucet(body: unknown): Promise<Response>;
}

/**
 * The real gateway listening on 127.0.0.1 on a fresh database, with the worker's sandbox chains and in-process
 * facilitator (`workerSandbox`), for one test file.
 * `deps.oracle` lets a test move prices; `deps.ownSandbox` starts sandbox chains of the file's own (stopped after it),
 * for tests that change every chain (a sandbox reset) and would disturb the other files sharing the worker's.
 * `deps.handlers` replaces the tool handlers of this file's gateway only (see `withoutHandler`): the shared sandbox
 * holds chains and the facilitator, never the handler table.
 */
export function useSandboxGateway(
  backend: TestBackend,
  env: Record<string, string> = {},
  deps: Pick<AppDependencies, 'oracle' | 'masterKey' | 'logStream' | 'handlers'> & { ownSandbox?: boolean } = {},
): SandboxGateway {
  const { ownSandbox, ...appDeps } = deps;
  const state = {} as { app: FastifyInstance; db: Db; sandbox: Sandbox; url: string };
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${state.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  beforeAll(async () => {
    state.sandbox = await (ownSandbox ? startSandbox(NO_MARKET_SIMULATOR) : workerSandbox());
    state.db = await backend.open();
    const port = await freePort();
    state.app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', PORT: String(port), ...NO_RATE_LIMITS, ...env }), {
      ...appDeps,
      db: state.db,
      sandbox: state.sandbox,
    });
    await state.app.listen({ host: '127.0.0.1', port });
    state.url = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await state.app?.close();
    await state.db?.close();
    if (ownSandbox) await state.sandbox?.stop();
  });
  return {
    get app() {
      return state.app;
    },
    get db() {
      return state.db;
    },
    get sandbox() {
      return state.sandbox;
    },
    get url() {
      return state.url;
    },
    call: async (tool, body, headers) =>
      checkedAnswer(tool, await postJson(`/api/tools/execute/unified/${tool}`, body, headers)),
    faucet: (body) => postJson('/api/sandbox/faucet', body),
  };
}

/**
 * Steps the sandbox market simulator `steps` trades by hand (POST /api/sandbox/market/simulator) and answers the
 * trades it executed, typed by the caller as the fields it reads.
 */
export async function stepMarketSimulator<Trade>(gateway: Harness, steps: number): Promise<Trade[]> {
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/sandbox/market/simulator',
    payload: { action: 'step', steps },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ executed: Trade[] }>().executed;
}

/**
 * The spending policy of a test about what tools do rather than about the policy (policy.test.ts): caps no test
 * reaches, and unpriced moves (Bitcoin assets, NFTs) allowed.
 */
export const UNCAPPED: SpendingPolicy = {
  perCallUsd: usdToCredit('1000000'),
  dailyUsd: usdToCredit('1000000'),
  allowedRecipients: null,
  allowedTools: null,
  allowUnpricedMoves: true,
};

/**
 * A new wallet holding 1 sandbox USDC, and `call(tool, body)` through the official client composition: the payment
 * wrapper outside, the sign-in wrapper inside (every call signs in as the wallet and pays). With `policy`, its
 * account holds that spending policy from the start (otherwise the defaults). `account` funds a given wallet instead.
 */
export async function fundedWallet(
  gateway: SandboxGateway,
  policy?: SpendingPolicy,
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<{
  account: PrivateKeyAccount;
  client: x402Client;
  call: (tool: string, body: unknown) => Promise<Response>;
}> {
  expect((await gateway.faucet({ address: account.address, token: 'BASE_USDC', amount: '1' })).status).toBe(200);
  if (policy)
    await saveSpendingPolicy(
      gateway.db,
      (await accountForWallet(gateway.db, 'eip155:8453', account.address)).accountId,
      policy,
    );
  const client = new x402Client().register(
    'eip155:*',
    new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
  );
  const signedInPaidFetch = wrapFetchWithPayment(wrapFetchWithSIWx(fetch, account), client);
  const call = async (tool: string, body: unknown) =>
    checkedAnswer(
      tool,
      await signedInPaidFetch(`${gateway.url}/api/tools/execute/unified/${tool}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  return { account, client, call };
}
